import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkFieldsInOrder, get, turn } from '../expect.js';
import { script, text, toolUse } from '../model.js';
import type { Scenario, ScenarioContext } from '../scenario.js';

type Json = Record<string, unknown>;

/**
 * Command hooks (`hooks` of a settings file) and the `system/hook_*` messages the CLI emits while
 * they run: `hook_started`, `hook_progress` (the output so far, while the hook runs) and
 * `hook_response`. SessionStart's are always emitted; every other event's only with
 * `--include-hook-events`. The client's own hook callbacks (initialize.hooks) emit none.
 */

const writeBanana = toolUse('toolu_01HookWrite', 'Write', { file_path: 'banana.txt', content: 'yellow\n' });

/** The project's settings: one command hook per event of a Write turn. */
const COMMAND_HOOKS = {
  SessionStart: [{ hooks: [{ type: 'command', command: 'echo session-start' }] }],
  // Echoes its input: the hook_response shows what a command hook reads on stdin.
  UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'cat' }] }],
  // Writes, then runs past the CLI's first progress tick before it writes again.
  PreToolUse: [
    { matcher: 'Write', hooks: [{ type: 'command', command: 'echo checking; sleep 1.6; echo checked' }] },
  ],
  // A non-blocking failure: exit 1 with a line on stderr.
  PostToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'echo post-failed >&2; exit 1' }] }],
  Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }],
};

async function writeProjectHooks(cwd: string): Promise<void> {
  await mkdir(join(cwd, '.claude'), { recursive: true });
  await writeFile(join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks: COMMAND_HOOKS }));
}

function hookMessages(messages: Json[]): Json[] {
  return messages.filter(
    (m) => m.type === 'system' && typeof m.subtype === 'string' && m.subtype.startsWith('hook_'),
  );
}

/** `[subtype, hook_name]` of each hook message, in order. */
function hookSequence(messages: Json[]): string[][] {
  return hookMessages(messages).map((m) => [String(m.subtype), String(m.hook_name)]);
}

const STARTED_KEYS = ['type', 'subtype', 'hook_id', 'hook_name', 'hook_event', 'uuid', 'session_id'];
const PROGRESS_KEYS = [
  'type',
  'subtype',
  'hook_id',
  'hook_name',
  'hook_event',
  'stdout',
  'stderr',
  'output',
  'uuid',
  'session_id',
];
const RESPONSE_KEYS = [
  'type',
  'subtype',
  'hook_id',
  'hook_name',
  'hook_event',
  'output',
  'stdout',
  'stderr',
  'exit_code',
  'outcome',
  'uuid',
  'session_id',
];

function response(messages: Json[], hookName: string): Json | undefined {
  return hookMessages(messages).find((m) => m.subtype === 'hook_response' && m.hook_name === hookName);
}

function checkSessionStart(ctx: ScenarioContext, messages: Json[]): void {
  const started = hookMessages(messages).find((m) => m.subtype === 'hook_started');
  checkFieldsInOrder(ctx, started, STARTED_KEYS, 'hooks/started-fields', 'hook_started fields, in order');
  const done = response(messages, 'SessionStart:startup');
  checkFieldsInOrder(ctx, done, RESPONSE_KEYS, 'hooks/response-fields', 'hook_response fields, in order');
  ctx.checkEqual(
    [done?.hook_event, done?.stdout, done?.stderr, done?.output, done?.exit_code, done?.outcome],
    ['SessionStart', 'session-start\n', '', 'session-start\n', 0, 'success'],
    'hooks/response',
    "SessionStart's hook_response: event, stdout, stderr, output, exit code, outcome",
  );
  ctx.checkEqual(
    done?.hook_id,
    started?.hook_id,
    'hooks/hook-id',
    'hook_started and hook_response share the hook_id',
  );
  const sessionId = messages.find((m) => m.type === 'system' && m.subtype === 'init')?.session_id;
  ctx.checkEqual(done?.session_id, sessionId, 'hooks/session-id', "the session's id", ['session_id']);
}

