import { describe, expect, test } from 'vitest';
import { outputAsOf } from './command-hook-process.js';

const read = (stdout: string, at: number) => ({ stdout, stderr: '', output: stdout, at });

describe("outputAsOf: a progress tick reports the hook's output as it stood at the tick's due time", () => {
  // The hook wrote `checking`, then `checked` 1.6 s later; the reads are kept with their times.
  const history = [read('checking\n', 40), read('checking\nchecked\n', 1_650)];

  test('a tick on time: what had been read by then', () => {
    expect(outputAsOf(history, 1_000)?.stdout).toBe('checking\n');
    expect(outputAsOf(history, 2_000)?.stdout).toBe('checking\nchecked\n');
  });

  test('a tick that ran late (a starved machine read `checked` before the tick ran): still its own second', () => {
    // The history is what a late tick finds: `checked` read at 1,650 ms, the tick due at 1,000.
    expect(outputAsOf(history, 1_000)).toEqual({ stdout: 'checking\n', stderr: '', output: 'checking\n' });
  });

  test('nothing read by the due time: nothing to report; a read at the due time itself counts', () => {
    expect(outputAsOf(history, 39)).toBeUndefined();
    expect(outputAsOf(history, 40)?.stdout).toBe('checking\n');
    expect(outputAsOf([], 1_000)).toBeUndefined();
  });
});
