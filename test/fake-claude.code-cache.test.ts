import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * bin/fake-claude starts from V8's code cache beside the bundle. A cache that does not fit the
 * running Node (damaged, cut short, other V8 flags) must cost only time: the session's bytes are
 * those of a run without a cache. A missing cache is written by the first session run without
 * Node flags, and by none run with them (their cache would not fit a plain run).
 */

let root: string;
const bundle = () => join(root, 'dist', 'bundle', 'fake-claude');
const cacheDir = () => join(bundle(), 'code-cache');
const cacheName = () => readdirSync(cacheDir()).find((name) => name.startsWith(`${process.version}-`));

beforeAll(() => {
  if (!existsSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'))) {
    throw new Error('dist/ is missing: run `npm run build` first (bin/fake-claude runs the built code)');
  }
  // A package of its own: bin/, the bundle (without its cache) and package.json, which the fake reads.
  root = mkdtempSync(join(tmpdir(), 'clide-code-cache-'));
  mkdirSync(join(root, 'bin'));
  mkdirSync(bundle(), { recursive: true });
  copyFileSync(resolve('bin/fake-claude'), join(root, 'bin', 'fake-claude'));
  copyFileSync(resolve('bin/load-bundle.cjs'), join(root, 'bin', 'load-bundle.cjs'));
  // bin/ is CommonJS by its own package.json.
  copyFileSync(resolve('bin/package.json'), join(root, 'bin', 'package.json'));
  copyFileSync(resolve('dist/bundle/fake-claude/fake-claude.cjs'), join(bundle(), 'fake-claude.cjs'));
  copyFileSync(resolve('package.json'), join(root, 'package.json'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function fake(args: string[], options: { nodeArgs?: string[]; env?: Record<string, string> } = {}) {
  const home = join(root, 'home');
  mkdirSync(home, { recursive: true });
  const result = await execa(
    process.execPath,
    [...(options.nodeArgs ?? []), join(root, 'bin', 'fake-claude'), ...args],
    {
      cwd: home,
      env: { PATH: process.env.PATH ?? '', HOME: home, ...options.env },
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 30_000,
    },
  );
  return { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr };
}

describe("fake-claude's code cache", () => {
  let expected: Awaited<ReturnType<typeof fake>>;
  const ARGS = ['--bogus'];

  it('a session run with Node flags writes no cache; the first plain one writes it', async () => {
    expected = await fake(ARGS, { nodeArgs: ['--no-opt'] });
    expect(expected.stderr).toMatch(/unknown option '--bogus'/);
    expect(existsSync(cacheDir())).toBe(false);
    expect(await fake(ARGS, { env: { NODE_OPTIONS: '--max-old-space-size=512' } })).toEqual(expected);
    expect(existsSync(cacheDir())).toBe(false);
    expect(await fake(ARGS)).toEqual(expected);
    expect(cacheName()).toMatch(new RegExp(`^${process.version}-${process.arch}-[\\w-]+\\.bin$`));
    expect(readdirSync(cacheDir())).toHaveLength(1);
    expect(await fake(ARGS)).toEqual(expected);
  });

  it.each([
    ['a damaged cache', () => Buffer.from('not a V8 code cache at all, only text')],
    ['an empty cache', () => Buffer.alloc(0)],
  ])('%s is not used, and the session is the same', async (_name, bytes) => {
    const name = cacheName()!;
    writeFileSync(join(cacheDir(), name), bytes());
    expect(await fake(ARGS)).toEqual(expected);
    expect(await fake(['--version'])).toEqual({
      exitCode: 0,
      stdout: expect.stringMatching(/\(Claude Code\)$/),
      stderr: '',
    });
  });

  it('a cache made for other V8 flags is not used, and the session is the same', async () => {
    rmSync(cacheDir(), { recursive: true, force: true });
    // Write the cache under a plain run, then run with a flag V8 counts in the cache's fit.
    expect(await fake(ARGS)).toEqual(expected);
    expect(cacheName()).toBeDefined();
    expect(await fake(ARGS, { nodeArgs: ['--no-opt'] })).toEqual(expected);
  });
});