export const hookEventScenarios: Scenario[] = [
  {
    id: 'hooks/command-hook-events',
    requirement:
      'with --include-hook-events, every command hook of the settings reports hook_started, hook_progress (the output so far, once a second while it changes) and hook_response (output, exit code, outcome) around its run, in the order the events come; the input is the hook JSON on stdin',
    spec: '§4 system/hook_started, hook_progress, hook_response',
    tier: 'model',
    model: script([writeBanana], [text('Done.')]),
    args: { includeHookEvents: true },
    handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
    async prepare(p) {
      await writeProjectHooks(p.cwd);
    },
    async drive(ctx) {
      await ctx.session.request({ subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
      await turn(ctx, 'Write banana.txt.');
      const msgs = ctx.session.messages();
      ctx.checkEqual(
        hookSequence(msgs),
        [
          ['hook_started', 'SessionStart:startup'],
          ['hook_response', 'SessionStart:startup'],
          ['hook_started', 'UserPromptSubmit'],
          ['hook_response', 'UserPromptSubmit'],
          ['hook_started', 'PreToolUse:Write'],
          ['hook_progress', 'PreToolUse:Write'],
          ['hook_response', 'PreToolUse:Write'],
          ['hook_started', 'PostToolUse:Write'],
          ['hook_response', 'PostToolUse:Write'],
          ['hook_started', 'Stop'],
          ['hook_response', 'Stop'],
        ],
        'hooks/event-messages',
        'the hook messages of one Write turn, in order',
      );
      checkSessionStart(ctx, msgs);
      const progress = hookMessages(msgs).find((m) => m.subtype === 'hook_progress');
      checkFieldsInOrder(
        ctx,
        progress,
        PROGRESS_KEYS,
        'hooks/progress-fields',
        'hook_progress fields, in order',
      );
      ctx.checkEqual(
        [progress?.stdout, progress?.stderr, progress?.output],
        ['checking\n', '', 'checking\n'],
        'hooks/progress',
        'hook_progress carries the output written so far',
      );
      const pre = response(msgs, 'PreToolUse:Write');
      ctx.checkEqual(
        [pre?.stdout, pre?.output, pre?.outcome],
        ['checking\nchecked\n', 'checking\nchecked\n', 'success'],
        'hooks/response',
        "PreToolUse's hook_response has the whole output",
      );
      const post = response(msgs, 'PostToolUse:Write');
      ctx.checkEqual(
        [post?.stdout, post?.stderr, post?.output, post?.exit_code, post?.outcome],
        ['', 'post-failed\n', 'post-failed\n', 1, 'error'],
        'hooks/response-error',
        'a hook that exits 1 reports its stderr, exit code 1 and outcome "error"',
      );
      const prompt = response(msgs, 'UserPromptSubmit');
      let input: unknown;
      try {
        input = JSON.parse(String(prompt?.stdout));
      } catch {
        input = prompt?.stdout;
      }
      checkFieldsInOrder(
        ctx,
        input,
        ['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name', 'prompt'],
        'hooks/input-fields',
        'a command hook reads its input as JSON on stdin (UserPromptSubmit, echoed by cat)',
      );
      ctx.checkEqual(get(input, 'prompt'), 'Write banana.txt.', 'hooks/prompt', 'the prompt in the input');
    },
  },
  {
    id: 'hooks/command-hook-events-default',
    requirement:
      'without --include-hook-events only SessionStart command hooks report hook_started and hook_response; the client’s hook callbacks report none, with or without the flag',
    spec: '§4 system/hook_started, hook_response',
    tier: 'model',
    model: script([writeBanana], [text('Done.')], [text('Done again.')]),
    handlers: {
      hook_callback: () => ({}),
      can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }),
    },
    async prepare(p) {
      await writeProjectHooks(p.cwd);
    },
    async drive(ctx) {
      const events = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'];
      await ctx.session.request({
        subtype: 'initialize',
        hooks: Object.fromEntries(events.map((e) => [e, [{ hookCallbackIds: [`hook_${e}`] }]])),
        sdkMcpServers: [],
      });
      await turn(ctx, 'Write banana.txt.');
      const msgs = ctx.session.messages();
      ctx.checkEqual(
        hookSequence(msgs),
        [
          ['hook_started', 'SessionStart:startup'],
          ['hook_response', 'SessionStart:startup'],
        ],
        'hooks/event-messages',
        'only SessionStart reports its run',
      );
      checkSessionStart(ctx, msgs);
      ctx.checkEqual(
        msgs
          .filter((m) => get(m, 'request', 'subtype') === 'hook_callback')
          .map((m) => get(m, 'request', 'callback_id')),
        events.map((e) => `hook_${e}`),
        'hooks/callbacks',
        'the hook callbacks are called as usual',
      );
    },
  },
];
