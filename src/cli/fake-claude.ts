import { runFakeSession } from '../fake-claude/run.js';

/**
 * The `fake-claude` executable: a stand-in for the real `claude` (see src/fake-claude/). A thin
 * adapter: the process's streams, argv, environment and cwd go to the one engine (the same the
 * in-process fake runs), and its exit becomes the process's.
 */
const { exitCode, signal } = await runFakeSession(process.argv.slice(2), {
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
// Let stdout drain (pipes), then leave even if stdin is still open.
process.stdout.write('', () => {
  if (signal) process.kill(process.pid, signal);
  process.exit(exitCode);
});
