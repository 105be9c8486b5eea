import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { query, type SDKMessage, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { createSandbox, type Sandbox, sandboxEnv } from '../src/driver/index.js';
import { fakeClaude } from '../src/fake-claude/index.js';
import { type ModelScript, startModelApi } from '../src/model-api/index.js';
import { script, text, toolUse } from '../src/scenarios/index.js';

/**
 * What docs/mock-claude.md ("Interrupts") says an interrupt does, held to the real CLI: the same
 * client drives the real `claude` and `bin/fake-claude` of each pinned version over stream-json,
 * and both must say the same, in the same order, and exit alike; then the Agent SDK's `for await`
 * over the real CLI and the in-process fake.
 */
const FAKE = join(packageInfo().root, 'bin', 'fake-claude');
const STREAM_JSON = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const PERMISSION = ['--permission-prompt-tool', 'stdio'];

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const slow = script(
  {
    blocks: [text('This answer streams very slowly, word by word, so it can be interrupted.')],
    chunkDelayMs: 400,
  },
  [text('Second turn.')],
);
const pendingWrite = script(
  [toolUse('toolu_01Pending', 'Write', { file_path: 'b.txt', content: 'y\n' })],
  [text('unused')],
);

type Step = 'interrupt-after-init' | 'interrupt-on-prompt';
interface Plan {
  step: Step;
  /** After the interrupted turn's result: another user turn (then an interrupt while idle), or the end of stdin. */
  after: 'end' | 'another-turn';
}

const user = (content: string) => ({ type: 'user', message: { role: 'user', content } });
const interrupt = (id: string) => ({
  type: 'control_request',
  request_id: id,
  request: { subtype: 'interrupt' },
});

/** One session of `binary` over stream-json, driven by `plan`; returns what it said (in short) and its exit code. */
async function drive(
  side: 'real' | 'fake',
  version: string,
  model: ModelScript,
  plan: Plan,
): Promise<{ said: string[]; exitCode: number | null }> {
  const sandbox: Sandbox = createSandbox();
  cleanups.push(() => sandbox.dispose());
  let env: Record<string, string>;
  let binary: string;
  if (side === 'real') {
    const api = await startModelApi({ script: model });
    cleanups.push(() => api.close());
    env = sandboxEnv({ sandbox, modelApiUrl: api.url });
    binary = inject('claudeBinaries')[version]!;
  } else {
    const file = join(sandbox.root, 'model.json');
    writeFileSync(file, JSON.stringify(model));
    env = { ...sandboxEnv({ sandbox }), CLIDE_FAKE_SCENARIO: file, CLIDE_FAKE_VERSION: version };
    binary = FAKE;
  }
  const child = spawn(binary, [...STREAM_JSON, ...PERMISSION], { cwd: sandbox.cwd, env });
  const said: string[] = [];
  const send = (frame: unknown) => child.stdin.write(`${JSON.stringify(frame)}\n`);
  let results = 0;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter((l) => l.trim() !== '')) {
      const m = JSON.parse(line) as Frame;
      if (m.type === 'stream_event') continue;
      if (m.type === 'system' && m.subtype === 'init') {
        if (plan.step === 'interrupt-after-init' && results === 0)
          setTimeout(() => send(interrupt('int-1')), 900);
        continue;
      }
      said.push(summary(m));
      if (
        m.type === 'control_request' &&
        m.request?.subtype === 'can_use_tool' &&
        plan.step === 'interrupt-on-prompt'
      ) {
        send(interrupt('int-1'));
      }
      if (m.type === 'result' && ++results === 1 && plan.after === 'another-turn')
        send(user('Are you there?'));
      else if (m.type === 'result') {
        // The turn is over: an interrupt while idle, then the end of stdin.
        send(interrupt('int-idle'));
        setTimeout(() => child.stdin.end(), 300);
      }
    }
  });
  send(user('Tell me a long story.'));
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { said, exitCode };
}

/** The fields of a stdout line the summary reads. */
interface Frame {
  type: string;
  subtype?: string;
  is_error?: boolean;
  errors?: string[];
  request?: { subtype: string };
  response?: { subtype: string; request_id: string; response?: unknown };
  message?: { content: Array<{ type: string; text?: string; is_error?: boolean }> };
}

/** A message in short: its kind, and what the docs state of it. */
function summary(m: Frame): string {
  if (m.type === 'control_response') {
    const r = m.response ?? { subtype: '?', request_id: '?' };
    return `control_response ${r.subtype} ${r.request_id}${r.response ? ` ${JSON.stringify(r.response)}` : ''}`;
  }
  if (m.type === 'control_request') return `control_request ${m.request?.subtype}`;
  if (m.type === 'control_cancel_request') return 'control_cancel_request';
  if (m.type === 'user') {
    const block = m.message?.content[0];
    return block?.type === 'text'
      ? `user ${block.text}`
      : `user ${block?.type}${block?.is_error ? ' (error)' : ''}`;
  }
  if (m.type === 'result') return `result ${m.subtype}${m.is_error ? ` ${m.errors?.[0] ?? ''}` : ''}`;
  return `${m.type}${m.subtype ? `/${m.subtype}` : ''}`;
}

