import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  McpServerStatus,
  Options,
  Query,
  SDKMessage,
  SDKUserMessage,
} from '@anthropic-ai/claude-agent-sdk';
import * as sdkOldest from '@anthropic-ai/claude-agent-sdk';
import * as sdkNewest from 'claude-agent-sdk-newest';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createSandbox, type Sandbox, sandboxEnv } from '../src/driver/index.js';
import { type ModelApi, startModelApi } from '../src/model-api/index.js';
import { script, text, toolUse } from '../src/scenarios/index.js';

/**
 * Every control method of the official Agent SDK's `Query`, called in turn in one session with a
 * stdio MCP server configured, against the real CLI and against the fake emulating it: the
 * resolved values and rejection messages must be equal once what varies per run (ids, the
 * sandbox's paths, timings, costs, process ids) is normalised. Stateful sequences read back what a
 * call changed (setMcpServers / toggleMcpServer / reconnectMcpServer then mcpServerStatus,
 * seedReadState then an Edit, setModel (a model id, an alias, none) then the model of the next
 * request, updateSettings then the settings file and `reinitialize()`). Methods whose answer needs
 * what the sandbox lacks (an account, a running task, a server with resources, file
 * checkpointing) are called too: both sides must answer alike (the same error, or the same empty
 * answer). `getContextUsage()` is compared whole before any model change or turn (its figures are
 * the CLI's token counts and estimates of the session's context), and after the model changes and
 * turns (2.1.150: its `/model` command's messages kept, the counts on another model the default's;
 * 2.1.332 on `claude-haiku-4-5`: its own tools' definitions and characters a token, and the
 * attachments it keeps event by event — prompt snapshots, model notices, deferred tools' deltas,
 * the output style's, the token reminders, no attribution once `includeCoAuthoredBy` is off).
 *
 * The newest SDK (0.3.337) against 2.1.332; the oldest supported (0.3.150) against 2.1.150, for
 * the methods it has.
 */

type AnyQuery = Query & Record<string, unknown>;
type AgentSdk = typeof sdkOldest;

const FAKE = resolve('bin/fake-claude');
const CALC_SERVER = resolve('test/support/calc-mcp-server.mjs');

const CASES: Array<{ sdkVersion: string; sdk: AgentSdk; version: string }> = [
  { sdkVersion: '0.3.337', sdk: sdkNewest as unknown as AgentSdk, version: '2.1.332' },
  { sdkVersion: '0.3.150', sdk: sdkOldest, version: '2.1.150' },
];

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** What one call came to: its resolved value, or its rejection's message. */
type Outcome = { value: unknown } | { error: string } | { absent: true };
interface Step {
  name: string;
  outcome: Outcome;
}

