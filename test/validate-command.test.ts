import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

/** Black-box: the built `clide-conformance validate` (run `npm run build` first; `npm test` does). */
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'clide-conformance');
const run = (...args: string[]) => execa('node', [BIN, 'validate', ...args], { reject: false, cwd: ROOT });

const ids = { uuid: 'u', session_id: 's' };
const status = { type: 'system', subtype: 'status', status: null, ...ids };
let dir: string;
const file = async (name: string, messages: unknown[]) => {
  const path = join(dir, name);
  await writeFile(
    path,
    `${messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('\n')}\n`,
  );
  return path;
};

beforeAll(async () => {
  dir = temp('clide-validate-cmd-');
});

describe('clide-conformance validate', () => {
  it('exits 0 on a real capture with no violation', async () => {
    const result = await run('--cc-version', '2.1.150', 'test/data/2.1.150/turn__plain.stdout.jsonl');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('OK: no violations in 1 file(s)');
  });

  it('exits 0 when the only findings are additive, and reports them', async () => {
    const path = await file('additive.jsonl', [{ ...status, new_field: true }]);
    const result = await run(path);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`${path}:1: additive schema/unknown-field at $.new_field`);
  });

  it('exits 1 on violations and reports file, line, JSON path, expected, actual and severity', async () => {
    const path = await file('bad.jsonl', [status, { ...status, session_id: 7 }, 'not json']);
    const result = await run(path);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`${path}:2: breaking schema/wrong-type at $.session_id`);
    expect(result.stdout).toContain('expected: "string"  actual: 7');
    expect(result.stdout).toContain(`${path}:3: breaking wire/non-json-line at $`);
    expect(result.stdout).toContain('FAIL: 2 violation(s) in 1 file(s)');
  });

  it('prints machine-readable findings with --format json', async () => {
    const path = await file('bad-json.jsonl', [{ type: 'system', subtype: 'status', ...ids }]);
    const result = await run('--format', 'json', path);
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout) as {
      files: Array<{ file: string; messages: number; findings: Array<Record<string, unknown>> }>;
      summary: { violations: number };
    };
    expect(report.summary.violations).toBe(1);
    expect(report.files[0]!.findings[0]).toMatchObject({
      file: path,
      line: 1,
      severity: 'breaking',
      code: 'schema/missing-field',
      path: '$.status',
      expected: '"compacting" | "requesting" | null',
    });
  });

  it('validates stdin captures with --direction to-cli', async () => {
    const path = await file('stdin.jsonl', [
      {
        type: 'control_response',
        response: { subtype: 'success', request_id: 'r', response: { behavior: 'allow' } },
      },
    ]);
    const result = await run('--cc-version', '2.1.150', '--direction', 'to-cli', path);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('schema/missing-field at $.response.response.updatedInput');
    // 2.1.332 runs a bare allow with the tool's original input: its schemas accept it.
    expect((await run('--cc-version', '2.1.332', '--direction', 'to-cli', path)).exitCode).toBe(0);
  });

  it('notes the nearest pinned schema set for --cc-version', async () => {
    const result = await run('--cc-version', '2.1.160', 'test/data/2.1.150/turn__plain.stdout.jsonl');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/note: .*2\.1\.160.*2\.1\.150/);
  });

  it('reports invalid UTF-8 as a violation with its line and byte offset', async () => {
    const path = join(dir, 'latin1.jsonl');
    const line = `${JSON.stringify(status)}\n`;
    await writeFile(path, Buffer.concat([Buffer.from(line), Buffer.from('{"type":"x\xe9"}\n', 'latin1')]));
    const result = await run(path);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`${path}:2: breaking wire/invalid-utf8 at $`);
    expect(result.stdout).toContain(`byte 10 of the line (offset ${line.length + 10} in the file)`);
  });

  it('caps the text output of a binary file: ten findings of a code, then how many more', async () => {
    const path = join(dir, 'random.bin');
    // Deterministic noise with many newlines: every line is neither JSON nor UTF-8.
    const bytes = Buffer.alloc(64 * 1024);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      bytes[i] = i % 50 === 49 ? 0x0a : 0x80 | (x >>> 24);
    }
    await writeFile(path, bytes);
    const result = await run(path);
    expect(result.exitCode).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.length).toBeLessThan(80);
    expect(result.stdout).toMatch(new RegExp(`${path}: … \\d+ more wire/non-json-line finding\\(s\\)`));
    expect(result.stdout).toMatch(new RegExp(`${path}: … \\d+ more wire/invalid-utf8 finding\\(s\\)`));
    expect(result.stdout).toContain('FAIL: 2622 violation(s) in 1 file(s)');
    for (const l of lines) expect(l.length).toBeLessThan(400);
    const json = JSON.parse((await run('--format', 'json', path)).stdout);
    expect(json.files[0].findings).toHaveLength(2622);
  });

  it('exits 2 naming a missing file', async () => {
    const missing = join(dir, 'nope.jsonl');
    const result = await run(missing);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`file not found: ${missing}`);
  });

  it('exits 2 on a usage error', async () => {
    expect((await run('--format', 'xml', 'test/data/2.1.150/turn__plain.stdout.jsonl')).exitCode).toBe(2);
    expect((await run('--cc-version', 'latest', 'test/data/2.1.150/turn__plain.stdout.jsonl')).exitCode).toBe(
      2,
    );
    expect((await run()).exitCode).toBe(2);
  });
});
