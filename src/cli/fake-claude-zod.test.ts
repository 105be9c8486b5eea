import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'clide-zod-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The module's text (plain JavaScript), to import it in a fresh Node (no TypeScript loader there).
const MODULE = join(dir, 'fake-claude-zod.mjs');
writeFileSync(MODULE, readFileSync(fileURLToPath(new URL('./fake-claude-zod.ts', import.meta.url)), 'utf8'));

/** zod's `config().jitless` in a fresh Node after importing `first`, then `second`. */
function jitlessAfter(first: string, second: string): unknown {
  const script = `await import(${JSON.stringify(first)}); await import(${JSON.stringify(second)}); const { config } = await import('zod/mini'); process.stdout.write(JSON.stringify(config().jitless ?? null));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
  );
}

describe("the executable's zod configuration", () => {
  it('zod loaded after it runs without its JIT', () => {
    expect(jitlessAfter(MODULE, 'zod/mini')).toBe(true);
  });

  it('zod loaded before it runs without its JIT too', () => {
    expect(jitlessAfter('zod/mini', MODULE)).toBe(true);
  });

  it('a zod without it keeps its JIT (the checks above can fail)', () => {
    expect(jitlessAfter('zod/mini', 'node:os')).toBe(null);
  });
});
