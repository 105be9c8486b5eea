/**
 * What the fake does with each control request and option, asked of the fake itself (in-process,
 * the one engine the executable runs): a control request is answered (success, or an error text of
 * the real CLI's) or refused (`Unsupported control request subtype`); an option is accepted or
 * refused by its parser (`unknown option`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnFakeClaude } from '../fake-claude/in-process.js';
import { isRecord } from '../util/json.js';

export type FakeVerdict = 'answered' | 'refused' | 'no-answer';

export interface FakeAnswer {
  verdict: FakeVerdict;
  /** The error text of an error reply or a refusal. */
  error?: string;
}

const SESSION_ARGV = [
  '-p',
  '--input-format',
  'stream-json',
  '--output-format',
  'stream-json',
  '--verbose',
  '--permission-prompt-tool',
  'stdio',
];

/** The fake's environment: the version it emulates and a one-turn model (no turn is asked for). */
function sandboxEnv(cliVersion: string, home: string): Record<string, string> {
  const scenario = join(home, 'model.json');
  writeFileSync(
    scenario,
    JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'ok' }] }] }),
  );
  return {
    CLIDE_FAKE_VERSION: cliVersion,
    CLIDE_FAKE_SCENARIO: scenario,
    HOME: home,
    PATH: process.env.PATH ?? '',
  };
}

/**
 * Sends `initialize`, then each request in turn (each after the answer to the one before), and
 * tells what the fake answered.
 */
export async function probeFakeControls(
  cliVersion: string,
  requests: ReadonlyArray<{ subtype: string; request: Record<string, unknown> }>,
  timeoutMs = 5_000,
): Promise<Map<string, FakeAnswer>> {
  const home = mkdtempSync(join(tmpdir(), 'clide-coverage-'));
  const child = spawnFakeClaude({
    command: 'claude',
    args: SESSION_ARGV,
    cwd: home,
    env: sandboxEnv(cliVersion, home),
  });
  const waiting = new Map<string, (response: Record<string, unknown> | undefined) => void>();
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        continue;
      }
      if (!isRecord(msg) || msg.type !== 'control_response' || !isRecord(msg.response)) continue;
      const id = String(msg.response.request_id ?? '');
      waiting.get(id)?.(msg.response);
    }
  });
  const ask = (id: string, request: Record<string, unknown>) =>
    new Promise<Record<string, unknown> | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      waiting.set(id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      child.stdin.write(`${JSON.stringify({ type: 'control_request', request_id: id, request })}\n`);
    });
  const out = new Map<string, FakeAnswer>();
  try {
    const init = await ask('probe-init', { subtype: 'initialize', hooks: {}, sdkMcpServers: [] });
    out.set('initialize', classify(init, home));
    let n = 0;
    for (const { subtype, request } of requests) {
      if (subtype === 'initialize') continue;
      n += 1;
      out.set(subtype, classify(await ask(`probe-${n}`, { ...request, subtype }), home));
    }
  } finally {
    child.stdin.end();
    const ended = await Promise.race([
      child.exited.then(() => true),
      new Promise((r) => setTimeout(() => r(false), timeoutMs)),
    ]);
    if (!ended) child.kill('SIGKILL');
    rmSync(home, { recursive: true, force: true });
  }
  return out;
}

/** `cwd`: the probe's folder, named `<cwd>` in an error text (a file path the fake names). */
function classify(response: Record<string, unknown> | undefined, cwd: string): FakeAnswer {
  if (response === undefined) return { verdict: 'no-answer' };
  if (response.subtype === 'success') return { verdict: 'answered' };
  const error = String(response.error ?? '').replaceAll(cwd, '<cwd>');
  if (/^Unsupported control request subtype/.test(error)) return { verdict: 'refused', error };
  return { verdict: 'answered', error };
}

/** Whether the fake's command line knows `flag` (a missing or bad value still means it does). */
export async function probeFakeOption(cliVersion: string, flag: string): Promise<FakeAnswer> {
  const home = mkdtempSync(join(tmpdir(), 'clide-coverage-'));
  try {
    const args = [...SESSION_ARGV, flag];
    const child = spawnFakeClaude({ command: 'claude', args, cwd: home, env: sandboxEnv(cliVersion, home) });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.stdout.resume();
    child.stdin.end();
    const exit = await Promise.race([
      child.exited,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 5_000)),
    ]);
    if (exit === undefined) {
      child.kill('SIGKILL');
      return { verdict: 'answered' };
    }
    const refused = /error: unknown option/.exec(stderr);
    return refused ? { verdict: 'refused', error: stderr.trim().split('\n')[0]! } : { verdict: 'answered' };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
