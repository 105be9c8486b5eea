import { EventEmitter } from 'node:events';
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PassThrough } from 'node:stream';

/**
 * The stub the option probe gives the Agent SDK as its CLI: it records its argv, its environment,
 * its working directory, its runtime's arguments and what the SDK writes on its stdin (the
 * `initialize` request first), answers `initialize` and the prompt, and ends. It runs in one of two
 * ways, which record the same:
 *
 * - as a process: {@link STUB_SCRIPT}, a script the SDK starts with `node` (it is a `.mjs` path), which
 *   writes its record into `<its own path>.json`;
 * - inside the probe's process: {@link StubProcess}, what the SDK's `spawnClaudeCodeProcess` option
 *   returns instead of a child. The SDK builds the same command, arguments, environment and working
 *   folder either way and hands them to that function instead of `spawn()`; the stub's record is
 *   read from them as the started script would see them ({@link emulatedStart}). Starts it cannot
 *   read exactly (another runtime than `node`, a runtime argument that is not a known flag, a
 *   missing folder or `node`) are left to a real process.
 */

/** One start of the stub, as it recorded it. */
export interface StubRecord {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  execArgv: string[];
  stdin: string[];
}

/** What the Agent SDK gives `spawnClaudeCodeProcess` (its `SpawnOptions`). */
export interface StubSpawnOptions {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** The stub's answer to `initialize`. */
const INIT = {
  commands: [],
  agents: [],
  models: [],
  account: {},
  output_style: 'default',
  available_output_styles: ['default'],
  mcp_servers_applied: true,
  plugins_applied: true,
  hooks_applied: true,
  settings_applied: true,
  managed_settings_applied: true,
  additional_directories_applied: true,
  disallowed_tools_applied: true,
  code_running_mcp_tools_applied: true,
};

/** The stub's answer to the prompt. */
const RESULT = {
  type: 'result',
  subtype: 'success',
  is_error: false,
  duration_ms: 0,
  duration_api_ms: 0,
  num_turns: 1,
  result: '',
  stop_reason: 'end_turn',
  session_id: 'probe',
  total_cost_usd: 0,
  usage: {},
  modelUsage: {},
  permission_denials: [],
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** How long the stub lives after its last answer, and at most. */
const EXIT_DELAY_MS = 5;
const LIFETIME_MS = 10_000;

/** The stub as a script: records the run into `<its own path>.json`. */
export const STUB_SCRIPT = `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
const out = process.argv[1] + '.json';
const record = { argv: process.argv.slice(2), env: process.env, cwd: process.cwd(), execArgv: process.execArgv, stdin: [] };
const save = () => writeFileSync(out, JSON.stringify(record));
const reply = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
let done = false;
const finish = () => { if (done) return; done = true; save(); setTimeout(() => process.exit(0), ${EXIT_DELAY_MS}); };
const INIT = ${JSON.stringify(INIT)};
const RESULT = ${JSON.stringify(RESULT)};
save();
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let i = buffer.indexOf('\\n'); i >= 0; i = buffer.indexOf('\\n')) {
    const line = buffer.slice(0, i);
    buffer = buffer.slice(i + 1);
    if (line.trim() === '') continue;
    record.stdin.push(line);
    save();
    let message;
    try { message = JSON.parse(line); } catch { continue; }
    if (message.type === 'control_request') {
      const response = message.request && message.request.subtype === 'initialize' ? INIT : {};
      reply({ type: 'control_response', response: { subtype: 'success', request_id: message.request_id, response } });
    } else if (message.type === 'user') {
      reply(RESULT);
      finish();
    }
  }
});
process.stdin.on('end', finish);
setTimeout(finish, ${LIFETIME_MS}).unref();
`;

/** Where `node` is found on the child's PATH, as the spawn looks it up; undefined when nowhere. */
function nodeOnPath(path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'node');
    try {
      if (statSync(candidate).isFile()) {
        accessSync(candidate, constants.X_OK);
        return candidate;
      }
    } catch {}
  }
  return undefined;
}

