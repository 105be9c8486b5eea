import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { describeProcessState, processState } from './process-state.js';

describe('processState, read from /proc', () => {
  test('a shell waiting on its child: sleeping, with that child named', async () => {
    const shell = spawn('/bin/sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    try {
      let state = processState(shell.pid!);
      // Until the shell has started its child and waits (after the fork it runs on a moment before
      // it waits, and the child is `sh` until it has exec'd `sleep`: on a loaded machine /proc can
      // show either).
      const settled = () =>
        state?.state === 'S' && state.children.length === 1 && state.children[0]?.command === 'sleep';
      for (let i = 0; i < 100 && !settled(); i++) {
        await sleep(20);
        state = processState(shell.pid!);
      }
      expect(state?.state).toBe('S');
      expect(state?.children.map((c) => c.command)).toEqual(['sleep']);
      expect(state?.threads).toBe(1);
      expect(describeProcessState(state!)).toMatch(
        /^sleeping.*, \d+\.\d\d s of CPU, 1 threads, child processes sleep \(\d+\)$/,
      );
    } finally {
      shell.kill('SIGKILL');
      await once(shell, 'exit');
    }
  });

  test('a busy process: running, its CPU time counted', async () => {
    const busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    try {
      let state = processState(busy.pid!);
      for (let i = 0; i < 200 && !(state && state.state === 'R' && state.cpuSeconds >= 0.05); i++) {
        await sleep(10);
        state = processState(busy.pid!);
      }
      expect(state?.state).toBe('R');
      expect(describeProcessState(state!)).toMatch(
        /^running, \d+\.\d\d s of CPU, \d+ threads, no child process$/,
      );
    } finally {
      busy.kill('SIGKILL');
      await once(busy, 'exit');
    }
  });

  test('a process that is gone: undefined', async () => {
    const gone = spawn('/bin/true', { stdio: 'ignore' });
    await once(gone, 'exit');
    // Reaped by Node: /proc has no such pid any more.
    expect(processState(gone.pid!)).toBeUndefined();
  });
});
