import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import { binaryCandidates, resolveBinary } from './binary.js';

/** The shell-script stub the real wrapper ships as bin/claude.exe until its postinstall replaces it (2.1.150). */
const PLACEHOLDER = `echo "Error: claude native binary not installed." >&2
echo "Or reinstall without --ignore-scripts / --omit=optional." >&2
exit 1
`;

/** This machine's platform package, worked out independently of the code under test. */
function platformPackage(): string {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const musl = process.platform === 'linux' && report?.header?.glibcVersionRuntime === undefined;
  return `@anthropic-ai/claude-code-${process.platform}-${process.arch}${musl ? '-musl' : ''}`;
}

function writeExecutable(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

const printing = (output: string) => `#!/bin/sh\necho '${output}'\n`;

let project: string;
let wrapperBin: string;
let platformBin: string;

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'clide-binary-'));
  wrapperBin = join(project, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe');
  platformBin = join(project, 'node_modules', platformPackage(), 'claude');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('resolveBinary', () => {
  it('uses the platform package when the wrapper still holds the placeholder (postinstall did not run)', async () => {
    writeExecutable(wrapperBin, PLACEHOLDER);
    writeExecutable(platformBin, printing('2.1.150 (Claude Code)'));
    const found = await resolveBinary(project, '2.1.150');
    expect(found).toEqual({ path: platformBin, output: '2.1.150 (Claude Code)' });
  });

  it("prefers the wrapper's bin/claude.exe once postinstall placed the native binary there", async () => {
    writeExecutable(wrapperBin, printing('2.1.150 (Claude Code)'));
    writeExecutable(platformBin, printing('2.1.150 (Claude Code)'));
    expect((await resolveBinary(project, '2.1.150')).path).toBe(wrapperBin);
  });

  it('rejects a binary reporting another version: the error names the version, the folder and the output', async () => {
    writeExecutable(wrapperBin, PLACEHOLDER);
    writeExecutable(platformBin, printing('2.1.149 (Claude Code)'));
    const error = await resolveBinary(project, '2.1.150').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClideError);
    const { code, message } = error as ClideError;
    expect(code).toBe('install');
    expect(message).toContain('claude 2.1.150');
    expect(message).toContain(project);
    expect(message).toContain('2.1.149 (Claude Code)');
    expect(message).toContain('claude native binary not installed');
  });

  it('reports every candidate when nothing is installed', async () => {
    const error = (await resolveBinary(project, '2.1.150').catch((e: unknown) => e)) as ClideError;
    expect(error.code).toBe('install');
    for (const candidate of binaryCandidates(project))
      expect(error.message).toContain(`${candidate}: missing`);
  });
});