async function settle(call: () => unknown): Promise<Outcome> {
  try {
    const value = await call();
    return { value: value === undefined ? '<undefined>' : value };
  } catch (thrown) {
    return { error: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

/** A prompt the test feeds one message at a time, kept open until `close()`. */
function promptQueue() {
  const queued: SDKUserMessage[] = [];
  let wake: () => void = () => {};
  let closed = false;
  async function* messages(): AsyncGenerator<SDKUserMessage> {
    for (;;) {
      while (queued.length > 0) yield queued.shift()!;
      if (closed) return;
      await new Promise<void>((r) => {
        wake = r;
      });
    }
  }
  return {
    messages,
    push(content: string) {
      queued.push(userMessage(content));
      wake();
    },
    close() {
      closed = true;
      wake();
    },
  };
}

function userMessage(content: string): SDKUserMessage {
  return { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' };
}

/** The session's messages as they arrive, and a way to wait for the next one that matches. */
class Inbox {
  readonly messages: SDKMessage[] = [];
  private waiters: Array<() => void> = [];
  ended = false;
  error: string | undefined;

  async consume(q: Query): Promise<void> {
    try {
      for await (const message of q) {
        this.messages.push(message);
        this.notify();
      }
    } catch (thrown) {
      this.error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** The first message from index `from` on that matches (waits for it, at most `ms`). */
  async next(from: number, match: (m: SDKMessage) => boolean, ms = 60_000): Promise<SDKMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (this.ended)
        throw new Error(`the session ended before the message awaited (${this.error ?? 'no error'})`);
      if (Date.now() > deadline) throw new Error('timed out waiting for a message');
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), sleep(500)]);
    }
  }
}

/** The tool_result blocks of the user messages from index `from` on. */
function toolResultsFrom(messages: SDKMessage[], from: number): unknown[] {
  return messages.slice(from).flatMap((m) => {
    if (m.type !== 'user' || !Array.isArray(m.message.content)) return [];
    return (m.message.content as unknown as Array<Record<string, unknown>>)
      .filter((b) => b.type === 'tool_result')
      .map((b) => ({ content: b.content, is_error: b.is_error ?? false }));
  });
}

/** The models of the conversation requests from index `from` on. */
function modelsFrom(api: ModelApi, from: number): unknown[] {
  return api.requests
    .slice(from)
    .filter((r) => r.kind === 'conversation')
    .map((r) => (r.body as Record<string, unknown> | undefined)?.model);
}

const EDIT_SEEDED = toolUse('toolu_01CtlEditSeeded', 'Edit', {
  file_path: 'seeded.txt',
  old_string: 'hello',
  new_string: 'howdy',
});
const EDIT_STALE = toolUse('toolu_01CtlEditStale', 'Edit', {
  file_path: 'stale.txt',
  old_string: 'old',
  new_string: 'new',
});

/** Runs every control method the SDK has, in one session; the steps in call order. */
async function exercise(sdk: AgentSdk, binary: string, fakeVersion: string | undefined): Promise<Step[]> {
  const sandbox: Sandbox = createSandbox();
  cleanups.push(() => sandbox.dispose());
  const model = script(
    // The turn after seedReadState: Edit the seeded file (at its mtime) and the stale one.
    [EDIT_SEEDED],
    [EDIT_STALE],
    [text('Edited.')],
    // The turn after setModel('sonnet'): a plain answer.
    [text('On the model sonnet stands for.')],
    // The turn of streamInput(), after setModel().
    [text('Streamed.')],
  );
  const api = await startModelApi({ script: model });
  cleanups.push(() => api.close());
  const env = sandboxEnv({ sandbox, modelApiUrl: api.url });
  if (fakeVersion !== undefined) env.CLIDE_FAKE_VERSION = fakeVersion;
  const cwd = sandbox.cwd;
  writeFileSync(join(cwd, 'hello.txt'), 'hello\n');
  writeFileSync(join(cwd, 'seeded.txt'), 'hello\n');
  writeFileSync(join(cwd, 'stale.txt'), 'old\n');
  writeFileSync(join(sandbox.root, 'outside.txt'), 'outside\n');
  const ready = join(sandbox.root, 'calc-ready');
  const ready2 = join(sandbox.root, 'calc2-ready');
  const calc = (readyFile: string) => ({
    type: 'stdio' as const,
    command: process.execPath,
    args: [CALC_SERVER],
    env: { CALC_READY_FILE: readyFile },
  });

  const prompt = promptQueue();
  // The CLI's process, so that the session ends with it (the SDK's close() does not wait for its
  // exit, and a CLI still writing in the sandbox would race its removal).
  let child: ChildProcess | undefined;
  const q = sdk.query({
    prompt: prompt.messages(),
    options: {
      pathToClaudeCodeExecutable: binary,
      spawnClaudeCodeProcess: (spawned: {
        command: string;
        args: string[];
        cwd?: string;
        env: NodeJS.ProcessEnv;
        signal?: AbortSignal;
      }) => {
        child = spawn(spawned.command, spawned.args, {
          cwd: spawned.cwd,
          env: spawned.env,
          signal: spawned.signal,
          stdio: ['pipe', 'pipe', 'ignore'],
        });
        return child;
      },
      cwd,
      env,
      settingSources: ['user', 'project', 'local'],
      mcpServers: { calc: calc(ready) },
    } as Options,
  }) as AnyQuery;
  const inbox = new Inbox();
  const consuming = inbox.consume(q);

  const steps: Step[] = [];
  const call = async (name: string, method: string, ...args: unknown[]): Promise<Outcome> => {
    const fn = q[method];
    const outcome: Outcome =
      typeof fn === 'function'
        ? await settle(() => (fn as (...a: unknown[]) => unknown).apply(q, args))
        : { absent: true };
    steps.push({ name, outcome });
    return outcome;
  };
  const record = (name: string, value: unknown) => steps.push({ name, outcome: { value } });
  /**
   * mcpServerStatus once each of `servers` is listed and none is pending any more (a handshake
   * takes its time; a version may leave a server out of the list until it has ended).
   */
  const settledStatus = async (name: string, servers: string[]) => {
    let outcome: Outcome = { absent: true };
    for (let waited = 0; waited < 30_000; waited += 200) {
      outcome = await settle(() => q.mcpServerStatus());
      const listed =
        'value' in outcome && Array.isArray(outcome.value) ? (outcome.value as McpServerStatus[]) : [];
      const settled = servers.every((server) =>
        listed.some((s) => s.name === server && s.status !== 'pending'),
      );
      if (settled) break;
      await sleep(200);
    }
    steps.push({ name, outcome });
  };
  /** Sends a prompt and waits for its result: the result's subtype, the tool results and models. */
  const turn = async (name: string, content: string) => {
    const from = inbox.messages.length;
    const requestsFrom = api.requests.length;
    prompt.push(content);
    const result = await inbox.next(from, (m) => m.type === 'result');
    record(name, {
      subtype: result.type === 'result' ? result.subtype : undefined,
      result: result.type === 'result' && result.subtype === 'success' ? result.result : undefined,
      toolResults: toolResultsFrom(inbox.messages, from),
      models: modelsFrom(api, requestsFrom),
    });
  };

  try {
    // What initialize answered, and what the SDK reads of it.
    await call('initializationResult()', 'initializationResult');
    await call('supportedCommands()', 'supportedCommands');
    await call('supportedModels()', 'supportedModels');
    await call('supportedAgents()', 'supportedAgents');
    await call('accountInfo()', 'accountInfo');

    // MCP: the configured stdio server once its handshake is over, then what changes it.
    for (let waited = 0; !existsSync(ready) && waited < 30_000; waited += 100) await sleep(100);
    await settledStatus('mcpServerStatus() with calc configured', ['calc']);
    // The context of the session as the SDK shapes it (an empty system prompt, the tools offered
    // without a permission prompt tool, the stdio server's tool), before anything changes it: the
    // CLI's token counts (in full) and estimates (a summary), compared whole.
    await call('getContextUsage() with calc connected', 'getContextUsage');
    await call("getContextUsage({ detail: 'summary' }) with calc connected", 'getContextUsage', {
      detail: 'summary',
    });
    await call(
      "setMcpPermissionModeOverride('calc', 'default')",
      'setMcpPermissionModeOverride',
      'calc',
      'default',
    );
    await call(
      "setMcpPermissionModeOverride('nosuch', 'auto')",
      'setMcpPermissionModeOverride',
      'nosuch',
      'auto',
    );
    await call("setMcpPermissionModeOverride('calc', null)", 'setMcpPermissionModeOverride', 'calc', null);
    await call("toggleMcpServer('calc', false)", 'toggleMcpServer', 'calc', false);
    await settledStatus('mcpServerStatus() after toggling calc off', ['calc']);
    await call("toggleMcpServer('calc', true)", 'toggleMcpServer', 'calc', true);
    await settledStatus('mcpServerStatus() after toggling calc on', ['calc']);
    await call("toggleMcpServer('nosuch', false)", 'toggleMcpServer', 'nosuch', false);
    await call("reconnectMcpServer('calc')", 'reconnectMcpServer', 'calc');
    await settledStatus('mcpServerStatus() after reconnecting calc', ['calc']);
    await call("reconnectMcpServer('nosuch')", 'reconnectMcpServer', 'nosuch');
    await call("readMcpResource('calc', 'ui://calc/view')", 'readMcpResource', 'calc', 'ui://calc/view');
    await call(
      "readMcpResource('nosuch', 'ui://nosuch/view')",
      'readMcpResource',
      'nosuch',
      'ui://nosuch/view',
    );
    await call('setMcpServers({ calc2 })', 'setMcpServers', { calc2: calc(ready2) });
    await settledStatus('mcpServerStatus() after setMcpServers({ calc2 })', ['calc', 'calc2']);
    await call('setMcpServers({})', 'setMcpServers', {});
    await settledStatus('mcpServerStatus() after setMcpServers({})', ['calc']);

    // Permission mode, thinking, settings.
    await call("setPermissionMode('acceptEdits')", 'setPermissionMode', 'acceptEdits');
    await call("setPermissionMode('bogus')", 'setPermissionMode', 'bogus');
    await call('setMaxThinkingTokens(2048)', 'setMaxThinkingTokens', 2048);
    await call('setMaxThinkingTokens(null)', 'setMaxThinkingTokens', null);
    await call("setMaxThinkingTokens(1024, 'highlights')", 'setMaxThinkingTokens', 1024, 'highlights');
    await call('applyFlagSettings({ includeCoAuthoredBy: false })', 'applyFlagSettings', {
      includeCoAuthoredBy: false,
    });
    await call("applyFlagSettings({ permissions: 'none' })", 'applyFlagSettings', { permissions: 'none' });
    await call(
      "updateSettings('localSettings', { includeCoAuthoredBy: false })",
      'updateSettings',
      'localSettings',
      { includeCoAuthoredBy: false },
    );
    await call(
      "updateSettings('localSettings', { outputStyle: 'Explanatory' })",
      'updateSettings',
      'localSettings',
      {
        outputStyle: 'Explanatory',
      },
    );
    await call("readFile('.claude/settings.local.json')", 'readFile', '.claude/settings.local.json');
    await call("updateSettings('userSettings', { effortLevel: 'high' })", 'updateSettings', 'userSettings', {
      effortLevel: 'high',
    });
    await call('reinitialize()', 'reinitialize');

    // Files: read_file, then seed_read_state and an Edit that needs it.
    await call("readFile('hello.txt')", 'readFile', 'hello.txt');
    await call("readFile('hello.txt', { encoding: 'base64' })", 'readFile', 'hello.txt', {
      encoding: 'base64',
    });
    await call("readFile('hello.txt', { maxBytes: 3 })", 'readFile', 'hello.txt', { maxBytes: 3 });
    await call("readFile('missing.txt')", 'readFile', 'missing.txt');
    await call("readFile('../outside.txt')", 'readFile', '../outside.txt');
    const mtime = (file: string) => Math.floor(statSync(join(cwd, file)).mtimeMs);
    await call(
      "seedReadState('seeded.txt', its mtime)",
      'seedReadState',
      join(cwd, 'seeded.txt'),
      mtime('seeded.txt'),
    );
    await call(
      "seedReadState('stale.txt', an older mtime)",
      'seedReadState',
      join(cwd, 'stale.txt'),
      mtime('stale.txt') - 5000,
    );
    // After the permission mode, settings (an output style), MCP server and thinking changes, before
    // any model change or turn: compared whole.
    await call("getContextUsage({ detail: 'summary' }) before any model change or turn", 'getContextUsage', {
      detail: 'summary',
    });
    await call('setModel(claude-haiku-4-5)', 'setModel', 'claude-haiku-4-5');
    // On another model 2.1.150 counts as on the default one; 2.1.332 estimates the tools as it
    // describes them for that model (its Task tools deferred), at its characters a token: the fake
    // computes both from their captures.
    await call("getContextUsage({ detail: 'summary' }) after setModel(claude-haiku-4-5)", 'getContextUsage', {
      detail: 'summary',
    });
    await turn('a turn editing the seeded and the stale file', 'Edit the files.');
    await call("setModel('sonnet')", 'setModel', 'sonnet');
    await call("getContextUsage({ detail: 'summary' }) after setModel('sonnet')", 'getContextUsage', {
      detail: 'summary',
    });
    await turn("a turn after setModel('sonnet')", 'Say something.');
    await call('setModel()', 'setModel');
    // The session's totals after the turns: each model's tokens, the lines the Edit changed.
    await call(
      'usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET({ skipBehaviors: true })',
      'usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET',
      { skipBehaviors: true },
    );

    // Context, plugins, skills, styles, rewind, tasks.
    // After turns on other models and an output-style change: 2.1.332's conversation holds the
    // attachments it kept at each prompt, tool result and response (docs/fake-claude-differences.md).
    await call("getContextUsage({ detail: 'summary' })", 'getContextUsage', { detail: 'summary' });
    await call('reloadPlugins()', 'reloadPlugins');
    await call('reloadSkills()', 'reloadSkills');
    await call('reloadOutputStyles()', 'reloadOutputStyles');
    await call(
      'rewindFiles(a uuid, { dryRun: true })',
      'rewindFiles',
      '00000000-0000-4000-8000-000000000001',
      {
        dryRun: true,
      },
    );
    await call("stopTask('no-such-task')", 'stopTask', 'no-such-task');
    await call('backgroundTasks()', 'backgroundTasks');
    await call("backgroundTasks('toolu_nosuch')", 'backgroundTasks', 'toolu_nosuch');
    await call('interrupt() when idle', 'interrupt');

    // streamInput: one more turn through the SDK's own input path (it ends the input after it).
    const from = inbox.messages.length;
    await call(
      'streamInput(one message)',
      'streamInput',
      (async function* () {
        yield userMessage('Stream this.');
      })(),
    );
    const requestsFrom = api.requests.length;
    const result = await inbox.next(from, (m) => m.type === 'result');
    record('the streamed turn, after setModel()', {
      subtype: result.type === 'result' ? result.subtype : undefined,
      models: modelsFrom(api, requestsFrom),
    });
  } catch (thrown) {
    // The session ended early: the steps so far, and why, are what is compared.
    record('the session ended early', thrown instanceof Error ? thrown.message : String(thrown));
  } finally {
    prompt.close();
    await call('close()', 'close');
    await consuming;
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null)
      await Promise.race([once(running, 'exit'), sleep(10_000)]);
  }
  return normalise(steps, sandbox) as Step[];
}

