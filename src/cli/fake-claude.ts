// First, before any module builds a schema (see the module).
import './fake-claude-zod.js';
import {
  fdChunks,
  fdWriter,
  isPlainFd,
  isRegularFile,
  quietOnEpipe,
  streamChunks,
} from '../fake-claude/fd-stdio.js';
import { runFakeSession } from '../fake-claude/run.js';

/**
 * The `fake-claude` executable: a stand-in for the real `claude` (see src/fake-claude/). A thin
 * adapter: the process's stdio, argv, environment and cwd go to the one engine (the same the
 * in-process fake runs), and its exit becomes the process's. No top-level await: the bundle built
 * from this entry is a script (see rolldown.config.mjs). A stdin or stdout that is a file or
 * /dev/null is read and written as the descriptor itself (fd-stdio.ts), without Node's streams.
 */

// A regular file or /dev/null as the descriptor itself; a pipe, socket or terminal as Node's stream
// (fd-stdio.ts says why).
const stdout = isPlainFd(1)
  ? fdWriter(1, () => quietOnEpipe(process.stdout))
  : {
      write: (text: string) => quietOnEpipe(process.stdout).write(text),
      flush: (done: () => void) => {
        quietOnEpipe(process.stdout).write('', done);
      },
    };

// A file or /dev/null is no terminal; node:tty (for `isatty`) would load Node's whole net stack.
const plainStdin = isPlainFd(0);

void runFakeSession(process.argv.slice(2), {
  io: {
    stdin: plainStdin ? fdChunks(0) : streamChunks(process.stdin),
    stdinIsTTY: !plainStdin && process.stdin.isTTY === true,
    stdinIsFile: plainStdin && isRegularFile(0),
    stdout,
    stderr: { write: (text: string) => quietOnEpipe(process.stderr).write(text) },
  },
  env: process.env,
  cwd: process.cwd(),
  pid: process.pid,
}).then(({ exitCode, signal }) => {
  // Let stdout drain (pipes), then leave even if stdin is still open.
  stdout.flush(() => {
    if (signal) process.kill(process.pid, signal);
    process.exit(exitCode);
  });
});
