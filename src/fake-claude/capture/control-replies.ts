import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClideError } from '../../errors/index.js';
import {
  afterReinitialize,
  OFFLINE_CONTROL_REQUESTS,
  sendOfflineControlRequests,
} from '../../scenarios/catalogue/control-offline.js';
import { noModel } from '../../scenarios/model.js';
import { runScenario } from '../../scenarios/run-scenario.js';
import type { Scenario } from '../../scenarios/scenario.js';
import { sdkForPin } from '../../sdk-inventory/for-pin.js';
import { loadSdkInventory } from '../../sdk-inventory/inventory.js';
import { isRecord } from '../../util/json.js';
import {
  type CapturedControlReply,
  type ControlRepliesData,
  requestValues,
} from '../scripted/control/captured-types.js';
import { captureFlagSettingRejections } from './flag-settings.js';

type Json = Record<string, unknown>;

/**
 * Captures what a real claude binary answers to every client control request it handles offline
 * (the list of `control/offline-requests`, src/scenarios/catalogue/control-offline.ts), sent in one
 * session after `initialize`: each reply's envelope (success payload, or error text and extra
 * fields) and the messages the request made the CLI emit, before its answer and right after it. Machine-dependent strings become
 * placeholders the fake fills in: the sandbox's folders (`<cwd>`, `<home>`, `<config-dir>`,
 * `<tmpdir>`), and a request's own string values (`{task_id}`, `{serverName}`, …).
 */
export async function captureControlReplies(binary: string): Promise<ControlRepliesData> {
  const replies: CapturedControlReply[] = [];
  const scenario: Scenario = {
    id: 'capture/control-replies',
    requirement: 'capture',
    spec: 'capture',
    tier: 'offline',
    model: noModel,
    async drive(ctx) {
      const root = ctx.cwd.replace(/\/work$/, '');
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      let seen = ctx.session.messages().length;
      await sendOfflineControlRequests(ctx.cwd, async (request) => {
        const response = await ctx.session.request(request);
        await afterReinitialize(request, response, (p) => ctx.session.waitFor(p));
        const all = ctx.session.messages();
        const fresh = all.slice(seen);
        seen = all.length;
        const at = fresh.findIndex(
          (m) =>
            m.type === 'control_response' &&
            isRecord(m.response) &&
            m.response.request_id === response.request_id,
        );
        const notAnswers = (list: Json[]) => list.filter((m) => m.type !== 'control_response');
        const emitted = notAnswers(at === -1 ? fresh : fresh.slice(0, at));
        const emittedAfter = notAnswers(at === -1 ? [] : fresh.slice(at + 1));
        // A second initialize's reply is the first's (the version's initialize data): its subtype tells.
        const { request_id: _id, ...envelope } =
          request.subtype === 'initialize' ? { ...response, response: undefined } : response;
        replies.push({
          request,
          envelope: templated(envelope, root, request) as Json,
          emitted: emitted.map((m) => templated(m, root, request) as Json),
          ...(emittedAfter.length > 0
            ? { emittedAfter: emittedAfter.map((m) => templated(m, root, request) as Json) }
            : {}),
        });
        return response;
      });
    },
  };
  const run = await runScenario(scenario, { binary });
  if (replies.length !== OFFLINE_CONTROL_REQUESTS.length) {
    throw new ClideError('io', `capturing the control replies from ${binary} failed`, {
      where: binary,
      hint: run.findings.map((f) => `${f.code}: ${f.message}`).join('; '),
    });
  }
  return { replies };
}

/** Volatile fields of emitted messages the fake fills in itself. */
const VOLATILE = new Set(['uuid', 'session_id', 'timestamp']);

function templated(value: unknown, root: string, request: Json, key?: string): unknown {
  if (key !== undefined && VOLATILE.has(key) && typeof value === 'string') return `<${key}>`;
  if (typeof value === 'string') {
    let text = value
      .replaceAll(`${root}/home/.claude`, '<config-dir>')
      .replaceAll(`${root}/home`, '<home>')
      .replaceAll(`${root}/work`, '<cwd>')
      .replaceAll(root, '<tmpdir>');
    for (const [name, given] of Object.entries(requestValues(request, 3)))
      text = text.replaceAll(given, `{${name}}`);
    return text;
  }
  if (Array.isArray(value)) return value.map((v) => templated(v, root, request));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templated(v, root, request, k)]));
  return value;
}

/** Where the fake keeps a version's captured control replies. */
export function controlRepliesDataDir(): string {
  return join(process.cwd(), 'src/fake-claude/scripted/control/data');
}

/**
 * Captures and writes `src/fake-claude/scripted/control/data/<version>.json` (the replies, and the
 * kinds of value `apply_flag_settings` refuses per settings key: flag-settings.ts); returns its path.
 */
export async function writeControlReplies(version: string, binary: string): Promise<string> {
  const flagSettingRejections = await captureFlagSettingRejections(
    binary,
    loadSdkInventory(sdkForPin(version)),
  );
  const data: ControlRepliesData = { ...(await captureControlReplies(binary)), flagSettingRejections };
  const dir = controlRepliesDataDir();
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${version}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
