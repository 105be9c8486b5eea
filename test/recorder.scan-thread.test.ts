import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureWriter } from '../src/fixture/index.js';
import { createRedactor, scanForLeaks } from '../src/redact/index.js';

/**
 * The recorder's leak scan on its worker thread, as `clide-record` runs it (the built module: a
 * worker runs compiled JavaScript): the verdict is the one of scanning the finished file, and a
 * producer far ahead of it is asked to wait, then to go on.
 */
const BUILT = resolve('dist/src/redact/scan-thread.js');
type ScanThreadModule = typeof import('../src/redact/scan-thread.js');

let dir: string;
let leakScanThread: ScanThreadModule['leakScanThread'];
beforeAll(async () => {
  expect(existsSync(BUILT), 'run `npm run build` first').toBe(true);
  ({ leakScanThread } = (await import(pathToFileURL(BUILT).href)) as ScanThreadModule);
  dir = mkdtempSync(join(tmpdir(), 'clide-scan-thread-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ENV = { HOME: '/home/alice', MY_SERVICE_TOKEN: 'Tk9x-Zq8xT2mW9vR4kL7p' };

/** `workerAfter` 0: every line goes to the worker (the recorder starts it only past 256 KiB). */
function session(
  name: string,
  lines: string[],
  skip: string[] = [],
  onBacklog?: (behind: boolean) => void,
  workerAfter = 0,
) {
  const path = join(dir, `${name}.jsonl.recording`);
  const redactor = createRedactor({
    env: ENV,
    home: ENV.HOME,
    cwd: '/home/alice/shop',
    unsafeSkipRules: skip,
  });
  const scan = leakScanThread(path, redactor, { env: ENV }, onBacklog, workerAfter);
  const writer = createFixtureWriter(
    path,
    { argv: ['claude'] },
    { transform: redactor, buffer: true, onLine: (line) => scan.line(line) },
  );
  for (const line of lines) {
    writer.line('from-cli', line);
    writer.flush();
  }
  writer.close({ complete: true, exitCode: 0 });
  return { path, redactor, scan };
}

describe('the leak scan on its worker thread', () => {
  it('finds what the scan of the finished file finds, also a secret learnt after the line that holds it', async () => {
    const { path, redactor, scan } = session(
      'leak',
      [
        'note Hunter2Hunter2xQ here',
        JSON.stringify({ type: 'assistant', text: `token ${ENV.MY_SERVICE_TOKEN}` }),
        JSON.stringify({ type: 'assistant', text: 'password=Hunter2Hunter2xQ' }),
      ],
      ['env-secret', 'env-value'],
    );
    const leaks = await scan.finish();
    expect(leaks.map((l) => l.kind)).toEqual(
      expect.arrayContaining(['password-assignment', 'env:MY_SERVICE_TOKEN']),
    );
    expect(leaks).toEqual(await scanForLeaks(path, redactor.secretsSeen(), { env: ENV }));
  });

  it('scans a session too short to start the worker for on the calling thread: the same verdict', async () => {
    const lines = [
      'note Hunter2Hunter2xQ here',
      JSON.stringify({ type: 'assistant', text: `token ${ENV.MY_SERVICE_TOKEN}` }),
      JSON.stringify({ type: 'assistant', text: 'password=Hunter2Hunter2xQ' }),
    ];
    const short = session('short', lines, ['env-secret', 'env-value'], undefined, 256 * 1024);
    const leaks = await short.scan.finish();
    expect(leaks.map((l) => l.kind)).toEqual(
      expect.arrayContaining(['password-assignment', 'env:MY_SERVICE_TOKEN']),
    );
    expect(leaks).toEqual(await scanForLeaks(short.path, short.redactor.secretsSeen(), { env: ENV }));
    const clean = session(
      'short-clean',
      [JSON.stringify({ type: 'assistant', text: 'hi' })],
      [],
      undefined,
      256 * 1024,
    );
    expect(await clean.scan.finish()).toEqual([]);
  });

  it('gives a clean file a clean verdict', async () => {
    const { scan } = session('clean', [
      JSON.stringify({ type: 'assistant', text: 'read /home/alice/shop/x' }),
    ]);
    expect(await scan.finish()).toEqual([]);
  });

  it('asks a producer far ahead of it to wait, and to go on once it has caught up', async () => {
    const calls: boolean[] = [];
    const line = JSON.stringify({ type: 'assistant', text: 'x'.repeat(64 * 1024) });
    const { scan } = session(
      'backlog',
      Array.from({ length: 200 }, () => line),
      [],
      (behind) => calls.push(behind),
    );
    expect(await scan.finish()).toEqual([]);
    expect(calls[0]).toBe(true);
    expect(calls.at(-1)).toBe(false);
  }, 60_000);
});
