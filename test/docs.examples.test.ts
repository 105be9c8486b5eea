import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';
import { cacheRoot } from '../src/install/cache-root.js';

/**
 * The docs' runnable examples, run as a user would: the file as the doc names it, with the Node
 * that runs the tests (the oldest supported line, 20, in CI), from a project whose node_modules
 * hold the kit and the Agent SDK. Each run gets a TMPDIR of its own, which must be empty after.
 */
const root = packageInfo().root;
let project: string | undefined;
const made: string[] = [];

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** The fenced block of `doc` whose first line is `// <name>…`, and the file name it gives. */
function example(doc: string, name: RegExp): { file: string; code: string; lang: string } {
  const text = readFileSync(join(root, 'docs', doc), 'utf8');
  for (const m of text.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    const first = m[2]!.split('\n')[0]!;
    const file = /^\/\/ (\S+)/.exec(first)?.[1];
    if (file && name.test(file)) return { file, code: m[2]!, lang: m[1]! };
  }
  throw new Error(`docs/${doc} has no example named like ${name}`);
}

/** A user's project: node_modules with the kit (this checkout) and the Agent SDK, nothing else of ours. */
function userProject(): string {
  project = mkdtempSync(join(tmpdir(), 'clide-docs-example-'));
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  symlinkSync(root, join(modules, 'clide-conformance'), 'dir');
  symlinkSync(join(root, 'node_modules', '@anthropic-ai'), join(modules, '@anthropic-ai'), 'dir');
  mkdirSync(join(project, 'tmp'));
  return project;
}

describe('docs examples', () => {
  test("replay.md's quick start runs on this Node as the file it names, and leaves no temp folder", async () => {
    const { file, code, lang } = example('replay.md', /^replay-example\./);
    expect(file).toMatch(/\.mjs$/);
    expect(lang).toBe('js');
    const dir = userProject();
    writeFileSync(join(dir, file), code);
    const run = await execa(process.execPath, [file], {
      cwd: dir,
      env: { TMPDIR: join(dir, 'tmp') },
      reject: false,
      timeout: 60_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('result success');
    expect(lines.some((l) => l.startsWith('canUseTool Write'))).toBe(true);
    expect(lines).toContain('yellow');
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  test("record.md's shell example records with the real CLI and replays, and leaves the user's HOME and TMPDIR as they were", async () => {
    const { code } = shellExample('record.md', 'A runnable example');
    const dir = mkdtempSync(join(tmpdir(), 'clide-docs-shell-'));
    made.push(dir);
    const home = join(dir, 'home');
    const tmp = join(dir, 'tmp');
    const bin = join(dir, 'node_modules', '.bin');
    for (const d of [home, tmp, bin]) mkdirSync(d, { recursive: true });
    symlinkSync(root, join(dir, 'node_modules', 'clide-conformance'), 'dir');
    for (const name of ['clide-conformance', 'clide-record', 'fake-claude']) {
      symlinkSync(join(root, 'bin', name), join(bin, name));
    }
    writeFileSync(join(dir, 'example.sh'), code);
    const run = await execa('bash', ['-e', '-o', 'pipefail', 'example.sh'], {
      cwd: dir,
      // The user's world: their HOME, TMPDIR and PATH; the kit's cache is where the suite installed the CLIs.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        TMPDIR: tmp,
        CLIDE_CACHE_DIR: cacheRoot(),
      },
      extendEnv: false,
      reject: false,
      timeout: 120_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('0 violations');
    expect(run.stdout).toContain('"subtype":"success"');
    expect(readdirSync(join(dir, 'fixtures'))).toEqual(['hello.jsonl']);
    // The CLI and the fake had a HOME, cwd and TMPDIR of their own: nothing of theirs is left.
    expect(readdirSync(home)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  }, 180_000);

  test('every shell example of the docs that starts a session gives it a HOME of its own', () => {
    const sessions: string[] = [];
    for (const page of ['README.md', ...readdirSync(join(root, 'docs')).map((f) => join('docs', f))]) {
      if (!page.endsWith('.md')) continue;
      const text = readFileSync(join(root, page), 'utf8');
      for (const block of text.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)) {
        // One command per line, continuation lines joined.
        for (const command of block[1]!.replaceAll('\\\n', ' ').split('\n')) {
          const session =
            /\b(?:clide-record|fake-claude|claude)\b/.test(command) &&
            /(?:^|\s)(?:-p|--input-format)\b/.test(command);
          if (session) sessions.push(`${relative(root, join(root, page))}: ${command.trim()}`);
        }
      }
    }
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    for (const session of sessions) expect(session).toMatch(/\bHOME=/);
  });
});

/** The first fenced shell block after the heading `## <heading>` of `doc`. */
function shellExample(doc: string, heading: string): { code: string } {
  const text = readFileSync(join(root, 'docs', doc), 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  const block = /```(?:sh|bash)\n([\s\S]*?)```/.exec(text.slice(start));
  if (start < 0 || !block) throw new Error(`docs/${doc} has no shell example under "## ${heading}"`);
  return { code: block[1]! };
}
