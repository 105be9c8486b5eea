import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { execa } from 'execa';
import { afterEach, describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { cacheRoot } from '../src/install/cache-root.js';

/**
 * A user's own loop, black box: the SDK client of docs/record.md records itself through
 * `recordClaude()` against the real pinned CLI (offline, the kit's scripted model API), with an
 * e-mail address, a home path and an API-key-shaped string in its prompt, then replays the fixture
 * strictly through `fakeClaude()` — run as the file the doc names, with the Node that runs the
 * tests, from a project whose node_modules hold the kit and the Agent SDK.
 */
const root = packageInfo().root;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** The fenced block of `doc` whose first line is `// <name>`. */
function example(doc: string, name: string): string {
  const text = readFileSync(join(root, 'docs', doc), 'utf8');
  for (const m of text.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    if (m[2]!.split('\n')[0] === `// ${name}`) return m[2]!;
  }
  throw new Error(`docs/${doc} has no example ${name}`);
}

/** A user's project: node_modules with the kit (this checkout) and the Agent SDK; a home and a temp folder of its own. */
function userProject(): { dir: string; env: Record<string, string> } {
  const dir = temp('clide-user-loop-');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'clide-conformance'), 'dir');
  symlinkSync(join(root, 'node_modules', '@anthropic-ai'), join(dir, 'node_modules', '@anthropic-ai'), 'dir');
  for (const sub of ['home', 'tmp']) mkdirSync(join(dir, sub));
  return {
    dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: join(dir, 'home'),
      TMPDIR: join(dir, 'tmp'),
      // The pinned CLI the tests installed, not a new install into the fresh home.
      CLIDE_CACHE_DIR: cacheRoot(process.env),
    },
  };
}

describe("a user's own record → strict replay loop", () => {
  test('record-then-replay.mjs of docs/record.md records with the real CLI, keeps no secret, and replays strictly to the same client', async () => {
    const { dir, env } = userProject();
    const file = 'record-then-replay.mjs';
    writeFileSync(join(dir, file), example('record.md', file));
    const run = await execa(process.execPath, [file], {
      cwd: dir,
      env,
      extendEnv: false,
      reject: false,
      timeout: 120_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'recorded: system, assistant, result success: Noted.',
      'fixture holds the address: false',
      'replayed: system, assistant, result success: Noted.',
    ]);
    // The fixture is where the user asked (their project), not in the CLI's working folder.
    const fixture = readFileSync(join(dir, 'fixtures', 'summarise.jsonl'), 'utf8');
    expect(fixture).not.toContain('alice@contoso-mail.net');
    expect(fixture).not.toContain(env.HOME);
    expect(fixture).not.toContain('sk-ant-api03-x7');
    expect(fixture).toContain('email-1@redacted.invalid');
    expect(fixture).toContain('$HOME/notes.txt');
    expect(fixture).toMatch(/\[redacted:anthropic-key#\d+\]/);
    // The example's own temp folders are gone (the real CLI leaves its sockets folder in TMPDIR).
    expect(readdirSync(env.TMPDIR!).filter((f) => /^(my-client-|clide-)/.test(f))).toEqual([]);
  });

  test('a replay that the client does not match throws, through the SDK, the near miss the error result carries', async () => {
    const { dir, env } = userProject();
    const fixture = join(dir, 'hello.jsonl');
    const work = temp('clide-user-loop-work-');
    // A fixture recorded from a client that said something else.
    const corpus = join(root, 'fixtures', packageInfo().pinned, 'turn__plain.jsonl');
    writeFileSync(fixture, readFileSync(corpus));
    const messages: string[] = [];
    let thrown: unknown;
    try {
      for await (const m of query({
        prompt: 'Something the recording never said.',
        options: {
          pathToClaudeCodeExecutable: join(root, 'bin', 'fake-claude'),
          cwd: work,
          env: { ...env, CLIDE_FAKE_FIXTURE: fixture },
          settingSources: [],
        },
      }))
        messages.push(m.type);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    const message = (thrown as Error).message;
    expect(message).toMatch(
      /^Claude Code returned an error result: fake-claude replay: the client's message does not match the recorded one \(user message\); recorded frame seq \d+ \(user\) differs at \$\.message\.content\[0\]\.text: expected "[^"]+", actual "Something the recording never said\."/,
    );
    expect(message).toContain(`fixture: ${fixture} (the full near-miss report is on stderr)`);
  });

  test('a relative CLIDE_RECORD_OUT with the SDK’s cwd elsewhere is refused before the CLI starts, and the SDK shows why', async () => {
    const { dir, env } = userProject();
    const work = temp('clide-user-loop-work-');
    // Were the CLI started, it would leave a file behind.
    const cli = join(dir, 'cli.sh');
    writeFileSync(cli, '#!/bin/sh\ntouch "$0.started"\n', { mode: 0o755 });
    let thrown: unknown;
    try {
      for await (const _ of query({
        prompt: 'Hello.',
        options: {
          pathToClaudeCodeExecutable: join(root, 'bin', 'clide-record'),
          cwd: work,
          env: {
            ...env,
            PWD: dir,
            CLIDE_RECORD_OUT: 'fixtures/hello.jsonl',
            CLIDE_REAL_CLAUDE: cli,
          },
          settingSources: [],
        },
      }));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toContain(
      `clide-record: CLIDE_RECORD_OUT is a relative path ("fixtures/hello.jsonl"), but clide-record runs in ${work}, the working folder its client gave the CLI, not in ${dir} (PWD)`,
    );
    expect(existsSync(join(work, 'fixtures'))).toBe(false);
    expect(existsSync(join(dir, 'fixtures'))).toBe(false);
    expect(existsSync(`${cli}.started`)).toBe(false);
  });

  test('a relative CLIDE_RECORD_OUT from a shell (PWD is the cwd) lands in that folder', async () => {
    const { dir, env } = userProject();
    const run = await execa(join(root, 'bin', 'clide-record'), [], {
      cwd: dir,
      env: { ...env, PWD: dir, CLIDE_RECORD_OUT: 'fixtures/echo.jsonl', CLIDE_REAL_CLAUDE: '/bin/cat' },
      extendEnv: false,
      input: '{"type":"user","message":{"role":"user","content":"hi"}}\n',
      reject: false,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(join(dir, 'fixtures', 'echo.jsonl'))).toBe(true);
  });
});
