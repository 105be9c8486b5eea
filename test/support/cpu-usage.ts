/**
 * Opt-in (CLIDE_TEST_CPU=<file>): appends one line per test file to <file> with the CPU seconds
 * the file cost — its worker's own user + sys and that of the processes it started and reaped (the
 * real CLIs, fake-claude, npm, tsc) — read from /proc/self/stat (Linux) — and when it started and
 * ended (epoch milliseconds: the run's timeline). See docs/test-suite-time.md.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const out = process.env.CLIDE_TEST_CPU;

/** [own, children] CPU seconds of this process, from /proc/self/stat. */
function cpu(): [number, number] {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 100;
  return [(Number(f[11]) + Number(f[12])) / tick, (Number(f[13]) + Number(f[14])) / tick];
}

if (out) {
  // Taken as the file's modules load (before its own imports run), so collection counts too.
  const start = cpu();
  const wall = Date.now();
  afterAll(() => {
    const end = cpu();
    const file = expect.getState().testPath ?? '?';
    appendFileSync(
      out,
      `${JSON.stringify({ file, pid: process.pid, own: +(end[0] - start[0]).toFixed(2), children: +(end[1] - start[1]).toFixed(2), wall: (Date.now() - wall) / 1000, start: wall, end: Date.now() })}\n`,
    );
  });
}
