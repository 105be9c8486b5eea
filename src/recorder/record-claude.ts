import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageInfo } from '../config/package-info.js';
import { ClideError } from '../errors/index.js';
import { RECORD_ENV } from './clide-record.js';

/**
 * `clide-record` as a library, for a test suite that records its own client once:
 *
 *     const rec = recordClaude({ out: 'test/fixtures/hello.jsonl' });
 *     for await (const m of query({ prompt: 'Hello', options: { ...rec.sdkOptions, cwd: work } })) …
 *
 * then replays the fixture with `fakeClaude({ fixture: rec.out })` in every later run. `out` is
 * made absolute against this process's cwd here, so the fixture lands where the test expects
 * whatever working folder the client gives the CLI (the Agent SDK's `cwd` option is the CLI's
 * cwd, and so `clide-record`'s).
 */
export interface RecordClaudeOptions {
  /** The fixture to write, or a folder (ending in `/`) for one fixture per session. Relative to this process's cwd. */
  out: string;
  /**
   * The environment the real CLI gets (and whose secret-looking values are redacted): default
   * this process's, with these entries applied last (`undefined` removes a variable).
   */
  env?: Record<string, string | undefined>;
  /** The real CLI binary (`CLIDE_REAL_CLAUDE`); default the kit's pinned version, installed on first use. */
  claude?: string;
  /** A JSON file of extra redaction rules (`CLIDE_RECORD_RULES`). */
  rules?: string;
  /** A scenario id for the fixture header (`CLIDE_RECORD_SCENARIO`). */
  scenario?: string;
}

export interface RecordClaude {
  /** Absolute path of `bin/clide-record`: the client's `claude` binary. */
  path: string;
  /** The environment to run it with: the CLI's environment plus the recorder's settings. */
  env: Record<string, string>;
  /** The absolute fixture path (or folder) the recording goes to. */
  out: string;
  /** The Agent SDK options to spread into `query({ options })`: `pathToClaudeCodeExecutable` and `env`. */
  sdkOptions: { pathToClaudeCodeExecutable: string; env: Record<string, string> };
}

/** Prepares `clide-record` for a client. Nothing runs until the client starts `path`. */
export function recordClaude(options: RecordClaudeOptions): RecordClaude {
  if (typeof options.out !== 'string' || options.out === '') {
    throw new ClideError('usage', 'recordClaude() needs `out`: the fixture file to write', {
      where: 'recordClaude({ out })',
      hint: "e.g. recordClaude({ out: 'test/fixtures/my-session.jsonl' })",
    });
  }
  const path = join(packageInfo().root, 'bin', 'clide-record');
  if (!existsSync(join(packageInfo().root, 'dist', 'src', 'cli', 'clide-record.js'))) {
    throw new ClideError('usage', 'clide-record is not built', {
      where: path,
      hint: 'run `npm run build` in clide-conformance first',
    });
  }
  // A trailing slash says "a folder": keep it through resolve().
  const out = resolve(options.out) + (/[/\\]$/.test(options.out) ? '/' : '');
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  env[RECORD_ENV.out] = out;
  if (options.claude !== undefined) env[RECORD_ENV.realClaude] = resolve(options.claude);
  if (options.rules !== undefined) env[RECORD_ENV.rules] = resolve(options.rules);
  if (options.scenario !== undefined) env[RECORD_ENV.scenario] = options.scenario;
  return { path, env, out, sdkOptions: { pathToClaudeCodeExecutable: path, env } };
}
