import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { ClideError } from '../../errors/index.js';
import { runMockApi } from './mock-api.js';

const dir = mkdtempSync(join(tmpdir(), 'mock-api-cmd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scriptFile = join(dir, 'one-turn.json');
writeFileSync(
  scriptFile,
  JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'scripted' }] }] }),
);

/** Starts `mock-api` in-process; `stop()` plays the part of SIGINT. */
function start(flags: { script: string; port?: string; host?: string }) {
  let stop!: (reason: string) => void;
  const stdout: string[] = [];
  const stderr: string[] = [];
  let announce!: (url: string) => void;
  const url = new Promise<string>((resolve) => {
    announce = resolve;
  });
  const exit = runMockApi(
    { port: '0', host: '127.0.0.1', ...flags },
    {
      stdout: (text) => {
        stdout.push(text);
        announce(text.trim().replace(/^ANTHROPIC_BASE_URL=/, ''));
      },
      stderr: (text) => stderr.push(text),
      stop: new Promise((resolve) => {
        stop = resolve;
      }),
    },
  );
  return { url, exit, stdout, stderr, stop: (reason = 'SIGINT') => stop(reason) };
}

const ask = {
  model: 'claude-test',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'hi' }],
  tools: [{ name: 'Write', input_schema: { type: 'object' as const } }],
};

describe('clide-conformance mock-api', () => {
  it('prints one ANTHROPIC_BASE_URL line, serves the script, logs requests and exits 0 when stopped', async () => {
    const run = start({ script: scriptFile });
    const url = await run.url;
    expect(run.stdout).toEqual([expect.stringMatching(/^ANTHROPIC_BASE_URL=http:\/\/127\.0\.0\.1:\d+\n$/)]);
    const client = new Anthropic({ apiKey: 'k', baseURL: url, maxRetries: 0 });
    expect((await client.messages.stream(ask).finalMessage()).content).toEqual([
      { type: 'text', text: 'scripted' },
    ]);
    run.stop('SIGTERM');
    expect(await run.exit).toBe(0);
    const log = run.stderr.join('');
    expect(log).toContain('POST /v1/messages -> conversation, turn 0');
    expect(log).toContain(
      'SIGTERM: stopped after 1 request(s); 1 turn(s) served, 0 not reached, 0 problem(s)',
    );
    expect(run.stdout).toHaveLength(1);
  });

  it('logs the problem and exits 1 when the script ran out of turns', async () => {
    const run = start({ script: scriptFile });
    const client = new Anthropic({ apiKey: 'k', baseURL: await run.url, maxRetries: 0 });
    await client.messages.stream(ask).finalMessage();
    await expect(client.messages.stream(ask).finalMessage()).rejects.toThrow(/model script exhausted/);
    run.stop();
    expect(await run.exit).toBe(1);
    expect(run.stderr.join('')).toContain('PROBLEM: clide-conformance model script exhausted');
  });

  it('rejects a bad port and a bad script before listening', async () => {
    await expect(start({ script: scriptFile, port: 'eighty' }).exit).rejects.toThrow(ClideError);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, turns: [{ blocks: 'x' }] }));
    const error = await start({ script: bad }).exit.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('model-script');
    expect((error as ClideError).render()).toContain('$.turns[0].blocks');
  });
});
