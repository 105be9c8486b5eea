import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PermissionResult, SDKMessage, SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import * as sdkOldest from '@anthropic-ai/claude-agent-sdk';
import * as sdkNewest from 'claude-agent-sdk-newest';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../src/driver/index.js';
import { emulatedVersions } from '../src/fake-claude/behaviour/index.js';
import { type FakeClaude, type FakeClaudeProcess, fakeClaude } from '../src/fake-claude/index.js';
import type { ModelScript } from '../src/model-api/index.js';
import { script, text, toolUse } from '../src/scenarios/index.js';

/**
 * The in-process fake (`fakeClaude().spawn`, the Agent SDK's `spawnClaudeCodeProcess`): sessions run
 * in this process with no child, through the same engine as `bin/fake-claude` — the SDK's argv, env
 * and cwd; kill / abort / interrupt as with the executable; many sessions in one file, isolated,
 * leaving nothing running. Under both ends of the supported Agent SDK range: the oldest (0.3.150)
 * and the newest published (0.3.337, `claude-agent-sdk-newest`).
 */

/** One Agent SDK module (the newest typed as the oldest: the tests use what both declare). */
const SDKS: Array<{ sdkVersion: string; sdk: typeof sdkOldest }> = [
  { sdkVersion: '0.3.150', sdk: sdkOldest },
  { sdkVersion: '0.3.337', sdk: sdkNewest as unknown as typeof sdkOldest },
];

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setUp(
  model: ModelScript,
  extra: Parameters<typeof fakeClaude>[0] = {},
): Promise<{ fake: FakeClaude; sandbox: Sandbox; spawned: FakeClaudeProcess[] }> {
  const sandbox = createSandbox();
  const fake = await fakeClaude({ scenario: model, ...extra });
  cleanups.push(
    () => fake.close(),
    () => sandbox.dispose(),
  );
  const spawned: FakeClaudeProcess[] = [];
  const spawn = fake.spawn;
  fake.sdkOptions.spawnClaudeCodeProcess = (options) => {
    const child = spawn(options);
    spawned.push(child);
    return child;
  };
  return { fake, sandbox, spawned };
}

async function collect(q: AsyncIterable<SDKMessage>): Promise<{ messages: SDKMessage[]; error?: string }> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of q) messages.push(message);
  } catch (thrown) {
    return { messages, error: thrown instanceof Error ? thrown.message : String(thrown) };
  }
  return { messages };
}

