import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { packageInfo } from '../../config/package-info.js';
import { ClideError } from '../../errors/index.js';
import { FAKE_CLIENT_ENV, FAKE_SERVER_ENV } from './frames.js';

/**
 * A fake server in a process of its own (`clide-conformance fake-server --stop-on-stdin-end`),
 * for a Node test suite that wants the engine off its own event loop: `startFakeServer()` runs the
 * sessions in the caller's process, so a test that blocks that loop (a large parse, a busy wait)
 * delays every session's input and output as well, and timing the CLI reacts to (input that comes
 * late, an end of input after the fake has acted) can differ from what the executable sees alone.
 */
export interface FakeServerProcess {
  readonly socketPath: string;
  /** `{ CLIDE_FAKE_SERVER: socketPath }`. */
  readonly env: { [FAKE_SERVER_ENV]: string };
  /** The client it printed (`CLIDE_FAKE_CLAUDE`): its native client, or bin/fake-claude. */
  readonly executable: string;
  /** Ends its stdin (which stops it) and waits for its exit; what it served. Idempotent. */
  stop(): Promise<{ sessionsServed: number; turnedAway: number; stderr: string }>;
}

export interface FakeServerProcessOptions {
  socketPath?: string;
  /** `false`: `--no-native-client`. */
  nativeClient?: boolean;
  env?: NodeJS.ProcessEnv;
}

export async function spawnFakeServer(options: FakeServerProcessOptions = {}): Promise<FakeServerProcess> {
  const args = [join(packageInfo().root, 'bin', 'clide-conformance'), 'fake-server', '--stop-on-stdin-end'];
  if (options.socketPath !== undefined) args.push('--socket', options.socketPath);
  if (options.nativeClient === false) args.push('--no-native-client');
  const child = spawn(process.execPath, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: options.env ?? process.env,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const closed = once(child, 'close');
  const lines = createInterface({ input: child.stdout });
  const printed = new Map<string, string>();
  await Promise.race([
    new Promise<void>((resolve) => {
      lines.on('line', (line) => {
        const match = /^(CLIDE_FAKE_\w+)=(.*)$/.exec(line);
        if (match) printed.set(match[1] as string, match[2] as string);
        if (printed.has(FAKE_SERVER_ENV) && printed.has(FAKE_CLIENT_ENV)) resolve();
      });
    }),
    closed.then(() => {
      throw new ClideError(
        'io',
        `clide-conformance fake-server exited before it listened: ${stderr.trim()}`,
        {
          where: args.join(' '),
        },
      );
    }),
  ]);
  const socketPath = printed.get(FAKE_SERVER_ENV) as string;
  let stopping: ReturnType<FakeServerProcess['stop']> | undefined;
  return {
    socketPath,
    env: { [FAKE_SERVER_ENV]: socketPath },
    executable: printed.get(FAKE_CLIENT_ENV) as string,
    stop() {
      stopping ??= (async () => {
        child.stdin.end();
        await closed;
        const words = /stopped after (\d+) session\(s\), (\d+) client\(s\) turned away/.exec(stderr);
        return {
          sessionsServed: Number(words?.[1] ?? Number.NaN),
          turnedAway: Number(words?.[2] ?? Number.NaN),
          stderr,
        };
      })();
      return stopping;
    },
  };
}
