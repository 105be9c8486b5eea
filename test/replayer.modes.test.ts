import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `bin/fake-claude` in replay mode as a black box: the modes (CLIDE_FAKE_MODE), their validation,
 * and what a client sees on a mismatch. Needs `npm run build` (the bin runs dist/).
 */

const FAKE = resolve('bin/fake-claude');
const FIXTURE = resolve('fixtures/2.1.150/turn__plain.jsonl');
const ARGS = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const line = (content: string) => `${JSON.stringify({ type: 'user', message: { role: 'user', content } })}\n`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fake(input: string, env: Record<string, string>, args: string[] = ARGS) {
  const root = mkdtempSync(join(tmpdir(), 'replayer-bin-'));
  dirs.push(root);
  const run = await execa(FAKE, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: root, ...env },
    extendEnv: false,
    input,
    reject: false,
    timeout: 20_000,
  });
  const stdout = String(run.stdout)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { exitCode: run.exitCode, stdout, stderr: String(run.stderr), root };
}

describe('fake-claude replay mode (bin)', () => {
  it('replays a fixture named by --fixture to a matching client, with the real cwd', async () => {
    const run = await fake(line('Say hello.'), {}, [...ARGS, '--fixture', FIXTURE]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout.map((m) => `${m.type}/${m.subtype ?? ''}`)).toEqual([
      'system/init',
      'assistant/',
      'result/success',
    ]);
    expect(run.stdout[0]!.cwd).toBe(run.root);
  });

  it('strict (default): a mismatch names expected vs actual with a diff on stderr, then an error result and exit 1', async () => {
    const run = await fake(line('Say goodbye.'), { CLIDE_FAKE_FIXTURE: FIXTURE });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toHaveLength(1);
    expect(run.stdout[0]).toMatchObject({
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
    });
    expect(run.stderr).toContain('fake-claude: replay failed:');
    expect(run.stderr).toContain(`fixture: ${FIXTURE}`);
    expect(run.stderr).toContain('expected (frame seq 0');
    expect(run.stderr).toContain('actual (user)');
    expect(run.stderr).toContain('$.message.content[0].text: expected "Say hello.", actual "Say goodbye."');
    expect(run.stderr).toMatch(/-\s+"content": "Say hello\."/);
    expect(run.stderr).toMatch(/\+\s+"content": "Say goodbye\."/);
  });

  it('lenient: the same mismatch is a warning and the session completes as recorded', async () => {
    const run = await fake(line('Say goodbye.'), { CLIDE_FAKE_FIXTURE: FIXTURE, CLIDE_FAKE_MODE: 'lenient' });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain('replay warning (lenient mode, carrying on)');
    expect(run.stdout.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
  });

  it('a bad CLIDE_FAKE_MODE is a loud usage error naming the variable and the allowed values', async () => {
    const run = await fake(line('Say hello.'), { CLIDE_FAKE_FIXTURE: FIXTURE, CLIDE_FAKE_MODE: 'loose' });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toEqual([]);
    expect(run.stderr).toContain('CLIDE_FAKE_MODE="loose" is not a replay mode');
    expect(run.stderr).toContain('allowed values: strict, lenient');
  });

  it('a bad CLIDE_FAKE_PACING is a usage error too; a scale factor replays the same stream', async () => {
    const bad = await fake(line('Say hello.'), { CLIDE_FAKE_FIXTURE: FIXTURE, CLIDE_FAKE_PACING: 'fast' });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('CLIDE_FAKE_PACING="fast" is not a pacing');
    const scaled = await fake(line('Say hello.'), { CLIDE_FAKE_FIXTURE: FIXTURE, CLIDE_FAKE_PACING: '0.01' });
    expect(scaled.exitCode).toBe(0);
    expect(scaled.stdout.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
  });
});
