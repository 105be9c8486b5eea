import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { liveSandboxes } from '../src/driver/index.js';
import { interruptedError } from '../src/errors/index.js';
import { readFixture } from '../src/fixture/index.js';
import { recordCorpus } from '../src/pin/index.js';

/**
 * Interrupting `clide-conformance record` (black box, the real pinned CLI) and the corpus
 * recording of `pin` (function level: `pin` itself only writes into the kit's own checkout, so its
 * recording step, `recordCorpus`, is driven into a temp folder with the same AbortSignal `pin`
 * hands it).
 */

const bin = join(packageInfo().root, 'bin', 'clide-conformance');
const made: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Live (not zombie) processes whose environment, command line or cwd mention `mark`. */
function processesMarkedBy(mark: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8');
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${name}/cwd`);
      } catch {
        // not readable
      }
      if (environ.includes(mark) || cmd.includes(mark) || cwd.startsWith(mark)) hits.push(`${name} ${cmd}`);
    } catch {
      // gone meanwhile
    }
  }
  return hits;
}

async function until(condition: () => boolean, what: string | (() => string), ms = 45_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('clide-conformance record, interrupted', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    test(`${signal}: the CLI is stopped, the fixture keeps what was recorded and says it was cut, exit ${code}`, async () => {
      const dir = temp('clide-record-interrupt-');
      const out = join(dir, 'session.jsonl');
      const child = execa(
        process.execPath,
        [
          bin,
          'record',
          '--out',
          out,
          '--',
          inject('claudeBinary'),
          '-p',
          '--input-format',
          'stream-json',
          '--output-format',
          'stream-json',
          '--verbose',
        ],
        // The CLI gets the folder as its TMPDIR: every process of the recording carries it.
        { env: { TMPDIR: dir, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' }, reject: false, stdin: 'pipe' },
      );
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
      });
      child.stdin?.write(
        `${JSON.stringify({ type: 'control_request', request_id: 'r1', request: { subtype: 'initialize' } })}\n`,
      );
      await until(() => stdout.includes('"request_id":"r1"'), 'the reply to initialize');
      expect(processesMarkedBy(dir).length).toBeGreaterThan(1);
      child.kill(signal);
      const result = await child;
      expect(processesMarkedBy(dir)).toEqual([]);
      expect(result.exitCode).toBe(code);
      expect(String(result.stderr)).toContain(`(interrupted by ${signal})`);
      const fixture = await readFixture(out);
      expect(fixture.complete).toBe(false);
      expect(fixture.trailer?.reason).toContain(`received ${signal}`);
      expect(fixture.frames.some((f) => f.dir === 'to-cli')).toBe(true);
      expect(fixture.frames.some((f) => f.dir === 'from-cli')).toBe(true);
      expect(existsSync(`${out}.recording`)).toBe(false);
    });
  }
});

describe("pin's corpus recording, interrupted", () => {
  test('stops its recorders and CLIs, removes its sandboxes and partial recordings, keeps the finished fixtures', async () => {
    const root = temp('clide-pin-interrupt-');
    const dir = join(root, 'fixtures');
    const failedDir = join(root, 'failed');
    // Sandboxes and the auxiliary recordings go below the temp folder; every process carries it.
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = root;
    const controller = new AbortController();
    const progress: string[] = [];
    const only = ['control/get-binary-version', 'session/resume', 'interrupt/slow-turn'];
    let runningAtAbort = 0;
    let result: Awaited<ReturnType<typeof recordCorpus>>;
    try {
      const recording = recordCorpus({
        version: packageInfo().pinned,
        binaryPath: inject('claudeBinary'),
        dir,
        failedDir,
        only,
        jobs: 2,
        signal: controller.signal,
        onProgress: (line) => progress.push(line),
      });
      await until(
        () => progress.some((l) => l.startsWith('recorded ')) && processesMarkedBy(root).length > 0,
        () =>
          `one recorded fixture and a running recorder (progress so far: ${progress.join(' | ') || 'none'})`,
        45_000,
      );
      runningAtAbort = processesMarkedBy(root).length;
      controller.abort(interruptedError('SIGINT', 'pin'));
      result = await recording;
    } finally {
      process.env.TMPDIR = savedTmp;
    }
    expect(runningAtAbort).toBeGreaterThan(0);
    expect(processesMarkedBy(root)).toEqual([]);
    expect(liveSandboxes()).toEqual([]);
    expect(readdirSync(root).sort()).toEqual(['failed', 'fixtures']);
    expect(result.recorded.length).toBeGreaterThan(0);
    expect(result.notRecorded.length).toBeGreaterThan(0);
    expect(result.failed).toEqual([]);
    expect([...result.recorded.map((r) => r.id), ...result.notRecorded].sort()).toEqual([...only].sort());
    // Only the finished fixtures are left, each complete and under its final name.
    const files = readdirSync(dir).sort();
    expect(files).toEqual(result.recorded.map((r) => r.file.slice(dir.length + 1)).sort());
    for (const r of result.recorded) expect((await readFixture(r.file)).complete).toBe(true);
    expect(readdirSync(failedDir)).toEqual([]);
  }, 120_000);
});
