import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { noModel } from '../model.js';
import type { Scenario } from '../scenario.js';

type Json = Record<string, unknown>;

/** The file `read_file` and `seed_read_state` are sent for (written into the sandbox's cwd first). */
export const OFFLINE_CONTROL_FILE = { path: 'hello.txt', contents: 'hello\n' };

const NO_UUID = '00000000-0000-4000-8000-000000000001';

/**
 * The client→CLI control requests the real CLI answers offline without an account, each with a
 * sensible request, in the order one session sends them (`control/offline-requests`). The fake's
 * captured replies (src/fake-claude/capture/control-replies.ts) come from the same list.
 */
export const OFFLINE_CONTROL_REQUESTS: ReadonlyArray<Json & { subtype: string }> = [
  // A second initialize (after the scenario's own).
  { subtype: 'initialize', hooks: {}, sdkMcpServers: [] },
  { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 2048 },
  { subtype: 'set_max_thinking_tokens', max_thinking_tokens: null },
  { subtype: 'rename_session', title: 'Renamed by clide' },
  { subtype: 'get_session_cost' },
  { subtype: 'get_usage', skip_behaviors: true },
  { subtype: 'background_tasks' },
  { subtype: 'stop_task', task_id: 'no-such-task' },
  { subtype: 'get_task_output', task_id: 'no-such-task' },
  { subtype: 'cancel_async_message', message_uuid: NO_UUID },
  { subtype: 'read_file', path: OFFLINE_CONTROL_FILE.path },
  { subtype: 'read_file', path: 'missing.txt' },
  { subtype: 'seed_read_state', path: OFFLINE_CONTROL_FILE.path, mtime: 1 },
  { subtype: 'file_suggestions', query: 'hel' },
  { subtype: 'rewind_files', user_message_id: NO_UUID, dry_run: true },
  { subtype: 'apply_flag_settings', settings: { includeCoAuthoredBy: false } },
  { subtype: 'update_settings', source: 'localSettings', settings: { includeCoAuthoredBy: false } },
  { subtype: 'mcp_set_servers', servers: {} },
  { subtype: 'mcp_reconnect', serverName: 'nosuch' },
  { subtype: 'mcp_toggle', serverName: 'nosuch', enabled: false },
  { subtype: 'mcp_call', tool: 'mcp__nosuch__tool', arguments: {} },
  { subtype: 'mcp_read_resource', serverName: 'nosuch', uri: 'ui://nosuch/view' },
  { subtype: 'mcp_message', server_name: 'nosuch', message: { jsonrpc: '2.0', id: 1, method: 'ping' } },
  { subtype: 'set_mcp_permission_mode_override', serverName: 'nosuch', mode: 'auto' },
  { subtype: 'reload_plugins' },
  { subtype: 'reload_skills' },
  { subtype: 'reload_output_styles' },
  { subtype: 'get_hooks_listing' },
  { subtype: 'list_permission_rules' },
  { subtype: 'register_repo_root', directory: '.' },
  { subtype: 'set_has_subscribers', has_subscribers: false },
  { subtype: 'set_color', color: 'blue' },
  // A CLI→client request on 0.3.336, listed client→CLI by 0.3.150: both pins refuse it.
  { subtype: 'request_user_dialog', dialog_kind: 'clide', payload: {} },
  { subtype: 'mcp_status' },
];

/**
 * After a second `initialize` a version answers as the first, the message it sends a few
 * milliseconds later (2.1.332: `system/background_tasks_changed`), waited for at most `ms` so the
 * next request does not race it.
 */
export async function afterReinitialize(
  request: Json & { subtype: string },
  reply: Json,
  waitFor: (predicate: (msg: Json) => boolean) => Promise<unknown>,
  ms = 2_000,
): Promise<void> {
  if (request.subtype !== 'initialize' || reply.subtype !== 'success') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    waitFor((m) => m.type === 'system' && m.subtype === 'background_tasks_changed').catch(() => {}),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** Writes the file the requests read, then sends every request of the list, in order. */
export async function sendOfflineControlRequests(
  cwd: string,
  request: (request: Json & { subtype: string }) => Promise<Json>,
): Promise<Json[]> {
  writeFileSync(join(cwd, OFFLINE_CONTROL_FILE.path), OFFLINE_CONTROL_FILE.contents);
  const replies: Json[] = [];
  for (const each of OFFLINE_CONTROL_REQUESTS) replies.push(await request(each));
  return replies;
}

/** The offline tier: every control request a client can send and the CLI answers without an account. */
export const controlOfflineScenarios: Scenario[] = [
  {
    id: 'control/offline-requests',
    requirement:
      'every client control request the CLI handles offline is answered (success or its error), none left hanging, in one session',
    spec: '§2 other control_request subtypes',
    tier: 'offline',
    model: noModel,
    // Every subtype of the list, newer versions' ones too: an older version refuses those.
    deliberate: { unsupportedSubtypes: true },
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      const replies = await sendOfflineControlRequests(ctx.cwd, async (r) => {
        const reply = await ctx.session.request(r);
        await afterReinitialize(r, reply, (p) => ctx.session.waitFor(p));
        return reply;
      });
      replies.forEach((res, i) => {
        ctx.check(
          res.subtype === 'success' || res.subtype === 'error',
          'control/response-subtype',
          `${OFFLINE_CONTROL_REQUESTS[i]?.subtype} is answered`,
          { path: ['response', 'subtype'], actual: res.subtype },
        );
      });
    },
  },
];
