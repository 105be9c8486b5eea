// First, before any module builds a schema (see the module).
import './fake-claude-zod.js';
import { runFakeSession } from '../fake-claude/run.js';

/**
 * The `fake-claude` executable: a stand-in for the real `claude` (see src/fake-claude/). A thin
 * adapter: the process's streams, argv, environment and cwd go to the one engine (the same the
 * in-process fake runs), and its exit becomes the process's. No top-level await: the bundle built
 * from this entry is a script (see rolldown.config.mjs).
 */

// A reader that goes away (`fake-claude … | head`) ends the output, not the session: as the real
// CLI does, the rest of the output is dropped and the session runs on to its usual exit, with no
// stack trace for the broken pipe.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

void runFakeSession(process.argv.slice(2), {
  io: {
    stdin: process.stdin,
    stdinIsTTY: process.stdin.isTTY === true,
    stdout: process.stdout,
    stderr: process.stderr,
  },
  env: process.env,
  cwd: process.cwd(),
  pid: process.pid,
}).then(({ exitCode, signal }) => {
  // Let stdout drain (pipes), then leave even if stdin is still open.
  process.stdout.write('', () => {
    if (signal) process.kill(process.pid, signal);
    process.exit(exitCode);
  });
});
