import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildCliArgs } from '../src/driver/index.js';
import {
  defaultToolUseId,
  EXHAUSTED_PREFIX,
  type ModelApi,
  type ModelScript,
  startModelApi,
} from '../src/model-api/index.js';

/**
 * Black-box: the REAL pinned `claude` binary runs against the scripted Messages API. Six CLI runs.
 * (Spawned with execa directly; the session driver lives elsewhere.)
 */

type Line = Record<string, unknown> & { type: string };

interface CliRun {
  lines: Line[];
  exitCode: number | undefined;
  stderr: string;
  cwd: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A run's folders: its HOME, its cwd and its TMPDIR (the CLI's own temporary files), removed after the test. */
function sandbox(): { home: string; cwd: string; tmp: string } {
  const root = mkdtempSync(join(tmpdir(), 'model-api-real-cli-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dirs = { home: join(root, 'home'), cwd: join(root, 'cwd'), tmp: join(root, 'tmp') };
  mkdirSync(dirs.home);
  mkdirSync(dirs.cwd);
  mkdirSync(dirs.tmp);
  return dirs;
}

async function serve(script: Omit<ModelScript, 'version'>): Promise<ModelApi> {
  const api = await startModelApi({ script: { version: 1, ...script } });
  cleanups.push(() => api.close());
  return api;
}

/**
 * Runs the CLI for one prompt: sends it, waits for the `result`, lets `afterResult` talk to the CLI
 * (stdin still open), then closes stdin and waits for the exit.
 */
async function runCli(
  api: ModelApi,
  options: {
    prompt: string;
    args?: string[];
    dirs?: { home: string; cwd: string; tmp: string };
    afterResult?: (send: (message: unknown) => void, next: (type: string) => Promise<Line>) => Promise<void>;
  },
): Promise<CliRun> {
  const { home, cwd, tmp } = options.dirs ?? sandbox();
  const child = execa(inject('claudeBinary'), buildCliArgs({ extraArgs: options.args ?? [] }), {
    cwd,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      TMPDIR: tmp,
      ANTHROPIC_BASE_URL: api.url,
      ANTHROPIC_API_KEY: 'sk-ant-test-dummy',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
    extendEnv: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    reject: false,
    timeout: 90_000,
    forceKillAfterDelay: 2_000,
  });
  const lines: Line[] = [];
  const waiters: Array<{ type: string; from: number; resolve: (line: Line) => void }> = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      const found = lines.slice(waiter.from).find((line) => line.type === waiter.type);
      if (found) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  };
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text) as Line);
    } catch {
      lines.push({ type: '<non-json>', text });
    }
    settle();
  });
  const next = (type: string) =>
    new Promise<Line>((resolve) => {
      waiters.push({ type, from: lines.length, resolve });
      settle();
    });
  const send = (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);

  const result = next('result');
  send({ type: 'user', message: { role: 'user', content: options.prompt } });
  const ended = await Promise.race([result.then(() => 'result' as const), child.then(() => 'exit' as const)]);
  if (ended === 'result' && options.afterResult) await options.afterResult(send, next);
  child.stdin!.end();
  const done = await child;
  return { lines, exitCode: done.exitCode, stderr: String(done.stderr), cwd };
}

function resultOf(run: CliRun): Line {
  const result = run.lines.find((line) => line.type === 'result');
  if (!result) throw new Error(`no result line; exit ${run.exitCode}; stderr:\n${run.stderr}`);
  return result;
}

