import { runServedSession } from '../fake-claude/server/client.js';

/**
 * The entry of bin/fake-claude's client bundle (dist/bundle/fake-claude/fake-client.cjs): with
 * `CLIDE_FAKE_SERVER=<socket>`, the session runs in that fake server and this process carries it
 * (src/fake-claude/server/client.ts); its exit becomes the process's, as the executable's does
 * (src/cli/fake-claude.ts). `runLocally` runs the engine here when no server takes the session.
 */
export function runFakeClient(socketPath: string, runLocally: () => void): void {
  runServedSession(socketPath, {
    runLocally,
    exit: ({ exitCode, signal }) => {
      if (signal) process.kill(process.pid, signal as NodeJS.Signals);
      process.exit(exitCode);
    },
  });
}
