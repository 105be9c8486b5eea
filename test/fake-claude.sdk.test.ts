import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  HookCallback,
  Options,
  PermissionResult,
  query,
  SDKMessage,
  SDKUserMessage,
} from '@anthropic-ai/claude-agent-sdk';
import * as sdkOldest from '@anthropic-ai/claude-agent-sdk';
import * as sdkNewest from 'claude-agent-sdk-newest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { packageInfo } from '../src/config/package-info.js';
import { createSandbox, type Sandbox, sandboxEnv } from '../src/driver/index.js';
import { behaviourFor, emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import { spawnFakeClaude } from '../src/fake-claude/in-process.js';
import { startFakeServer } from '../src/fake-claude/server/server.js';
import { type ModelApi, type ModelScript, startModelApi } from '../src/model-api/index.js';
import { script, text, toolUse } from '../src/scenarios/index.js';
import { hasFact } from '../src/scenarios/version-facts.js';

/**
 * Client fidelity: the official Agent SDK drives the fake exactly as it drives the real CLI, for
 * every version the fake emulates, under both ends of the supported SDK range: the oldest (0.3.150)
 * and the newest published (`claude-agent-sdk-newest`, 0.3.337: `--flag=value` on the command line,
 * MCP servers sent in `initialize` with `--await-initialize`). Every test body runs against the real
 * CLI of that version and the fake emulating it (`pathToClaudeCodeExecutable`, CLIDE_FAKE_VERSION),
 * with the same scripted Messages API, and must pass identically; where the versions or the SDKs
 * behave differently the expectation says so. On the pinned version, under the oldest SDK the fake
 * runs in its two scripted variants: model turns from the Messages API (ANTHROPIC_BASE_URL), as the
 * executable and in the test's own process (`spawnClaudeCodeProcess`, the same engine), and from
 * the model script file (CLIDE_FAKE_SCENARIO), in-process and as the executable handing its session
 * to a warm fake server (CLIDE_FAKE_SERVER); under the newest, as the executable (Messages API) and
 * in-process (model script file): the transports do not depend on the SDK, nor on the version's
 * data, so on the other versions the executable alone stands beside the real CLI.
 */

/** One Agent SDK module (the newest is typed as the oldest: the tests use what both declare). */
type AgentSdk = typeof sdkOldest;
const SDKS: Array<{ sdkVersion: string; sdk: AgentSdk; newest: boolean }> = [
  { sdkVersion: '0.3.150', sdk: sdkOldest, newest: false },
  { sdkVersion: '0.3.337', sdk: sdkNewest as unknown as AgentSdk, newest: true },
];

const FAKE = resolve('bin/fake-claude');
const CALC_SERVER = resolve('test/support/calc-mcp-server.mjs');
type Side = {
  sdkVersion: string;
  sdk: AgentSdk;
  /** The newest SDK (MCP servers in `initialize`, `--flag=value`). */
  newestSdk: boolean;
  name: string;
  version: string;
  binary: () => string;
  fake: boolean;
  scenarioFile: boolean;
  /** The fake inside the test's process (`spawnClaudeCodeProcess`), not the executable. */
  inProcess?: boolean;
  /** The executable, handing its session to this file's fake server (`CLIDE_FAKE_SERVER`). */
  served?: boolean;
};
const SIDES_OF_VERSION = (version: string): Array<Omit<Side, 'sdkVersion' | 'sdk' | 'newestSdk'>> => [
  {
    name: `real claude ${version}`,
    version,
    binary: () => inject('claudeBinaries')[version]!,
    fake: false,
    scenarioFile: false,
  },
  ...[false, true].map((inProcess) => ({
    name: `fake-claude ${version}${inProcess ? ' in-process' : ''} (Messages API)`,
    version,
    binary: () => FAKE,
    fake: true,
    scenarioFile: false,
    inProcess,
  })),
  // The model script file in-process; the executable reads it as the in-process engine does (one
  // code path, src/fake-claude/run.ts), and the served sides below run it from the executable.
  {
    name: `fake-claude ${version} in-process (scenario file)`,
    version,
    binary: () => FAKE,
    fake: true,
    scenarioFile: true,
    inProcess: true,
  },
  {
    name: `fake-claude ${version} via a fake server (scenario file)`,
    version,
    binary: () => FAKE,
    fake: true,
    scenarioFile: true,
    served: true,
  },
  {
    name: `fake-claude ${version} via a fake server, from its native client (scenario file)`,
    version,
    binary: () => {
      if (!server.nativeClient.ok) throw new Error(`no native client: ${server.nativeClient.problem}`);
      return server.executable;
    },
    fake: true,
    scenarioFile: true,
    served: true,
  },
];
/** The version whose sessions go through every way into the fake (below). */
const PINNED = packageInfo().pinned;
const SIDES: Side[] = SDKS.flatMap(({ sdkVersion, sdk, newest }) =>
  emulatedVersions().flatMap((version) =>
    SIDES_OF_VERSION(version)
      // The newest SDK: the real CLI, the executable (Messages API) and in-process (model script).
      .filter((side) => !newest || !side.fake || (!side.served && side.inProcess === side.scenarioFile))
      // The ways in other than the executable run the same engine on the same data whatever the
      // version: on the pinned version only; the others compare the executable with the real CLI.
      .filter((side) => version === PINNED || !side.fake || (!side.served && !side.inProcess))
      .map((side) => ({ ...side, sdkVersion, sdk, newestSdk: newest })),
  ),
);

// The served side's sessions: each one must have reached the server (none run locally for want of it).
const server = await startFakeServer();
let servedRuns = 0;
afterAll(async () => {
  await server.close();
  expect(server.refusals()).toEqual([]);
  expect(server.sessionsServed()).toBeGreaterThanOrEqual(servedRuns);
  expect(servedRuns).toBeGreaterThan(0);
});

/** Whether the CLI `version` accepts `option` (its command line, captured from the binary). */
async function accepts(version: string, option: string): Promise<boolean> {
  const { argv } = await behaviourFor(version);
  return argv.options.some((o) => o.flags.split(/[ ,]+/).includes(option));
}

interface Run {
  messages: SDKMessage[];
  sandbox: Sandbox;
  api: ModelApi;
  /** The argv the SDK passed (logged by a wrapper script). */
  argv: string[];
  /** What `query()` threw at the end, if anything (the SDK throws on an error result). */
  error?: string;
}

// The tests run a few at a time (each mostly waits on its CLI process): what they leave (their
// Messages API servers and sandboxes) is closed when the file ends.
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A wrapper executable that logs its argv, then execs the side under test. */
function argvLogger(sandbox: Sandbox, target: string): { path: string; log: string } {
  const path = join(sandbox.root, 'claude-wrapper');
  const log = join(sandbox.root, 'argv.log');
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' "$@" > '${log}'\nexec '${target}' "$@"\n`);
  chmodSync(path, 0o755);
  return { path, log };
}

async function drive(
  side: Side,
  model: ModelScript,
  prompt: string | ((push: (text: string) => void, done: () => void) => AsyncIterable<SDKUserMessage>),
  options: Partial<Options>,
  onMessage?: (message: SDKMessage, q: ReturnType<typeof query>) => Promise<void> | void,
): Promise<Run> {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
  const sandbox = createSandbox();
  const api = await startModelApi({ script: model });
  cleanups.push(
    () => api.close(),
    () => sandbox.dispose(),
  );
  const env = sandboxEnv({ sandbox, modelApiUrl: api.url });
  if (side.fake) env.CLIDE_FAKE_VERSION = side.version;
  if (side.served) {
    env.CLIDE_FAKE_SERVER = server.socketPath;
    servedRuns += 1;
  }
  if (side.scenarioFile) {
    const file = join(sandbox.root, 'model-script.json');
    writeFileSync(file, JSON.stringify(model));
    env.CLIDE_FAKE_SCENARIO = file;
  }
  const wrapper = argvLogger(sandbox, side.binary());
  let spawnedArgv: string[] | undefined;
  const inProcess: Partial<Options> = side.inProcess
    ? {
        pathToClaudeCodeExecutable: side.binary(),
        spawnClaudeCodeProcess: (spawn) => {
          spawnedArgv = spawn.args;
          return spawnFakeClaude(spawn);
        },
      }
    : {};
  const messages: SDKMessage[] = [];
  const q = side.sdk.query({
    prompt:
      typeof prompt === 'string'
        ? prompt
        : prompt(
            () => {},
            () => {},
          ),
    options: {
      pathToClaudeCodeExecutable: wrapper.path,
      cwd: sandbox.cwd,
      env,
      settingSources: [],
      ...inProcess,
      ...options,
    },
  });
  let error: string | undefined;
  try {
    for await (const message of q) {
      messages.push(message);
      await onMessage?.(message, q);
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  const argv =
    spawnedArgv ?? (existsSync(wrapper.log) ? readFileSync(wrapper.log, 'utf8').trim().split('\n') : []);
  return { messages, sandbox, api, argv, ...(error === undefined ? {} : { error }) };
}

function toolResults(messages: SDKMessage[]): Array<{ content: unknown; is_error?: boolean }> {
  return messages.flatMap((m) => {
    if (m.type !== 'user' || !Array.isArray(m.message.content)) return [];
    return (m.message.content as unknown as Array<Record<string, unknown>>)
      .filter((b) => b.type === 'tool_result')
      .map((b) => ({ content: b.content, is_error: b.is_error as boolean | undefined }));
  });
}

function resultOf(messages: SDKMessage[]) {
  const result = messages.filter((m) => m.type === 'result').at(-1);
  if (result?.type !== 'result') throw new Error('no result message');
  return result;
}

const writeBanana = toolUse('toolu_01SdkWrite', 'Write', { file_path: 'banana.txt', content: 'yellow\n' });

/** A streaming-input prompt: one user message (once `before` is done), kept open until `close()`. */
function streamingPrompt(first: string, before?: () => Promise<void>) {
  let close: () => void = () => {};
  const closed = new Promise<void>((r) => {
    close = r;
  });
  async function* messages(): AsyncGenerator<SDKUserMessage> {
    await before?.();
    yield {
      type: 'user',
      message: { role: 'user', content: first },
      parent_tool_use_id: null,
      session_id: '',
    };
    await closed;
  }
  return { messages, close };
}

describe.concurrent.each(SIDES)('Agent SDK $sdkVersion query() against $name', (side) => {
  const { createSdkMcpServer, tool } = side.sdk;
  it('canUseTool allow runs the Write for real and ends in success; the SDK passes the flags the real CLI accepts', async () => {
    const asked: string[] = [];
    const run = await drive(side, script([writeBanana], [text('Wrote banana.txt.')]), 'Write banana.txt.', {
      canUseTool: async (toolName, input): Promise<PermissionResult> => {
        asked.push(toolName);
        return { behavior: 'allow', updatedInput: input };
      },
    });
    expect(run.error).toBeUndefined();
    expect(asked).toEqual(['Write']);
    expect(readFileSync(join(run.sandbox.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
    expect(toolResults(run.messages)[0]?.is_error ?? false).toBe(false);
    const result = resultOf(run.messages);
    expect(result.subtype).toBe('success');
    expect(result.type === 'result' && result.subtype === 'success' ? result.result : '').toBe(
      'Wrote banana.txt.',
    );
    const init = run.messages.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init && 'claude_code_version' in init ? init.claude_code_version : undefined).toBe(side.version);
    // The argv the SDK sends (no -p: the stream-json flags alone mean headless mode).
    expect(run.argv.slice(0, 5)).toEqual([
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
    ]);
    // The newest SDK writes every value after `=`.
    expect(run.argv).toContain(
      side.newestSdk ? '--permission-prompt-tool=stdio' : '--permission-prompt-tool',
    );
    expect(run.argv).toContain('--setting-sources=');
    expect(run.argv).not.toContain('-p');
  });

  it('canUseTool deny: the tool does not run and the deny message comes back as an error tool_result', async () => {
    const run = await drive(side, script([writeBanana], [text('Not writing.')]), 'Write banana.txt.', {
      canUseTool: async (): Promise<PermissionResult> => ({ behavior: 'deny', message: 'User declined.' }),
    });
    expect(existsSync(join(run.sandbox.cwd, 'banana.txt'))).toBe(false);
    expect(toolResults(run.messages)).toEqual([{ content: 'User declined.', is_error: true }]);
    const result = resultOf(run.messages);
    expect(result.permission_denials.map((d) => d.tool_name)).toEqual(['Write']);
  });

  it('canUseTool allow without updatedInput: 2.1.150 rejects it with a ZodError, 2.1.332 runs the tool', async () => {
    const run = await drive(side, script([writeBanana], [text('Done.')]), 'Write banana.txt.', {
      canUseTool: async (): Promise<PermissionResult> => ({ behavior: 'allow' }),
    });
    const [result] = toolResults(run.messages);
    if (hasFact(side.version, 'bareAllowRunsTool')) {
      expect(readFileSync(join(run.sandbox.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
      expect(result?.is_error ?? false).toBe(false);
    } else {
      expect(existsSync(join(run.sandbox.cwd, 'banana.txt'))).toBe(false);
      expect(result?.is_error).toBe(true);
      expect(String(result?.content)).toContain('ZodError');
    }
  });

  it('maxBudgetUsd stops the turn with error_max_budget_usd (2.1.332 adds terminal_reason budget_exhausted)', async () => {
    const expensive = { input_tokens: 100_000, output_tokens: 10 };
    const writeMore = toolUse('toolu_01SdkMore', 'Write', { file_path: 'more.txt', content: 'more\n' });
    const run = await drive(
      side,
      script({ blocks: [writeBanana], usage: expensive }, { blocks: [writeMore], usage: expensive }, [
        text('No.'),
      ]),
      'Write files.',
      { maxBudgetUsd: 0.3, permissionMode: 'acceptEdits' },
    );
    const result = resultOf(run.messages);
    expect(result.subtype).toBe('error_max_budget_usd');
    expect('terminal_reason' in result ? result.terminal_reason : undefined).toBe(
      hasFact(side.version, 'budgetTerminalReason') ? 'budget_exhausted' : undefined,
    );
    expect(existsSync(join(run.sandbox.cwd, 'more.txt'))).toBe(false);
  });

  it('AskUserQuestion: answers returned in updatedInput.answers become the tool_result text', async () => {
    const question = 'Do you prefer cats or dogs?';
    const questions = [
      {
        question,
        header: 'Pets',
        multiSelect: false,
        options: [
          { label: 'Cats', description: 'Independent' },
          { label: 'Dogs', description: 'Loyal' },
        ],
      },
    ];
    const run = await drive(
      side,
      script([toolUse('toolu_01SdkAsk', 'AskUserQuestion', { questions })], [text('You chose Dogs.')]),
      'Ask me about pets.',
      {
        canUseTool: async (toolName, input): Promise<PermissionResult> =>
          toolName === 'AskUserQuestion'
            ? { behavior: 'allow', updatedInput: { ...input, answers: { [question]: 'Dogs' } } }
            : { behavior: 'deny', message: 'unexpected' },
      },
    );
    expect(toolResults(run.messages)).toEqual([
      {
        content: `Your questions have been answered: "${question}"="Dogs". You can now continue with these answers in mind.`,
        is_error: undefined,
      },
    ]);
  });

  it('createSdkMcpServer: the in-process tool is offered, permission-gated and called', async () => {
    const asked: string[] = [];
    const server = createSdkMcpServer({
      name: 'clide-sdk',
      version: '1.0.0',
      tools: [
        tool('ping', 'Answers pong', { message: z.string() }, async (args) => ({
          content: [{ type: 'text', text: `pong: ${args.message}` }],
        })),
      ],
    });
    const run = await drive(
      side,
      script(
        [toolUse('toolu_01SdkPing', 'mcp__clide-sdk__ping', { message: 'hi' })],
        [text('Pong received.')],
      ),
      'Ping.',
      {
        mcpServers: { 'clide-sdk': server },
        canUseTool: async (toolName, input): Promise<PermissionResult> => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      },
    );
    expect(asked).toEqual(['mcp__clide-sdk__ping']);
    expect(toolResults(run.messages)).toEqual([
      { content: [{ type: 'text', text: 'pong: hi' }], is_error: undefined },
    ]);
    const init = run.messages.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init && 'tools' in init ? init.tools : []).toContain('mcp__clide-sdk__ping');
  });

  it('a stdio MCP server in mcpServers: its tool is offered, permission-gated and called (the newest SDK sends it in initialize with --await-initialize, which 2.1.150 refuses)', async () => {
    const asked: string[] = [];
    // The prompt waits for the server's handshake with the CLI: a CLI may start a turn before its
    // MCP servers are up (2.1.150 does), and a loaded machine starts a Node server slowly.
    // (The newest SDK with 2.1.150: the CLI refuses --await-initialize, nothing to wait for.)
    const refused = side.newestSdk && !(await accepts(side.version, '--await-initialize'));
    // A version that takes the flag but does not confirm the servers it read (mcp_servers_applied):
    // the newest SDK ends the session itself, before any prompt.
    const unconfirmed =
      side.newestSdk && !refused && !(await behaviourFor(side.version)).confirmsInitializeFields;
    const dir = mkdtempSync(join(tmpdir(), 'clide-calc-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const ready = join(dir, 'ready');
    const prompt = streamingPrompt('Add 2 and 3.', async () => {
      if (refused || unconfirmed) return;
      for (let waited = 0; !existsSync(ready) && waited < 30_000; waited += 50) await sleep(50);
      await sleep(300);
    });
    const run = await drive(
      side,
      script([toolUse('toolu_01SdkAdd', 'mcp__calc__add', { a: 2, b: 3 })], [text('Five.')]),
      () => prompt.messages(),
      {
        mcpServers: {
          calc: {
            type: 'stdio',
            command: process.execPath,
            args: [CALC_SERVER],
            env: { CALC_READY_FILE: ready },
          },
        },
        canUseTool: async (toolName, input): Promise<PermissionResult> => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      },
      (message) => {
        if (message.type === 'result') prompt.close();
      },
    );
    prompt.close();
    if (side.newestSdk) {
      expect(run.argv).toContain('--await-initialize');
      expect(run.argv.some((a) => a.startsWith('--mcp-config'))).toBe(false);
    } else expect(run.argv).toContain('--mcp-config');
    if (refused) {
      // The CLI refuses the flag; from its stderr the SDK names the version it needs (an in-process
      // session's stderr is not the SDK's to read: only the exit code).
      if (side.inProcess) expect(run.error).toBe('Claude Code process exited with code 1');
      else {
        expect(run.error).toContain("unknown option '--await-initialize'");
        expect(run.error).toContain('needs Claude Code 2.1.326 or newer');
      }
      expect(run.messages).toEqual([]);
      return;
    }
    if (unconfirmed) {
      expect(run.error).toContain(
        `This Claude Code (version ${side.version}) is too old to read MCP servers over stdin`,
      );
      expect(asked).toEqual([]);
      return;
    }
    expect(
      run.error,
      `if claude ${side.version} answers initialize without mcp_servers_applied: confirmsInitializeFields: false in src/fake-claude/behaviour/${side.version}/overrides.ts`,
    ).toBeUndefined();
    expect(asked).toEqual(['mcp__calc__add']);
    expect(toolResults(run.messages)).toEqual([
      { content: [{ type: 'text', text: '5' }], is_error: undefined },
    ]);
    const init = run.messages.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init && 'mcp_servers' in init ? init.mcp_servers : []).toEqual([
      expect.objectContaining({ name: 'calc', status: 'connected' }),
    ]);
    expect(init && 'tools' in init ? init.tools : []).toContain('mcp__calc__add');
    expect(resultOf(run.messages)).toMatchObject({ subtype: 'success', result: 'Five.' });
  });

  it('a PreToolUse hook that denies stops the tool without asking canUseTool', async () => {
    const asked: string[] = [];
    const hookInputs: Array<Record<string, unknown>> = [];
    const deny: HookCallback = async (input) => {
      hookInputs.push(input as unknown as Record<string, unknown>);
      return {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'Blocked by the SDK hook',
        },
      };
    };
    const run = await drive(side, script([writeBanana], [text('Blocked.')]), 'Write banana.txt.', {
      hooks: { PreToolUse: [{ matcher: 'Write', hooks: [deny] }] },
      canUseTool: async (toolName, input): Promise<PermissionResult> => {
        asked.push(toolName);
        return { behavior: 'allow', updatedInput: input };
      },
    });
    expect(asked).toEqual([]);
    expect(hookInputs.map((i) => [i.hook_event_name, i.tool_name])).toEqual([['PreToolUse', 'Write']]);
    expect(toolResults(run.messages)).toEqual([{ content: 'Blocked by the SDK hook', is_error: true }]);
    expect(existsSync(join(run.sandbox.cwd, 'banana.txt'))).toBe(false);
  });

  it('maxTurns ends a turn whose model keeps calling tools with error_max_turns', async () => {
    const writeMore = toolUse('toolu_01SdkMore', 'Write', { file_path: 'more.txt', content: 'more\n' });
    const run = await drive(
      side,
      script([writeBanana], [writeMore], [text('Never reached.')]),
      'Write files.',
      {
        maxTurns: 1,
        permissionMode: 'acceptEdits',
      },
    );
    const result = resultOf(run.messages);
    expect(result).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      num_turns: 2,
      errors: ['Reached maximum number of turns (1)'],
    });
    expect(existsSync(join(run.sandbox.cwd, 'banana.txt'))).toBe(true);
    expect(existsSync(join(run.sandbox.cwd, 'more.txt'))).toBe(false);
  });

  it('UserPromptSubmit, PostToolUse and Stop hooks are called in turn order with their inputs', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const record: HookCallback = async (input) => {
      calls.push(input as unknown as Record<string, unknown>);
      return {};
    };
    const run = await drive(side, script([writeBanana], [text('Done.')]), 'Write banana.txt.', {
      permissionMode: 'acceptEdits',
      hooks: {
        UserPromptSubmit: [{ hooks: [record] }],
        PostToolUse: [{ matcher: 'Write', hooks: [record] }],
        Stop: [{ hooks: [record] }],
      },
    });
    expect(calls.map((c) => c.hook_event_name)).toEqual(['UserPromptSubmit', 'PostToolUse', 'Stop']);
    expect(calls[0]).toMatchObject({ prompt: 'Write banana.txt.' });
    expect(calls[1]).toMatchObject({
      tool_name: 'Write',
      tool_input: { file_path: join(run.sandbox.cwd, 'banana.txt'), content: 'yellow\n' },
      tool_response: { type: 'create', filePath: 'banana.txt', content: 'yellow\n' },
    });
    expect(calls[2]).toMatchObject({ stop_hook_active: false, last_assistant_message: 'Done.' });
  });

  it('interrupt() during a slow turn ends it with error_during_execution', async () => {
    const prompt = streamingPrompt('Tell me a long story.');
    let interrupted = false;
    const run = await drive(
      side,
      script({
        blocks: [text('This answer streams very slowly, word by word, so it can be interrupted.')],
        chunkDelayMs: 300,
      }),
      () => prompt.messages(),
      {},
      async (message, q) => {
        if (message.type === 'system' && message.subtype === 'init' && !interrupted) {
          interrupted = true;
          await new Promise((r) => setTimeout(r, 400));
          await q.interrupt();
        }
        if (message.type === 'result') prompt.close();
      },
    );
    const result = resultOf(run.messages);
    expect(result.subtype).toBe('error_during_execution');
    // The SDK turns the error result into an exception at the end of the stream.
    expect(run.error).toBe(
      'Claude Code returned an error result: [ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null',
    );
    const marker = run.messages.some(
      (m) => m.type === 'user' && JSON.stringify(m.message.content).includes('[Request interrupted by user]'),
    );
    expect(marker).toBe(true);
  });

  it('setPermissionMode("acceptEdits") lets the Write run without asking', async () => {
    const asked: string[] = [];
    let changed = false;
    const prompt = streamingPrompt('Write banana.txt.');
    // The mode is changed before the first turn is answered: the scripted model waits a little.
    const run = await drive(
      side,
      script({ blocks: [writeBanana], firstByteDelayMs: 600 }, [text('Written.')]),
      () => prompt.messages(),
      {
        canUseTool: async (toolName): Promise<PermissionResult> => {
          asked.push(toolName);
          return { behavior: 'deny', message: 'should not be asked' };
        },
      },
      async (message, q) => {
        if (message.type === 'system' && message.subtype === 'init' && !changed) {
          changed = true;
          await q.setPermissionMode('acceptEdits');
        }
        if (message.type === 'result') prompt.close();
      },
    );
    expect(asked).toEqual([]);
    expect(readFileSync(join(run.sandbox.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
    expect(resultOf(run.messages).subtype).toBe('success');
  });
});