/**
 * What the stub script at `script` would record on its start by `spawn(command, args, { cwd, env })`
 * (its stdin aside), when that is certain: `node` on the environment's PATH, the script among the
 * arguments with only flags `node` knows before it, the working folder present. Undefined
 * otherwise.
 */
export function emulatedStart(
  options: StubSpawnOptions,
  script: string,
): Omit<StubRecord, 'stdin'> | undefined {
  if (options.command !== 'node' || options.signal?.aborted) return undefined;
  const at = options.args.indexOf(script);
  if (at < 0) return undefined;
  const execArgv = options.args.slice(0, at);
  if (!execArgv.every((a) => process.allowedNodeEnvironmentFlags.has(a.split('=')[0]!))) return undefined;
  // spawn() leaves out undefined values and passes the rest as text.
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = `${value}`;
  if (nodeOnPath(env.PATH) === undefined) return undefined;
  let cwd: string;
  try {
    // What process.cwd() gives in the child: the folder with its links resolved.
    cwd = realpathSync(options.cwd ?? process.cwd());
    if (!statSync(cwd).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  return { argv: options.args.slice(at + 1), env, cwd, execArgv };
}

/**
 * The stub inside this process, shaped as the SDK's `SpawnedProcess`: it answers as the script
 * does, and {@link record} is what the script would have written when it exited.
 */
export class StubProcess extends EventEmitter {
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly record: StubRecord;
  private buffer = '';
  private done = false;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Set on exit: what comes later is not read (a process that exited reads nothing). */
  private stopped = false;
  private killedBy: NodeJS.Signals | undefined;
  private readonly lifetime: NodeJS.Timeout;
  private exitTimer: NodeJS.Timeout | undefined;

  constructor(start: Omit<StubRecord, 'stdin'>) {
    super();
    this.record = { ...start, stdin: [] };
    this.stdin.setEncoding('utf8');
    this.stdin.on('data', (chunk: string) => this.read(chunk));
    this.stdin.on('end', () => this.finish());
    this.lifetime = setTimeout(() => this.finish(), LIFETIME_MS);
    this.lifetime.unref();
  }

  get killed(): boolean {
    return this.killedBy !== undefined;
  }

  get exitCode(): number | null {
    return this.exitInfo?.code ?? null;
  }

  get signalCode(): NodeJS.Signals | null {
    return this.exitInfo?.signal ?? null;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.stopped) return false;
    this.killedBy = signal;
    this.exit(null, signal);
    return true;
  }

  private read(chunk: string): void {
    if (this.stopped) return;
    this.buffer += chunk;
    for (let i = this.buffer.indexOf('\n'); i >= 0; i = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(i + 1);
      if (line.trim() === '') continue;
      this.record.stdin.push(line);
      let message: { type?: string; request_id?: unknown; request?: { subtype?: string } };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        continue;
      }
      if (message.type === 'control_request') {
        const response = message.request?.subtype === 'initialize' ? INIT : {};
        this.reply({
          type: 'control_response',
          response: { subtype: 'success', request_id: message.request_id, response },
        });
      } else if (message.type === 'user') {
        this.reply(RESULT);
        this.finish();
      }
    }
  }

  private reply(message: unknown): void {
    if (!this.stdout.writableEnded) this.stdout.write(`${JSON.stringify(message)}\n`);
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.exitTimer = setTimeout(() => this.exit(0, null), EXIT_DELAY_MS);
  }

  /**
   * Output ends, then `exit` and `close`, the end of stdout seen first when it is read (a child's
   * order as its client sees it); later input goes nowhere.
   */
  private exit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.lifetime);
    clearTimeout(this.exitTimer);
    this.stdin.resume();
    const exited = () => {
      this.exitInfo = { code, signal };
      this.emit('exit', code, signal);
      this.emit('close', code, signal);
    };
    let open = 2;
    const ended = () => {
      open -= 1;
      if (open > 0) return;
      if (this.stdout.readableEnded || this.stdout.readableFlowing !== true) setImmediate(exited);
      else this.stdout.once('end', () => setImmediate(exited));
    };
    this.stdout.end(ended);
    this.stderr.end(ended);
  }
}