/** A streaming-input prompt: one user message, kept open until `close()`. */
function streamingPrompt(first: string) {
  let close: () => void = () => {};
  const closed = new Promise<void>((r) => {
    close = r;
  });
  async function* messages(): AsyncGenerator<SDKUserMessage> {
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

describe.each(
  SDKS.flatMap(({ sdkVersion, sdk }) => emulatedVersions().map((version) => ({ sdkVersion, sdk, version }))),
)('Agent SDK $sdkVersion: the in-process fake emulating claude $version', ({ sdk, version }) => {
  const { query } = sdk;
  it('runs a permission-gated Write through the SDK with no child process, from the SDK argv and env', async () => {
    const { fake, sandbox, spawned } = await setUp(
      script(
        [toolUse('toolu_01InProc', 'Write', { file_path: 'banana.txt', content: 'yellow\n' })],
        [text('Done.')],
      ),
      { version },
    );
    const asked: string[] = [];
    const { messages, error } = await collect(
      query({
        prompt: 'Write banana.txt.',
        options: {
          ...fake.sdkOptions,
          cwd: sandbox.cwd,
          settingSources: [],
          canUseTool: async (tool, input): Promise<PermissionResult> => {
            asked.push(tool);
            return { behavior: 'allow', updatedInput: input };
          },
        },
      }),
    );
    expect(error).toBeUndefined();
    expect(asked).toEqual(['Write']);
    expect(readFileSync(join(sandbox.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
    const init = messages.find((m) => m.type === 'system' && m.subtype === 'init');
    expect(init).toMatchObject({ claude_code_version: version, cwd: sandbox.cwd });
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Done.' });
    // One session, in this process, parsed from the flags the SDK passes to the real CLI.
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.pid).toBe(process.pid);
    expect(spawned[0]!.argv).toEqual(expect.arrayContaining(['--input-format', 'stream-json', '--verbose']));
    expect(spawned[0]!.exitCode).toBe(0);
    expect(fake.requests()).toHaveLength(2);
  });
});

describe.each(SDKS)('Agent SDK $sdkVersion: the in-process fake', ({ sdk }) => {
  const { query } = sdk;
  it('reads CLIDE_FAKE_* from the environment the SDK hands it, not from process.env', async () => {
    const { fake, sandbox } = await setUp(script([text('unused')]));
    process.env.CLIDE_FAKE_VERSION = '0.0.1';
    cleanups.push(() => {
      delete process.env.CLIDE_FAKE_VERSION;
    });
    const { messages, error } = await collect(
      query({
        prompt: 'Hi',
        options: {
          ...fake.sdkOptions,
          env: { ...fake.env, CLIDE_FAKE_VERSION: '2.1.150' },
          cwd: sandbox.cwd,
          settingSources: [],
        },
      }),
    );
    expect(error).toBeUndefined();
    expect(messages.find((m) => m.type === 'system' && m.subtype === 'init')).toMatchObject({
      claude_code_version: '2.1.150',
    });
  });

  it('a version it cannot emulate in the SDK env fails the session as the executable does (exit 2, the error on stderr)', async () => {
    const { fake, sandbox, spawned } = await setUp(script([text('unused')]));
    const { error } = await collect(
      query({
        prompt: 'Hi',
        options: {
          ...fake.sdkOptions,
          env: { ...fake.env, CLIDE_FAKE_VERSION: '0.0.1' },
          cwd: sandbox.cwd,
          settingSources: [],
        },
      }),
    );
    expect(error).toMatch(/exited with code 2/);
    expect(spawned[0]!.exitCode).toBe(2);
  });

  it('the executable and the in-process fake print the same --version, usage error and exit code for one argv', async () => {
    const { fake } = await setUp(script([text('unused')]));
    const { execa } = await import('execa');
    for (const args of [['--version'], ['--bogus-flag'], ['-p', '--input-format', 'stream-json']]) {
      const child = fake.spawn({ command: fake.path, args, env: fake.env });
      child.stdin.end();
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => {
        stdout += c;
      });
      child.stderr.on('data', (c: Buffer) => {
        stderr += c;
      });
      const exit = await child.exited;
      const real = await execa(fake.path, args, {
        env: fake.env,
        extendEnv: false,
        reject: false,
        input: '',
      });
      expect({ stdout, stderr, exit }).toEqual({
        stdout: real.stdout ? `${real.stdout}\n` : '',
        stderr: real.stderr ? `${real.stderr}\n` : '',
        exit: { exitCode: real.exitCode, signal: null },
      });
    }
  });

  it('takes the argv after the script when the SDK starts it through a runtime (node script.js …)', async () => {
    const { fake } = await setUp(script([text('unused')]));
    const child = fake.spawn({
      command: 'node',
      args: ['--no-warnings', '/x/cli.js', '--version'],
      env: fake.env,
    });
    child.stdin.end();
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    expect(await child.exited).toEqual({ exitCode: 0, signal: null });
    expect(child.argv).toEqual(['--version']);
    expect(stdout).toMatch(/\(Claude Code\)/);
  });

  it('interrupt() during a slow turn ends it with error_during_execution, as with the executable', async () => {
    const { fake, sandbox, spawned } = await setUp(
      script({ blocks: [text('This answer streams very slowly, word by word.')], chunkDelayMs: 300 }),
    );
    const prompt = streamingPrompt('Tell me a long story.');
    const q = query({
      prompt: prompt.messages(),
      options: { ...fake.sdkOptions, cwd: sandbox.cwd, settingSources: [] },
    });
    const messages: SDKMessage[] = [];
    let error: string | undefined;
    try {
      for await (const message of q) {
        messages.push(message);
        if (message.type === 'system' && message.subtype === 'init') {
          await new Promise((r) => setTimeout(r, 400));
          await q.interrupt();
        }
        if (message.type === 'result') prompt.close();
      }
    } catch (thrown) {
      error = String(thrown);
    }
    expect(messages.filter((m) => m.type === 'result').at(-1)).toMatchObject({
      subtype: 'error_during_execution',
    });
    expect(error).toMatch(/error result/);
    await spawned[0]!.exited;
    expect(spawned[0]!.exitCode).toBe(1);
  });

  it('kill() ends a session in the middle of a turn: no more output, exit by the signal, stdout ended', async () => {
    const { fake, sandbox } = await setUp(
      script({ blocks: [text('slow slow slow slow slow slow slow slow')], chunkDelayMs: 200 }),
    );
    const child = fake.spawn({
      command: fake.path,
      args: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      env: fake.env,
      cwd: sandbox.cwd,
    });
    const lines: string[] = [];
    child.stdout.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    let stdoutEnded = false;
    child.stdout.on('end', () => {
      stdoutEnded = true;
    });
    child.stdin.write(`${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Hi' } })}\n`);
    while (!lines.some((l) => l.includes('"init"'))) await new Promise((r) => setTimeout(r, 10));
    expect(child.kill('SIGTERM')).toBe(true);
    expect(child.killed).toBe(true);
    expect(await child.exited).toEqual({ exitCode: null, signal: 'SIGTERM' });
    expect(child.signalCode).toBe('SIGTERM');
    expect(stdoutEnded).toBe(true);
    const seen = lines.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(lines).toHaveLength(seen);
    expect(lines.some((l) => l.includes('"result"'))).toBe(false);
    expect(child.kill('SIGKILL')).toBe(false);
  });

  it('aborting the query (abortController) ends the session as it ends the executable', async () => {
    const model = script({
      blocks: [text('slow slow slow slow slow slow slow slow slow slow')],
      chunkDelayMs: 200,
    });
    const outcome = async (inProcess: boolean) => {
      const { fake, sandbox, spawned } = await setUp(model);
      const abortController = new AbortController();
      const prompt = streamingPrompt('Hi');
      const q = query({
        prompt: prompt.messages(),
        options: {
          ...(inProcess ? fake.sdkOptions : { pathToClaudeCodeExecutable: fake.path, env: fake.env }),
          cwd: sandbox.cwd,
          settingSources: [],
          abortController,
        },
      });
      const { messages, error } = await collect(
        (async function* () {
          for await (const message of q) {
            yield message;
            if (message.type === 'system' && message.subtype === 'init') abortController.abort();
          }
        })(),
      );
      prompt.close();
      return { types: messages.map((m) => m.type), error, spawned: spawned.length };
    };
    const executable = await outcome(false);
    const inProcess = await outcome(true);
    expect(executable.error).toMatch(/aborted/i);
    expect({ ...inProcess, spawned: 0 }).toEqual(executable);
    expect(inProcess.spawned).toBe(1);
  });

  it('close() kills the in-process sessions still running, then removes the temporary HOME', async () => {
    const { fake, sandbox } = await setUp(script([text('never asked')]));
    const child = fake.spawn({
      command: fake.path,
      args: ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      env: fake.env,
      cwd: sandbox.cwd,
    });
    child.stdout.resume();
    await fake.close();
    expect(await child.exited).toEqual({ exitCode: null, signal: 'SIGKILL' });
    expect(existsSync(fake.home)).toBe(false);
  });

  it('sessions running at the same time in one process keep their own version, model script and cwd', async () => {
    const runs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const version = emulatedVersions()[i % emulatedVersions().length]!;
        const { fake, sandbox } = await setUp(script([text(`answer ${i}`)]), { version });
        const { messages, error } = await collect(
          query({ prompt: `q${i}`, options: { ...fake.sdkOptions, cwd: sandbox.cwd, settingSources: [] } }),
        );
        return { i, version, cwd: sandbox.cwd, messages, error };
      }),
    );
    for (const run of runs) {
      expect(run.error).toBeUndefined();
      expect(run.messages.find((m) => m.type === 'system' && m.subtype === 'init')).toMatchObject({
        claude_code_version: run.version,
        cwd: run.cwd,
      });
      expect(run.messages.at(-1)).toMatchObject({ type: 'result', result: `answer ${run.i}` });
    }
  });

  it('many sessions in a row (40) are isolated and leave no handle behind', async () => {
    const sandbox = createSandbox();
    cleanups.push(() => sandbox.dispose());
    const handles = () => process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length;
    const before = handles();
    for (let i = 0; i < 40; i++) {
      const fake = await fakeClaude({ scenario: script([text(`answer ${i}`)]), cwd: sandbox.cwd });
      const { messages, error } = await collect(
        query({
          prompt: `question ${i}`,
          options: { ...fake.sdkOptions, cwd: sandbox.cwd, settingSources: [] },
        }),
      );
      await fake.close();
      expect(error).toBeUndefined();
      expect(messages.at(-1)).toMatchObject({ type: 'result', result: `answer ${i}` });
    }
    // Nothing the sessions started keeps the process alive (the SDK's own close timers are unref'd).
    await new Promise((r) => setImmediate(r));
    expect(handles()).toBeLessThanOrEqual(before);
  }, 120_000);
});

