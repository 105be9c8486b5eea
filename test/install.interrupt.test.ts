import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * SIGINT / SIGTERM while a CLI is being installed: npm's whole process group is killed and the
 * command leaves at once with 130 / 143, the unfinished install removed; nothing keeps running.
 * The npm on PATH is a stand-in that starts a child of its own and waits (an install that takes a
 * minute), so that a leftover shows. Black box: the built bin (run `npm run build` first).
 */

const BIN = resolve('bin/clide-conformance');

let dir: string;
let fakeBin: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-install-interrupt-'));
  fakeBin = join(dir, 'bin');
  mkdirSync(fakeBin);
  writeFileSync(
    join(fakeBin, 'npm'),
    [
      '#!/bin/sh',
      'echo $$ > "$CLIDE_TEST_MARK/npm.pid"',
      'sleep 60 &',
      'echo $! > "$CLIDE_TEST_MARK/child.pid"',
      'wait',
      '',
    ].join('\n'),
  );
  chmodSync(join(fakeBin, 'npm'), 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The processes a test started (the command, npm, npm's child): none may outlive it. */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

/** Whether `pid` is a live process (a zombie waiting to be reaped is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return condition();
}

/** The command started with the stand-in npm; resolves once npm (and its child) run. */
async function startInstalling(args: string[]) {
  const mark = mkdtempSync(join(dir, 'mark-'));
  const cache = join(mark, 'cache');
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      PATH: `${fakeBin}:${process.env.PATH}`,
      CLIDE_CACHE_DIR: cache,
      CLIDE_TEST_MARK: mark,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  if (child.pid !== undefined) started.push(child.pid);
  const running = await until(() => existsSync(join(mark, 'child.pid')), 20_000);
  if (!running) throw new Error(`npm never started: ${stderr}`);
  const pid = (name: string) => Number(readFileSync(join(mark, name), 'utf8').trim());
  started.push(pid('npm.pid'), pid('child.pid'));
  return { child, closed, stderr: () => stderr, npm: pid('npm.pid'), npmChild: pid('child.pid'), cache };
}

describe.each([
  ['install', ['install', '9.9.9']],
  ['run', ['run', '--cc-version', '9.9.9', '--only', 'control/get-binary-version', '--quiet']],
])('%s interrupted while npm installs the CLI', (_name, args) => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    '%s: npm and its child are killed, the command leaves at once with %d, the install is removed',
    async (signal, code) => {
      const run = await startInstalling(
        args[0] === 'run' ? [...args, '--report-dir', join(dir, `report-${signal}`)] : args,
      );
      const sent = Date.now();
      run.child.kill(signal);
      const [exitCode] = await Promise.race([
        run.closed,
        new Promise<[string, null]>((r) => setTimeout(() => r(['still running after 5 s', null]), 5000)),
      ]);
      expect(exitCode, run.stderr()).toBe(code);
      expect(Date.now() - sent).toBeLessThan(5000);
      expect(await until(() => !alive(run.npm) && !alive(run.npmChild), 2000)).toBe(true);
      expect(run.stderr()).toContain(`was interrupted by ${signal}`);
      const claude = join(run.cache, 'claude');
      expect(existsSync(claude) ? readdirSync(claude) : []).toEqual([]);
    },
  );
});