/** What varies per run: the sandbox's paths, ids, process ids, timings, costs. */
function normalise(value: unknown, sandbox: Sandbox): unknown {
  const roots = [...new Set([sandbox.root, realpathSync(sandbox.root)])];
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string') {
      let s = v;
      for (const root of roots) s = s.replaceAll(root, '<sandbox>');
      return s.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
    }
    if (typeof v === 'number' && key !== undefined && /^(pid|.*_ms|.*Ms|.*cost.*|.*Cost.*)$/.test(key))
      return 0;
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value);
}

describe.each(CASES)('Agent SDK $sdkVersion control methods against claude $version', ({ sdk, version }) => {
  it('every control method answers the fake as it answers the real CLI, in one session with a stdio MCP server', async () => {
    if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
      throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
    }
    const [real, fake] = await Promise.all([
      exercise(sdk, inject('claudeBinaries')[version]!, undefined),
      exercise(sdk, FAKE, version),
    ]);
    // The real session went through every step (a comparison of two sessions that ended early
    // would hold nothing), its stdio server connected, its seeded file edited.
    const outcomeOf = (steps: Step[], name: string) => steps.find((s) => s.name === name)?.outcome;
    expect(outcomeOf(real, 'the streamed turn, after setModel()')).toMatchObject({
      value: { subtype: 'success' },
    });
    expect(outcomeOf(real, 'mcpServerStatus() with calc configured')).toMatchObject({
      value: [{ name: 'calc', status: 'connected' }],
    });
    expect(outcomeOf(real, 'a turn editing the seeded and the stale file')).toMatchObject({
      value: { subtype: 'success', models: ['claude-haiku-4-5', 'claude-haiku-4-5', 'claude-haiku-4-5'] },
    });
    expect(fake.map((s) => s.name)).toEqual(real.map((s) => s.name));
    for (const [i, step] of real.entries()) expect.soft(fake[i]?.outcome, step.name).toEqual(step.outcome);
  }, 240_000);
});
