import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A command hook's progress, reported once a second, is the output the hook had written by that
 * second — also when the fake is starved of CPU and its tick runs late. Starvation is made real:
 * the process running the hook is stopped (SIGSTOP) across its first tick while the hook goes on
 * writing, then continued; on waking it reads the late output before its overdue tick runs.
 */
const moduleUrl = new URL('../dist/src/fake-claude/scripted/command-hook-process.js', import.meta.url).href;

const script = `
const { runCommandHook } = await import(${JSON.stringify(moduleUrl)});
const progress = [];
const run = await runCommandHook('echo checking; sleep 0.6; echo checked; sleep 1.6', {}, {
  cwd: process.cwd(),
  env: { PATH: process.env.PATH },
  timeoutMs: 20000,
  onProgress: (output) => progress.push(output.stdout),
});
process.stdout.write(JSON.stringify({ progress, stdout: run.stdout, exitCode: run.exitCode }));
`;

function runStarved(): Promise<{ progress: string[]; stdout: string; exitCode: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    // Stopped from 0.4 s (after `checking`, before the first tick) to 1.6 s (after `checked` at
    // ~0.6 s, past the tick due at 1 s): on waking, the fake sees `checked` and an overdue tick.
    const stop = setTimeout(() => child.kill('SIGSTOP'), 400);
    const cont = setTimeout(() => child.kill('SIGCONT'), 1_600);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(stop);
      clearTimeout(cont);
      if (code !== 0) reject(new Error(`the hook runner exited ${code}: ${err}`));
      else resolve(JSON.parse(out));
    });
  });
}

describe('a command hook run by the fake, on a starved machine', () => {
  it('reports at a late tick the output written by the tick’s own second, not what came later', async () => {
    const result = await runStarved();
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('checking\nchecked\n');
    // The tick due at 1 s ran at ~1.6 s; later ticks depend on the machine's pace.
    expect(result.progress[0]).toBe('checking\n');
  });
});