describe('the real claude CLI against the scripted model API', { timeout: 120_000 }, () => {
  it('plays a plain text turn: the result is the scripted text', async () => {
    const api = await serve({
      turns: [{ blocks: [{ type: 'text', text: 'Hello from the model script.' }] }],
    });
    const run = await runCli(api, { prompt: 'say hello' });
    expect(resultOf(run)).toMatchObject({
      subtype: 'success',
      is_error: false,
      result: 'Hello from the model script.',
    });
    expect(run.exitCode).toBe(0);
    expect(api.turnsServed()).toBe(1);
    expect(api.problems).toEqual([]);
    const conversation = api.requests.filter((r) => r.kind === 'conversation');
    expect(conversation).toHaveLength(1);
    expect(conversation[0]?.path).toBe('/v1/messages?beta=true');
    expect(conversation[0]?.headers['x-api-key']).toBe('[redacted]');
    expect(JSON.stringify(conversation[0]?.body)).toContain('say hello');
  });

  it('plays a Write tool_use then a text turn: the file is written and the tool_result reaches the model', async () => {
    const dirs = sandbox();
    const file = join(dirs.cwd, 'hello.txt');
    const api = await serve({
      turns: [
        {
          blocks: [
            { type: 'text', text: 'I will write the file.' },
            {
              type: 'tool_use',
              name: 'Write',
              input: { file_path: file, content: 'written by the script\n' },
            },
          ],
        },
        { blocks: [{ type: 'text', text: 'The file is written.' }] },
      ],
    });
    const run = await runCli(api, {
      prompt: 'write hello.txt',
      dirs,
      args: ['--permission-mode', 'acceptEdits'],
    });
    expect(resultOf(run)).toMatchObject({ is_error: false, result: 'The file is written.', num_turns: 2 });
    expect(readFileSync(file, 'utf8')).toBe('written by the script\n');
    const second = api.requests.find((r) => r.kind === 'conversation' && r.turn === 1);
    const messages = (second?.body as { messages?: unknown[] } | undefined)?.messages ?? [];
    expect(messages.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: defaultToolUseId(1, 1) }],
    });
    expect(api.problems).toEqual([]);
  });

  it('streams partial messages whose text deltas join to the scripted text', async () => {
    const text = 'Several words, streamed as several deltas.';
    const api = await serve({ turns: [{ blocks: [{ type: 'text', text }] }] });
    const run = await runCli(api, { prompt: 'stream', args: ['--include-partial-messages'] });
    const deltas = run.lines
      .filter((line) => line.type === 'stream_event')
      .map((line) => line.event as { type: string; delta?: { type: string; text?: string } })
      .filter((event) => event.type === 'content_block_delta' && event.delta?.type === 'text_delta')
      .map((event) => event.delta?.text ?? '');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
    expect(resultOf(run).result).toBe(text);
  });

  it('ends at once with an error result when the script is exhausted, and names it in problems', async () => {
    const api = await serve({ turns: [] });
    const run = await runCli(api, { prompt: 'anything' });
    const result = resultOf(run);
    expect(result.is_error).toBe(true);
    expect(result.api_error_status).toBe(400);
    expect(String(result.result)).toContain(EXHAUSTED_PREFIX);
    expect(run.exitCode).toBe(1);
    // Every attempt is answered with that 400 and named once in problems. How often the CLI asks
    // again is its own retry policy, which moves between releases (2.1.150 and 2.1.210 ask once,
    // 2.1.240 twice, 2.1.296 three times, 2.1.302 twice, 2.1.306 four times, 2.1.315 and 2.1.332 six).
    const attempts = api.requests.filter((r) => r.kind === 'conversation').length;
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(api.problems).toEqual(Array(attempts).fill(expect.stringContaining(EXHAUSTED_PREFIX)));
  });

  it('plays an overloaded error turn: the CLI reports an api_retry and the next turn answers', async () => {
    const api = await serve({
      turns: [
        { error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } },
        { blocks: [{ type: 'text', text: 'Answered after the retry.' }] },
      ],
    });
    const run = await runCli(api, { prompt: 'retry please' });
    const retry = run.lines.find((line) => line.type === 'system' && line.subtype === 'api_retry');
    expect(retry).toMatchObject({ attempt: 1, error_status: 529 });
    expect(resultOf(run)).toMatchObject({ is_error: false, result: 'Answered after the retry.' });
    expect(api.requests.filter((r) => r.kind === 'conversation').map((r) => [r.turn, r.status])).toEqual([
      [0, 529],
      [1, 200],
    ]);
  });

  it('answers the session-title side request without consuming a script turn', async () => {
    const api = await serve({
      turns: [{ blocks: [{ type: 'text', text: 'Only turn.' }] }],
      sideRequests: { blocks: [{ type: 'text', text: '{"title":"Scripted title"}' }] },
    });
    let title: unknown;
    const run = await runCli(api, {
      prompt: 'talk about cats',
      afterResult: async (send, next) => {
        const response = next('control_response');
        send({
          type: 'control_request',
          request_id: 'title-1',
          request: { subtype: 'generate_session_title', description: 'talk about cats', persist: false },
        });
        title = ((await response).response as { response?: { title?: unknown } }).response?.title;
      },
    });
    expect(resultOf(run).result).toBe('Only turn.');
    expect(title).toBe('Scripted title');
    const side = api.requests.filter((r) => r.kind === 'side');
    expect(side).toHaveLength(1);
    expect(side[0]?.turn).toBeNull();
    expect(api.turnsServed()).toBe(1);
    expect(api.problems).toEqual([]);
  });
});
