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
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/**
 * The docs' runnable examples, run as a user would: the file as the doc names it, with the Node
 * that runs the tests (the oldest supported line, 20, in CI), from a project whose node_modules
 * hold the kit and the Agent SDK. Each run gets a TMPDIR of its own, which must be empty after.
 */
const root = packageInfo().root;
let project: string | undefined;

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
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
});
