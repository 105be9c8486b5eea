import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `bin/fake-claude` replaying a fixture whose recorded Write is hostile or broken: it never writes
 * outside the session's folder, and a path it cannot apply ends the session with a fixture error
 * naming the frame (exit 2), never an internal error. Needs `npm run build` (the bin runs dist/).
 */

const FAKE = resolve('bin/fake-claude');
const SOURCE = resolve('fixtures/2.1.332/permission-mode__bypass.jsonl');
const ARGS = ['--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The bypass fixture (a Write of banana.txt at seq 4) with the recorded Write path replaced. */
function fixtureWithWritePath(
  root: string,
  filePath: string,
): { fixture: string; input: string; seq: number } {
  let seq = -1;
  const input: string[] = [];
  const lines = readFileSync(SOURCE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const record = JSON.parse(line) as {
        kind: string;
        seq: number;
        dir: string;
        msg?: Record<string, unknown>;
      };
      if (record.kind === 'frame' && record.dir === 'to-cli') input.push(JSON.stringify(record.msg));
      const result = record.msg?.tool_use_result as Record<string, unknown> | undefined;
      if (record.kind === 'frame' && result?.type === 'create') {
        result.filePath = filePath;
        seq = record.seq;
      }
      return JSON.stringify(record);
    });
  const fixture = join(root, 'hostile.jsonl');
  writeFileSync(fixture, `${lines.join('\n')}\n`);
  return { fixture, input: `${input.join('\n')}\n`, seq };
}

async function replay(filePath: string, prepare: (cwd: string, outside: string) => void = () => {}) {
  const root = mkdtempSync(join(tmpdir(), 'replayer-confined-'));
  dirs.push(root);
  const cwd = join(root, 'session');
  const outside = join(root, 'outside');
  mkdirSync(cwd);
  mkdirSync(outside);
  prepare(cwd, outside);
  const { fixture, input, seq } = fixtureWithWritePath(root, filePath);
  const run = await execa(FAKE, [...ARGS, '--fixture', fixture], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: root },
    extendEnv: false,
    input,
    reject: false,
    timeout: 20_000,
  });
  return {
    exitCode: run.exitCode,
    stdout: String(run.stdout),
    stderr: String(run.stderr),
    cwd,
    outside,
    seq,
  };
}

describe('fake-claude replay: recorded Write paths confined to the session folder (bin)', () => {
  it('a Write through a symbolic link in the session folder that leads outside it writes nothing there: a fixture error naming the frame', async () => {
    const run = await replay('$CWD/link/escaped.txt', (cwd, outside) =>
      symlinkSync(outside, join(cwd, 'link')),
    );
    expect(existsSync(join(run.outside, 'escaped.txt'))).toBe(false);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error[fixture]');
    expect(run.stderr).toContain(`frame seq ${run.seq}`);
    expect(run.stderr).toContain('outside the working folder');
    expect(run.stderr).not.toContain('internal error');
    // The client is told the session failed.
    const last = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({ type: 'result', is_error: true });
  });

  it('a recorded Write path with a NUL byte is a fixture error naming the frame, not an internal error', async () => {
    const run = await replay('$CWD/a\u0000b.txt');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error[fixture]');
    expect(run.stderr).toContain(`frame seq ${run.seq}`);
    expect(run.stderr).toContain('NUL');
    expect(run.stderr).not.toContain('internal error');
  });

  it('a recorded Write onto a folder is a fixture error naming the frame, not an internal error', async () => {
    const run = await replay('$CWD/sub', (cwd) => mkdirSync(join(cwd, 'sub')));
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error[fixture]');
    expect(run.stderr).toContain(`frame seq ${run.seq}`);
    expect(run.stderr).toContain('is a folder');
    expect(run.stderr).not.toContain('internal error');
  });

  it('the unchanged fixture still replays its Write inside the session folder', async () => {
    const run = await replay('banana.txt');
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(readFileSync(join(run.cwd, 'banana.txt'), 'utf8')).toBe('yellow\n');
  });
});