describe('the in-process fake leaves nothing in the temporary folder', () => {
  /** A 1×1 PNG. */
  const PNG =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  it("a prompt's image, saved where 2.1.332 saves it (under TMPDIR), is in the fake's own folder and gone after close()", async () => {
    const { fake, sandbox } = await setUp(script([text('I see it.')]), { version: '2.1.332' });
    const session = fake.spawn({
      command: fake.path,
      args: ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'],
      env: fake.env,
      cwd: sandbox.cwd,
    });
    let out = '';
    session.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } };
    const content = [{ type: 'text', text: 'What do you see?' }, image];
    session.stdin.end(`${JSON.stringify({ type: 'user', message: { role: 'user', content } })}\n`);
    expect(await session.exited).toEqual({ exitCode: 0, signal: null });
    expect(out).toContain('"result":"I see it."');
    // The model is told where the image was saved.
    const saved = /\[Image: source: ([^\]"]+)\]/.exec(JSON.stringify(fake.requests()))?.[1];
    expect(saved).toBeDefined();
    expect(readFileSync(saved!).toString('base64')).toBe(PNG);
    await fake.close();
    expect(existsSync(saved!)).toBe(false);
  });

  it('fakeClaude() that throws for want of a model leaves no folder behind', async () => {
    // A temporary folder of its own (TMPDIR, which os.tmpdir() reads), so that no other process's
    // folder counts.
    const own = createSandbox();
    const saved = process.env.TMPDIR;
    cleanups.push(() => {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      own.dispose();
    });
    const folder = join(own.root, 'tmp');
    mkdirSync(folder);
    process.env.TMPDIR = folder;
    await expect(fakeClaude({})).rejects.toMatchObject({
      code: 'usage',
      message: 'fakeClaude() needs a model',
    });
    expect(readdirSync(folder)).toEqual([]);
  });
});
