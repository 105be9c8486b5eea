import type { RecordedRequest } from '../model-api/index.js';
import { IdPlaceholders, learnIds, replaceIds } from '../protocol/ids.js';
import { isRecord } from '../util/json.js';
import { normalizeSandboxPaths } from '../util/sandbox-paths.js';

/**
 * The model side of a fidelity check (fake vs real, one version): the Messages API requests a run
 * made, in order, with what legitimately differs between two runs replaced by stable placeholders —
 * ids (tool_use ids, session ids, through `src/protocol/ids.ts`), the sandbox folder, the billing
 * header's per-request hashes, the device id of the run's fresh config, the loopback port, the
 * date, how long a subagent ran. Everything else — the request kinds and paths, the model, the
 * parameters, the system blocks, the tools offered, every message and reminder, where cache control
 * sits — must be equal.
 */

export interface NormalizedModelRequest {
  kind: string;
  method: string;
  path: string;
  body?: unknown;
}

const BILLING = /^(x-anthropic-billing-header: cc_version=[\d.]+\.)[0-9a-f]+/;
const BILLING_CCH = /(cch=)[0-9a-f]+/;
const DEVICE_ID = /("device_id":")[0-9a-f]{64}"/g;
const LOOPBACK = /127\.0\.0\.1:\d+/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** A subagent's id (`a` and 16 hex digits), random per run. */
const AGENT_ID = /\ba[0-9a-f]{16}\b/g;
/** How long a subagent ran, as the Agent tool's result reports it to the model. */
const AGENT_DURATION = /(\bduration_ms: )\d+/g;
/** A plan file's name: the CLI picks random words, the fake its own. */
const PLAN_FILE = /(\/plans\/)[\w.-]+\.md\b/g;
const MONTH_YEAR =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g;

function scrub(value: unknown): unknown {
  if (typeof value === 'string')
    return normalizeSandboxPaths(value)
      .replace(BILLING, '$1<hex>')
      .replace(BILLING_CCH, '$1<hex>')
      .replace(DEVICE_ID, '$1<device-id>"')
      .replace(LOOPBACK, '127.0.0.1:PORT')
      .replace(DATE, '<date>')
      .replace(PLAN_FILE, '$1<plan>.md')
      .replace(AGENT_ID, '<agent-id>')
      .replace(AGENT_DURATION, '$1<ms>')
      .replace(MONTH_YEAR, '<month>');
  if (Array.isArray(value)) return value.map(scrub);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
  return value;
}

/**
 * Token counts the CLI asks together (get_context_usage's, one per part of the context) arrive
 * in no fixed order: each run of consecutive `count_tokens` requests is sorted by its content.
 */
function sortCountRuns(requests: NormalizedModelRequest[]): NormalizedModelRequest[] {
  const out: NormalizedModelRequest[] = [];
  let run: NormalizedModelRequest[] = [];
  const flush = () => {
    out.push(...run.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)));
    run = [];
  };
  for (const request of requests) {
    if (request.kind === 'count_tokens') run.push(request);
    else {
      flush();
      out.push(request);
    }
  }
  flush();
  return out;
}

/** The requests of one run, normalised for comparison with another run's. */
export function normalizeModelRequests(requests: readonly RecordedRequest[]): NormalizedModelRequest[] {
  const ids = new IdPlaceholders();
  const out = requests.map((r) => ({
    kind: r.kind,
    method: r.method,
    path: r.path,
    ...(r.body === undefined ? {} : { body: scrub(r.body) }),
  }));
  for (const r of out) learnIds(r, ids);
  return sortCountRuns(out.map((r) => replaceIds(r, ids) as NormalizedModelRequest));
}

/**
 * The requests of a real run and of the fake's, normalised, as the differential compares them. A
 * CLI that asks the model nothing but its start-up probes (it ends before a turn: a non-JSON first
 * line) may exit before they go out on a loaded machine (2.1.150 does, now and then): where both
 * runs made probes only, none is compared.
 */
export function comparedModelRequests(
  real: readonly RecordedRequest[],
  fake: readonly RecordedRequest[],
): [NormalizedModelRequest[], NormalizedModelRequest[]] {
  const probesOnly = (requests: readonly RecordedRequest[]) => requests.every((r) => r.kind === 'probe');
  if (probesOnly(real) && probesOnly(fake)) return [[], []];
  return [normalizeModelRequests(real), normalizeModelRequests(fake)];
}
