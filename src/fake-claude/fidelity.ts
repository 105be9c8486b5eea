import type { Transcript } from '../driver/transcript.js';
import { IdPlaceholders, learnIds, replaceIds } from '../protocol/ids.js';
import { isRecord } from '../util/json.js';
import { normalizeSandboxPaths } from '../util/sandbox-paths.js';

/**
 * Transcript normalisation for fidelity checks (fake vs real, one version): what legitimately
 * differs between two runs of the same scenario is replaced by stable placeholders — ids (through
 * `src/protocol/ids.ts`), timings, costs, timestamps, process ids, the sandbox folder — and the
 * frames are split by direction, so the (timing-dependent) interleaving of client and CLI lines
 * does not count, nor where the client's answers to CLI requests fall among its own lines.
 * Everything else must be equal.
 */

export interface NormalizedTranscript {
  /** What the client sent, in order: its own lines, then its answers to CLI requests. */
  toCli: unknown[];
  /** What the CLI wrote on stdout, in order (a non-JSON line as `{ raw }`). */
  fromCli: unknown[];
  /** The CLI's stderr lines. */
  stderr: string[];
  exitCode: number | null;
}

/** Keys whose numeric values are timings or costs: set to 0. */
export const VOLATILE_NUMBER_KEYS: readonly string[] = [
  'duration_ms',
  'duration_api_ms',
  'ttft_ms',
  'total_cost_usd',
  'costUSD',
  'retry_delay_ms',
  'pid',
  'durationMs',
  // 2.1.332's per-result timings.
  'ttft_stream_ms',
  'time_to_request_ms',
  'first_content_frame_ms',
  // get_usage's session totals.
  'total_duration_ms',
  'total_api_duration_ms',
  // A subagent's run time (the Agent tool's result) and when its task ended (task_updated).
  'totalDurationMs',
  'end_time',
];
/** Keys whose string values are wall-clock times: replaced by a placeholder. */
export const VOLATILE_STRING_KEYS: readonly string[] = ['timestamp'];

/** The scripted Messages API's loopback address (a port per run), where a text names it. */
const LOOPBACK = /127\.0\.0\.1:\d+/g;
/** The durations of get_session_cost's text (`Total duration (wall): 1s`). */
const DURATION_LINE = /(Total duration \((?:API|wall)\):[ \t]+)[^\n]+/g;
/** How long ago get_session_cost's prompt-cache line saw activity or a miss (`last activity 1s ago`, `idle 5m 2s`). */
const CACHE_AGE = /(last activity |idle |\(last )\d+(?:\.\d+)?[dhms](?: \d+[dhms])*/g;
/** A subagent's run time in the usage lines of the Agent tool's result (`duration_ms: 96</usage>`). */
const USAGE_DURATION = /(\nduration_ms: )\d+(<\/usage>)/g;

function scrub(value: unknown): unknown {
  if (typeof value === 'string')
    // Sandbox paths, slugs and pid sockets the one way the kit normalises them (src/util/).
    return normalizeSandboxPaths(value)
      .replace(LOOPBACK, '127.0.0.1:PORT')
      .replace(DURATION_LINE, '$1<duration>')
      .replace(CACHE_AGE, '$1<duration>')
      .replace(USAGE_DURATION, '$1<duration>$2');
  if (Array.isArray(value)) return value.map(scrub);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (VOLATILE_NUMBER_KEYS.includes(key) && typeof child === 'number') out[key] = 0;
      else if (VOLATILE_STRING_KEYS.includes(key) && typeof child === 'string') out[key] = '<time>';
      else out[key] = scrub(child);
    }
    return out;
  }
  return value;
}

/** Normalises one transcript (see the module comment). */
export function normalizeTranscript(
  transcript: Pick<Transcript, 'frames' | 'exitCode'>,
): NormalizedTranscript {
  const fromCli = transcript.frames
    .filter((f) => f.dir === 'from-cli')
    .map((f) => (f.msg !== undefined ? f.msg : { raw: f.raw }));
  // The client's answers to CLI requests come after what the client sent on its own: where an
  // answer falls among the client's own lines depends on when the request arrived (timing).
  const sent = transcript.frames
    .filter((f) => f.dir === 'to-cli')
    .map((f) => (f.msg !== undefined ? f.msg : { raw: f.raw }));
  const isAnswer = (m: unknown) => isRecord(m) && m.type === 'control_response';
  const toCli = [...sent.filter((m) => !isAnswer(m)), ...sent.filter(isAnswer)];
  const stderr = transcript.frames.filter((f) => f.dir === 'stderr').map((f) => f.raw ?? '');
  // Ids are learnt CLI side first, then client side: both orders are deterministic per direction.
  const ids = new IdPlaceholders();
  for (const message of fromCli) learnIds(message, ids);
  for (const message of toCli) learnIds(message, ids);
  for (const line of stderr) learnIds(line, ids);
  const norm = (value: unknown) => scrub(replaceIds(value, ids));
  return {
    toCli: toCli.map(norm),
    fromCli: fromCli.map(norm),
    stderr: stderr.map((line) => norm(line) as string),
    exitCode: transcript.exitCode,
  };
}

/** A documented, accepted difference: the value at `path` of matching messages is not compared. */
export interface AcceptedDifference {
  /** Scenario ids it applies to (all when omitted). */
  scenarios?: string[];
  /** Which stream. */
  stream: 'fromCli' | 'toCli' | 'stderr';
  /** Messages it applies to. */
  where: (message: unknown) => boolean;
  /** JSON path (inside the message) removed from both sides before comparing. */
  path: Array<string | number>;
  /** Why it is accepted (see docs/fake-claude-differences.md). */
  reason: string;
}

function removePath(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 0) return '<ignored>';
  if (Array.isArray(value)) {
    const [head, ...rest] = path;
    if (head === '*') return value.map((v) => removePath(v, rest));
    return value.map((v, i) => (i === head ? removePath(v, rest) : v));
  }
  if (!isRecord(value)) return value;
  const [head, ...rest] = path;
  if (head === undefined || !(String(head) in value)) return value;
  return { ...value, [String(head)]: removePath(value[String(head)], rest) };
}

/** Applies the accepted differences of `scenario` to a normalised transcript. */
export function applyAcceptedDifferences(
  transcript: NormalizedTranscript,
  scenario: string,
  differences: readonly AcceptedDifference[],
): NormalizedTranscript {
  let out = transcript;
  for (const diff of differences) {
    if (diff.scenarios && !diff.scenarios.includes(scenario)) continue;
    if (diff.stream === 'stderr') {
      out = { ...out, stderr: out.stderr.map((line) => (diff.where(line) ? '<ignored>' : line)) };
      continue;
    }
    const stream = out[diff.stream].map((m) => (diff.where(m) ? removePath(m, diff.path) : m));
    out = { ...out, [diff.stream]: stream };
  }
  return out;
}
