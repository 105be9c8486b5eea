import { describe, expect, test } from 'vitest';
import type { ClideError } from '../errors/index.js';
import { withInterrupt } from './interrupt.js';

describe('withInterrupt', () => {
  test('a SIGTERM aborts the signal with an interrupted error of exit code 143, and says so once', async () => {
    const before = process.listenerCount('SIGTERM');
    const said: string[] = [];
    const { value, interrupted } = await withInterrupt(
      'the test',
      async (signal) => {
        process.kill(process.pid, 'SIGTERM');
        await new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => resolve(), { once: true }),
        );
        const reason = signal.reason as ClideError;
        return { code: reason.code, exitCode: reason.exitCode, message: reason.message };
      },
      (line) => said.push(line),
      { exitOnLaterSignal: false },
    );
    expect(value).toEqual({
      code: 'interrupted',
      exitCode: 143,
      message: 'the test was interrupted by SIGTERM',
    });
    expect(interrupted).toBe('SIGTERM');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^SIGTERM: stopping the test/);
    // The handlers are gone: the process's own default comes back.
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  test('a SIGINT gives 130; a body that was not interrupted reports none', async () => {
    const { value } = await withInterrupt(
      'x',
      async (signal) => {
        process.kill(process.pid, 'SIGINT');
        await new Promise((r) => setTimeout(r, 50));
        return (signal.reason as ClideError).exitCode;
      },
      () => {},
      { exitOnLaterSignal: false },
    );
    expect(value).toBe(130);
    const quiet = await withInterrupt(
      'y',
      async (signal) => signal.aborted,
      () => {},
    );
    expect(quiet).toEqual({ value: false, interrupted: undefined });
  });
});
