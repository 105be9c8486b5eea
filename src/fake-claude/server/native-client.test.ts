import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { configHeader, cString, nativeClient } from './native-client.js';

const cache = mkdtempSync(join(tmpdir(), 'clide-native-client-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('nativeClient', () => {
  it('builds once per key into the cache, then hands over the same file without building', async () => {
    const first = await nativeClient({ cacheDir: cache });
    if (!first.ok) throw new Error(first.problem);
    expect(first.path.startsWith(join(cache, 'fake-client'))).toBe(true);
    const built = statSync(first.path);
    expect(built.mode & 0o111).not.toBe(0);
    const second = await nativeClient({ cacheDir: cache });
    expect(second).toEqual(first);
    expect(statSync(first.path).mtimeMs).toBe(built.mtimeMs);
  });

  it('builds at once for several callers of the same key: one file, no half-built one', async () => {
    const fresh = mkdtempSync(join(cache, 'race-'));
    const all = await Promise.all(Array.from({ length: 4 }, () => nativeClient({ cacheDir: fresh })));
    const paths = new Set(all.map((one) => (one.ok ? one.path : one.problem)));
    expect(paths.size).toBe(1);
    expect(all.every((one) => one.ok)).toBe(true);
  });

  it('with no compiler, or one that fails, says so and never throws', async () => {
    const fresh = mkdtempSync(join(cache, 'none-'));
    const missing = await nativeClient({ cacheDir: fresh, compiler: '/no/such/cc' });
    expect(missing).toMatchObject({ ok: false });
    expect(!missing.ok && missing.problem).toMatch(/^\/no\/such\/cc could not build it \(.*ENOENT/);
    const failing = await nativeClient({ cacheDir: fresh, compiler: 'false' });
    expect(!failing.ok && failing.problem).toMatch(/^false could not build it \(exit 1/);
  });

  it('with a cache it cannot write (a file stands where its folder goes), says which folder', async () => {
    const file = join(cache, 'a-file');
    writeFileSync(file, '');
    const result = await nativeClient({ cacheDir: file });
    expect(!result.ok && result.problem).toContain(
      `the cache folder ${join(file, 'fake-client')} cannot be written`,
    );
  });
});

describe('the native client', () => {
  it('built for a kit that is gone, with no server to take the session: exit 70, naming the missing kit', async () => {
    const gone = '/no/such/kit/bin/fake-claude';
    const built = await nativeClient({ cacheDir: cache, fallback: gone });
    if (!built.ok) throw new Error(built.problem);
    const run = await execa(built.path, ['--version'], { reject: false, env: { CLIDE_FAKE_SERVER: '' } });
    expect(run.exitCode).toBe(70);
    expect(run.stderr).toBe(
      `fake-claude: internal error: no server took the session, and the kit this native client was built for is gone (${gone}: No such file or directory); start the CLIDE_FAKE_CLAUDE that clide-conformance fake-server prints`,
    );
  });
});

describe('cString', () => {
  it('escapes quotes, backslashes, question marks (no trigraphs) and every byte outside printable ASCII', () => {
    expect(cString('a"b\\c?d')).toBe('"a\\"b\\\\c\\077d"');
    expect(cString('é\n')).toBe('"\\303\\251\\012"');
  });

  it('puts every constant in the header', () => {
    const header = configHeader('1.2.3', '/n o/node', '/k"it/bin/fake-claude');
    expect(header).toContain('#define CLIDE_KIT_VERSION "1.2.3"');
    expect(header).toContain('#define CLIDE_NODE "/n o/node"');
    expect(header).toContain('#define CLIDE_FALLBACK "/k\\"it/bin/fake-claude"');
  });
});
