import { isClideError } from '../errors/index.js';
import { runFakeClaude } from '../fake-claude/run.js';

/** The `fake-claude` executable: a stand-in for the real `claude` (see src/fake-claude/). */
async function main(): Promise<{ exitCode: number; signal?: NodeJS.Signals }> {
  try {
    return await runFakeClaude(process.argv.slice(2), {
      io: {
        stdin: process.stdin,
        stdinIsTTY: process.stdin.isTTY === true,
        stdout: process.stdout,
        stderr: process.stderr,
      },
      env: process.env,
      cwd: process.cwd(),
      pid: process.pid,
    });
  } catch (error) {
    if (isClideError(error)) {
      process.stderr.write(`fake-claude: ${error.render()}\n`);
      return { exitCode: error.exitCode };
    }
    process.stderr.write(
      `fake-claude: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return { exitCode: 70 };
  }
}

const { exitCode, signal } = await main();
// Let stdout drain (pipes), then leave even if stdin is still open.
process.stdout.write('', () => {
  if (signal) process.kill(process.pid, signal);
  process.exit(exitCode);
});