const ANSWER: Record<string, string> = { '2.1.150': '', '2.1.332': ' {"still_queued":[]}' };

describe.each(['2.1.150', '2.1.332'])(
  'an interrupt, claude %s: the fake says what the real CLI says',
  (version) => {
    const answer = (id: string) => `control_response success ${id}${ANSWER[version]}`;

    test('during a model turn: answered at once, the marker, error_during_execution; the session exits 1 when that turn is its last', async () => {
      const plan: Plan = { step: 'interrupt-after-init', after: 'end' };
      const [real, fake] = await Promise.all([
        drive('real', version, slow, plan),
        drive('fake', version, slow, plan),
      ]);
      expect(real).toEqual({
        said: [
          answer('int-1'),
          'user [Request interrupted by user]',
          'result error_during_execution [ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null',
          answer('int-idle'),
        ],
        exitCode: 1,
      });
      expect(fake).toEqual(real);
    }, 60_000);

    test('the session goes on: the next turn is answered, and after it the session exits 0', async () => {
      const plan: Plan = { step: 'interrupt-after-init', after: 'another-turn' };
      const [real, fake] = await Promise.all([
        drive('real', version, slow, plan),
        drive('fake', version, slow, plan),
      ]);
      expect(real.said.slice(0, 3)).toEqual([
        answer('int-1'),
        'user [Request interrupted by user]',
        'result error_during_execution [ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null',
      ]);
      expect(real.said.slice(3)).toEqual(['assistant', 'result success', answer('int-idle')]);
      expect(real.exitCode).toBe(0);
      expect(fake).toEqual(real);
    }, 60_000);

    test('while a permission prompt waits: the prompt is cancelled first, the tool is refused, then the marker for tool use', async () => {
      const plan: Plan = { step: 'interrupt-on-prompt', after: 'end' };
      const [real, fake] = await Promise.all([
        drive('real', version, pendingWrite, plan),
        drive('fake', version, pendingWrite, plan),
      ]);
      expect(real).toEqual({
        said: [
          'assistant',
          'control_request can_use_tool',
          'control_cancel_request',
          answer('int-1'),
          'user tool_result (error)',
          'user [Request interrupted by user for tool use]',
          'result error_during_execution [ede_diagnostic] result_type=user last_content_type=n/a stop_reason=tool_use',
          answer('int-idle'),
        ],
        exitCode: 1,
      });
      expect(fake).toEqual(real);
    }, 60_000);
  },
);

describe("the Agent SDK's for await after q.interrupt(), real CLI and in-process fake alike", () => {
  const version = packageInfo().pinned;

  /** One SDK session: interrupt the slow turn, then (`another`) one more prompt; what the loop saw and threw. */
  async function sdkSession(side: 'real' | 'fake', another: boolean) {
    const sandbox = createSandbox();
    cleanups.push(() => sandbox.dispose());
    let options: Record<string, unknown>;
    if (side === 'real') {
      const api = await startModelApi({ script: slow });
      cleanups.push(() => api.close());
      options = {
        pathToClaudeCodeExecutable: inject('claudeBinaries')[version],
        env: sandboxEnv({ sandbox, modelApiUrl: api.url }),
      };
    } else {
      const fake = await fakeClaude({ scenario: slow, version });
      cleanups.push(() => fake.close());
      options = { ...fake.sdkOptions };
    }
    let close: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      close = resolve;
    });
    const prompts = [user('Tell me a long story.'), ...(another ? [user('Are you there?')] : [])];
    let release: () => void = () => {};
    async function* prompt(): AsyncGenerator<SDKUserMessage> {
      for (const [i, p] of prompts.entries()) {
        if (i > 0) await new Promise<void>((resolve) => (release = resolve));
        yield { ...(p as SDKUserMessage), parent_tool_use_id: null, session_id: '' };
      }
      await closed;
    }
    const q = query({ prompt: prompt(), options: { ...options, cwd: sandbox.cwd, settingSources: [] } });
    const results: string[] = [];
    let thrown: string | undefined;
    try {
      for await (const message of q as AsyncIterable<SDKMessage>) {
        if (message.type === 'system' && message.subtype === 'init' && results.length === 0) {
          await new Promise((r) => setTimeout(r, 900));
          await q.interrupt();
        }
        if (message.type === 'result') {
          results.push(message.subtype);
          if (results.length < prompts.length) release();
          else close();
        }
      }
    } catch (error) {
      thrown = error instanceof Error ? error.message : String(error);
    }
    return { results, thrown };
  }

  test('the interrupted turn is the last: the loop yields its result, then throws the error result', async () => {
    const [real, fake] = await Promise.all([sdkSession('real', false), sdkSession('fake', false)]);
    expect(real).toEqual({
      results: ['error_during_execution'],
      thrown:
        'Claude Code returned an error result: [ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null',
    });
    expect(fake).toEqual(real);
  }, 60_000);

  test('a turn after it succeeds: the loop ends without throwing', async () => {
    const [real, fake] = await Promise.all([sdkSession('real', true), sdkSession('fake', true)]);
    expect(real).toEqual({ results: ['error_during_execution', 'success'], thrown: undefined });
    expect(fake).toEqual(real);
  }, 60_000);
});
