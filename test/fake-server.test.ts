import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxEnv } from '../src/driver/index.js';
import { nativeClient } from '../src/fake-claude/server/native-client.js';
import { type FakeServer, startFakeServer } from '../src/fake-claude/server/server.js';
import { spawnFakeServer } from '../src/fake-claude/server/server-process.js';
import {
  encodeFrame,
  FRAME,
  type Frame,
  FrameDecoder,
  WIRE_PROTOCOL,
} from '../src/protocol/fake-server-frames.js';

/**
 * bin/fake-claude with CLIDE_FAKE_SERVER hands its session to a warm fake server and only carries
 * it (src/fake-claude/server/); so does the native client (native/fake-client.c), with no Node
 * process. Whatever goes through the server must come out as it does from the executable alone:
 * the same bytes on stdout and stderr, the same exit; a client that cannot be served runs the engine
 * itself, losing no input; a client killed ends its session; a broken peer on either side is turned
 * away with a clear word, and the server goes on serving. Each client passes every one of these.
 */

const FAKE = resolve('bin/fake-claude');
const CLI = resolve('bin/clide-conformance');
const STREAM = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose'];
const HELLO = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Say hello.' } })}\n`;

let dir: string;
let script: string;
let server: FakeServer;
let native: string;
beforeAll(async () => {
  // This machine has a C compiler (CI's too): the native client must build.
  const built = await nativeClient();
  if (!built.ok) throw new Error(`the native client did not build: ${built.problem}`);
  native = built.path;
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-client.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
  dir = mkdtempSync(join(tmpdir(), 'clide-fake-server-test-'));
  script = join(dir, 'script.json');
  writeFileSync(
    script,
    JSON.stringify({
      version: 1,
      description: 'one turn',
      turns: [{ blocks: [{ type: 'text', text: 'Hi.' }] }],
    }),
  );
  server = await startFakeServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

interface SessionOptions {
  /** The executable to start (default: bin/fake-claude). */
  client?: string;
  args?: string[];
  input?: string;
  /** Environment on top of the sandbox's (CLIDE_FAKE_SERVER among it, or not). */
  env?: Record<string, string>;
  /** stdin from this file instead of a pipe. */
  stdinFile?: string;
  /** Called once the first stdout line has come (the pipe's end is the test's to close then). */
  onFirstLine?: (child: ChildProcess) => void;
}

/** One session of bin/fake-claude in a fresh sandbox; ids and the sandbox's paths are made comparable. */
async function session(options: SessionOptions): Promise<Outcome> {
  const sandbox = createSandbox();
  try {
    const env = { ...sandboxEnv({ sandbox }), CLIDE_FAKE_SCENARIO: script, ...options.env };
    const child = spawn(options.client ?? FAKE, options.args ?? STREAM, {
      cwd: sandbox.cwd,
      env,
      stdio: [options.stdinFile ? openSync(options.stdinFile, 'r') : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let first = true;
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (first && stdout.includes('\n')) {
        first = false;
        options.onFirstLine?.(child);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    if (child.stdin) {
      if (options.input !== undefined) child.stdin.write(options.input);
      if (!options.onFirstLine) child.stdin.end();
    }
    const [exitCode, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    // What differs from run to run: ids, times, the sandbox's folder (also as a project name), the pid.
    const comparable = (text: string) =>
      text
        .replaceAll(sandbox.root, '<sandbox>')
        .replaceAll(sandbox.root.replace(/[^A-Za-z0-9]/g, '-'), '<sandbox-project>')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<time>')
        .replace(/"(\w+_ms)":\d+/g, '"$1":0')
        .replace(/\/\d+\.sock/g, '/<pid>.sock');
    return { stdout: comparable(stdout), stderr: comparable(stderr), exitCode, signal };
  } finally {
    sandbox.dispose();
  }
}

/** The clients a served session can start: each must behave as the other. */
const CLIENTS: Array<[string, () => string]> = [
  ['bin/fake-claude', () => FAKE],
  ['the native client', () => native],
];

/** A raw server at a fresh socket that answers each client with `answer`. */
async function rawServer(answer: (socket: import('node:net').Socket, frames: Frame[]) => void) {
  const socketPath = join(mkdtempSync(join(dir, 'raw-')), 's.sock');
  const heard: Frame[] = [];
  const raw: Server = createServer((socket) => {
    const decoder = new FrameDecoder();
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      const frames = decoder.push(chunk);
      heard.push(...frames);
      answer(socket, frames);
    });
  });
  await new Promise<void>((done) => raw.listen(socketPath, done));
  return { socketPath, heard, close: () => new Promise<void>((done) => raw.close(() => done())) };
}

/** Waits until `condition()` holds (a few seconds at most). */
async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

/** One hello (with `overrides`) straight over the socket; the frames the server answers with. */
async function helloAnswer(overrides: Record<string, unknown>): Promise<Frame[]> {
  const socket = createConnection(server.socketPath);
  const hello = {
    protocol: WIRE_PROTOCOL,
    kit: '0.1.0',
    argv: STREAM,
    env: {},
    cwd: dir,
    pid: 1,
    stdinIsTTY: false,
    ...overrides,
  };
  socket.write(encodeFrame(FRAME.hello, JSON.stringify(hello)));
  const decoder = new FrameDecoder();
  const frames: Frame[] = [];
  socket.on('data', (chunk) => frames.push(...decoder.push(chunk)));
  await once(socket, 'close');
  return frames;
}

describe.each(CLIENTS)('%s through a fake server', (_name, clientPath) => {
  const client = (options: SessionOptions): Promise<Outcome> => session({ ...options, client: clientPath() });
  const served = (options: SessionOptions): Promise<Outcome> =>
    client({ ...options, env: { ...options.env, ...server.env } });

  const cases: Array<[string, SessionOptions]> = [
    ['a stream-json turn', { input: HELLO }],
    ['--version', { args: ['--version'] }],
    ['a prompt in argv, text output', { args: ['-p', 'Say hello.'] }],
    ['a line that is not JSON (exit 1 and the CLI error text)', { input: `${HELLO}{"type":"user",\n` }],
    [
      'a usage error (a fixture and a scenario)',
      { input: HELLO, env: { CLIDE_FAKE_FIXTURE: '/no/such/fixture.jsonl' } },
    ],
    ['an unknown flag', { args: ['-p', '--no-such-flag'] }],
    [
      'a replay of a committed fixture (replay mode, recorded bytes)',
      {
        args: [...STREAM, '--permission-prompt-tool', 'stdio'],
        input: HELLO,
        env: { CLIDE_FAKE_SCENARIO: '', CLIDE_FAKE_FIXTURE: resolve('fixtures/2.1.332/turn__plain.jsonl') },
      },
    ],
  ];
  it.each(cases)(
    '%s: the same stdout, stderr and exit as the executable alone, and the server served it',
    async (_, options) => {
      const before = server.sessionsServed();
      const [alone, through] = await Promise.all([session(options), served(options)]);
      expect(through).toEqual(alone);
      expect(server.sessionsServed()).toBe(before + 1);
    },
  );

  it('serves 16 sessions at once, each its own: the same bytes as 16 executables alone', async () => {
    // Each session answers its own text, so output carried to the wrong client would show.
    const runs = Array.from({ length: 16 }, (_, i) => {
      const file = join(dir, `script-${i}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          version: 1,
          description: `${i}`,
          turns: [{ blocks: [{ type: 'text', text: `Hi ${i}.` }] }],
        }),
      );
      return { input: HELLO, env: { CLIDE_FAKE_SCENARIO: file } };
    });
    const before = server.sessionsServed();
    const [alone, through] = await Promise.all([
      Promise.all(runs.map((options) => session(options))),
      Promise.all(runs.map((options) => served(options))),
    ]);
    expect(through).toEqual(alone);
    for (const [i, outcome] of through.entries()) expect(outcome.stdout).toContain(`"result":"Hi ${i}."`);
    expect(server.sessionsServed()).toBe(before + 16);
  });

  it('carries a 4 MB answer whole, as the executable does', async () => {
    const big = join(dir, 'big.json');
    const text = 'All work and no play. '.repeat(200_000);
    writeFileSync(
      big,
      JSON.stringify({ version: 1, description: 'big', turns: [{ blocks: [{ type: 'text', text }] }] }),
    );
    const options = { input: HELLO, env: { CLIDE_FAKE_SCENARIO: big } };
    const [alone, through] = await Promise.all([session(options), served(options)]);
    expect(alone.exitCode).toBe(0);
    expect(alone.stdout.length).toBeGreaterThan(2 * text.length);
    expect(through).toEqual(alone);
  });

  it('reads a stdin that is a file as the executable does', async () => {
    const file = join(dir, 'input.jsonl');
    writeFileSync(file, HELLO);
    const [alone, through] = await Promise.all([session({ stdinFile: file }), served({ stdinFile: file })]);
    expect(alone.exitCode).toBe(0);
    expect(alone.stdout).toContain('"type":"result"');
    expect(through).toEqual(alone);
  });

  it('with nothing listening at the socket, runs the session itself: the same output', async () => {
    const missing = { CLIDE_FAKE_SERVER: join(dir, 'nobody-here.sock') };
    const [alone, fallback] = await Promise.all([
      session({ input: HELLO }),
      client({ input: HELLO, env: missing }),
    ]);
    expect(fallback).toEqual(alone);
  });

  it('turned away, runs the session itself with all of its stdin: nothing is lost', async () => {
    const refusing = await rawServer((socket, frames) => {
      if (frames.some((f) => f.type === FRAME.hello)) {
        socket.end(encodeFrame(FRAME.refuse, JSON.stringify({ reason: 'test: not today' })));
      }
    });
    try {
      const [alone, refused] = await Promise.all([
        session({ input: HELLO }),
        client({ input: HELLO, env: { CLIDE_FAKE_SERVER: refusing.socketPath } }),
      ]);
      // The client waits for the answer before it reads stdin.
      expect(refusing.heard.map((f) => String.fromCharCode(f.type))).toEqual(['H']);
      expect(refused).toEqual(alone);
      expect(alone.stdout).toContain('"type":"result"');
    } finally {
      await refusing.close();
    }
  });

  it('a server that takes the connection and never answers: the client runs the session itself after 2 s', async () => {
    const mute = await rawServer(() => {});
    try {
      const [alone, fallback] = await Promise.all([
        session({ input: HELLO }),
        client({ input: HELLO, env: { CLIDE_FAKE_SERVER: mute.socketPath } }),
      ]);
      expect(mute.heard.map((f) => String.fromCharCode(f.type))).toEqual(['H']);
      expect(fallback).toEqual(alone);
    } finally {
      await mute.close();
    }
  });

  it('a server that breaks the frame stream: the client exits 70 and names the server', async () => {
    const broken = await rawServer((socket, frames) => {
      if (frames.some((f) => f.type === FRAME.hello))
        socket.write(Buffer.concat([encodeFrame(FRAME.accept), Buffer.from('garbage!')]));
    });
    try {
      const outcome = await client({ input: HELLO, env: { CLIDE_FAKE_SERVER: broken.socketPath } });
      expect(outcome.exitCode).toBe(70);
      expect(outcome.stderr).toContain(
        `the fake server (CLIDE_FAKE_SERVER=${broken.socketPath}) sent a broken frame stream: unknown frame type 0x67`,
      );
    } finally {
      await broken.close();
    }
  });

  it('a server that goes away mid-session: the client exits 70 and says so', async () => {
    const leaving = await rawServer((socket, frames) => {
      if (frames.some((f) => f.type === FRAME.hello)) {
        socket.write(encodeFrame(FRAME.accept));
        socket.destroy();
      }
    });
    try {
      const outcome = await client({ input: HELLO, env: { CLIDE_FAKE_SERVER: leaving.socketPath } });
      expect(outcome.exitCode).toBe(70);
      expect(outcome.stderr).toContain('closed the session before it ended');
    } finally {
      await leaving.close();
    }
  });

  it('a client killed mid-session ends its session on the server', async () => {
    let killed = false;
    const outcome = await served({
      input: HELLO,
      // stdin stays open: the session would run on; the client dies instead.
      onFirstLine: (child) => {
        expect(server.activeSessions()).toBeGreaterThan(0);
        killed = child.kill('SIGKILL');
      },
    });
    expect(killed).toBe(true);
    expect(outcome.signal).toBe('SIGKILL');
    await eventually(() => server.activeSessions() === 0, 'the server has no session left');
  });

  it('closing the server ends a running session: its client dies of SIGTERM, as the executable killed', async () => {
    const own = await startFakeServer();
    const outcome = await client({
      input: HELLO,
      env: own.env,
      onFirstLine: () => void own.close(),
    });
    expect(outcome.signal).toBe('SIGTERM');
    expect(own.activeSessions()).toBe(0);
    expect(existsSync(own.socketPath)).toBe(false);
  });

  it('without CLIDE_FAKE_SERVER, runs the session itself: the same output', async () => {
    const [alone, itself] = await Promise.all([
      session({ input: HELLO }),
      client({ input: HELLO, env: { CLIDE_FAKE_SERVER: '' } }),
    ]);
    expect(alone.stdout).toContain('"type":"result"');
    expect(itself).toEqual(alone);
  });

  it('carries argv and the environment byte for byte: quotes, backslashes, control characters, any Unicode', async () => {
    // The model name comes back in system/init, the scenario's folder name in the path the engine
    // reads: either one carried wrong shows in the output or fails the session.
    const odd = mkdtempSync(join(dir, 'odd "q" \\ \t ☃ \u{1F600} \u001f-'));
    const oddScript = join(odd, 'script.json');
    writeFileSync(
      oddScript,
      JSON.stringify({ version: 1, turns: [{ blocks: [{ type: 'text', text: 'Hi.' }] }] }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          // Control characters, JSON's own specials and ASCII often; any other code point too.
          unit: fc
            .oneof(
              fc.integer({ min: 1, max: 0x1f }),
              fc.constantFrom(0x22, 0x5c, 0x7f),
              fc.integer({ min: 0x20, max: 0x7e }),
              fc.integer({ min: 0x80, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff),
            )
            .map((c) => String.fromCodePoint(c)),
          minLength: 1,
          maxLength: 40,
        }),
        async (model) => {
          const before = server.sessionsServed();
          const options = {
            args: [...STREAM, '--model', model],
            input: HELLO,
            env: { CLIDE_FAKE_SCENARIO: oddScript },
          };
          const [alone, through] = await Promise.all([session(options), served(options)]);
          expect(alone.exitCode).toBe(0);
          expect(through).toEqual(alone);
          // Served, not run locally after a refusal of a hello it could not read.
          expect(server.sessionsServed()).toBe(before + 1);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the fake server', () => {
  const served = (options: SessionOptions): Promise<Outcome> =>
    session({ ...options, env: { ...options.env, ...server.env } });

  it('turns away a client of another kit version, or one with a bad hello, saying why', async () => {
    const reason = async (overrides: Record<string, unknown>) => {
      const frames = await helloAnswer(overrides);
      expect(frames.map((f) => f.type)).toEqual([FRAME.refuse]);
      return (JSON.parse(frames[0]?.payload.toString() ?? '{}') as { reason: string }).reason;
    };
    expect(await reason({ kit: '0.0.0-other' })).toBe(
      'the client is clide-conformance "0.0.0-other", this server 0.1.0',
    );
    expect(await reason({ protocol: 99 })).toBe(
      `the client speaks wire protocol 99, this server ${WIRE_PROTOCOL}`,
    );
    expect(await reason({ argv: ['-p', 3] })).toBe('hello.argv must be an array of strings');
    expect(await reason({ env: { HOME: 1 } })).toBe('hello.env.HOME must be a string');
    expect(server.refusals()).toEqual(expect.arrayContaining(['hello.argv must be an array of strings']));
  });

  it('closes with peers that never close their end (within its 2 s linger): one turned away, one that sent nothing', async () => {
    const own = await startFakeServer();
    // Half-open: it does not close its end when the server closes its own.
    const refused = createConnection({ path: own.socketPath, allowHalfOpen: true });
    const silent = createConnection(own.socketPath);
    for (const socket of [refused, silent]) socket.on('error', () => {});
    const answer = new Promise<Buffer>((done) => refused.once('data', done));
    refused.write(Buffer.from([0x7a, 0, 0, 0, 0]));
    expect((await answer)[0]).toBe(FRAME.refuse);
    if (silent.connecting) await once(silent, 'connect');
    await own.close();
    expect(existsSync(own.socketPath)).toBe(false);
    expect(own.refusals()).toEqual([
      'a broken frame stream: unknown frame type 0x7a (at byte 0 of the stream)',
    ]);
    refused.destroy();
    silent.destroy();
  });

  it('hostile bytes on the socket: the peer is turned away, and the server serves the next client', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 400 }), async (bytes) => {
        const socket = createConnection(server.socketPath);
        socket.on('error', () => {});
        socket.on('data', () => {});
        socket.end(bytes);
        await once(socket, 'close');
      }),
      { numRuns: 40 },
    );
    await eventually(() => server.activeSessions() === 0, 'the hostile peers are gone');
    const outcome = await served({ input: HELLO });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toContain('"type":"result"');
  });
});

/** `clide-conformance fake-server --stop-on-stdin-end ...args`, once it has printed its two variables. */
async function cliServer(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [CLI, 'fake-server', '--stop-on-stdin-end', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await eventually(() => stdout.split('\n').length > 2, 'the server has printed its variables');
  return { child, stdout: () => stdout, stderr: () => stderr };
}

describe('clide-conformance fake-server', () => {
  it('prints CLIDE_FAKE_SERVER=<socket>, serves sessions there, and stops when its stdin ends (--stop-on-stdin-end)', async () => {
    const socketPath = join(mkdtempSync(join(dir, 'cli-')), 'fake.sock');
    const cli = await cliServer(['--socket', socketPath], process.env);
    const { child } = cli;
    // The client to start: the native one, built (or found in the cache) as the server starts.
    expect(cli.stdout()).toBe(`CLIDE_FAKE_SERVER=${socketPath}\nCLIDE_FAKE_CLAUDE=${native}\n`);
    const env = { CLIDE_FAKE_SERVER: socketPath };
    for (const client of [FAKE, native]) {
      const outcome = await session({ client, input: HELLO, env });
      expect(outcome.exitCode).toBe(0);
      expect(outcome.stdout).toContain('"type":"result"');
    }
    child.stdin.end();
    const [exitCode] = await once(child, 'close');
    expect(exitCode).toBe(0);
    expect(cli.stderr()).toContain(`fake-server: clients: ${native} (native) or bin/fake-claude`);
    expect(cli.stderr()).toContain(
      'fake-server: end of stdin: stopped after 2 session(s), 0 client(s) turned away',
    );
    expect(existsSync(socketPath)).toBe(false);
  });

  it('--no-native-client, or no C compiler: CLIDE_FAKE_CLAUDE is bin/fake-claude, and the log says why', async () => {
    const stdoutOf = async (args: string[], env: NodeJS.ProcessEnv) => {
      const cli = await cliServer(args, env);
      cli.child.stdin.end();
      await once(cli.child, 'close');
      return { stdout: cli.stdout().split('\n')[1], stderr: cli.stderr() };
    };
    const off = await stdoutOf(['--no-native-client'], process.env);
    expect(off.stdout).toBe(`CLIDE_FAKE_CLAUDE=${FAKE}`);
    expect(off.stderr).toContain('no native client: not asked for');
    // A fresh cache, so that nothing built before stands in: the compiler is asked, and is not there.
    const cache = mkdtempSync(join(dir, 'cache-'));
    const none = await stdoutOf([], { ...process.env, CLIDE_CACHE_DIR: cache, CC: '/no/such/cc' });
    expect(none.stdout).toBe(`CLIDE_FAKE_CLAUDE=${FAKE}`);
    expect(none.stderr).toContain('no native client: /no/such/cc could not build it (');
    expect(none.stderr).toContain('ENOENT');
  });

  // With --stop-on-stdin-end, a server that could not listen once waited for its stdin to end.
  it('spawnFakeServer(): a server that cannot listen rejects at once with its own words; one that listens stops and tells what it served', async () => {
    const taken = join(dir, 'taken-by-spawn.sock');
    writeFileSync(taken, '');
    await expect(spawnFakeServer({ socketPath: taken, nativeClient: false })).rejects.toThrow(
      `clide-conformance fake-server exited before it listened: error[usage]: ${taken}: the fake server cannot listen on ${taken}: EADDRINUSE`,
    );
    const own = await spawnFakeServer({ nativeClient: false });
    expect(own.executable).toBe(FAKE);
    const outcome = await session({ input: HELLO, env: own.env });
    expect(outcome.exitCode).toBe(0);
    expect(await own.stop()).toMatchObject({ sessionsServed: 1, turnedAway: 0 });
    expect(existsSync(own.socketPath)).toBe(false);
  });

  it('refuses a socket path that is already taken, naming it', async () => {
    const taken = join(dir, 'taken.sock');
    writeFileSync(taken, '');
    const child = spawn(process.execPath, [CLI, 'fake-server', '--socket', taken], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [exitCode] = await once(child, 'close');
    expect(exitCode).toBe(2);
    expect(stderr).toContain(`the fake server cannot listen on ${taken}: EADDRINUSE`);
  });
});
