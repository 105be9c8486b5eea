import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

/** Black-box: usage errors of the built `matrix` and `bisect` come before anything is installed or run. */
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'clide-conformance');
const VERSIONS_FILE = join(ROOT, 'test', 'data', 'claude-code-versions.json');
const cli = (...args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT });

describe('matrix: usage errors (exit 2, nothing on stdout)', () => {
  it.each([
    [['matrix'], 'error[usage]: --versions: give the versions to run'],
    [
      ['matrix', '--versions', '2.1.150,latest'],
      'error[usage]: --versions: "latest" in "2.1.150,latest" is not an exact version',
    ],
    [
      ['matrix', '--versions', '2.1.151..2.1.153', '--versions-file', VERSIONS_FILE],
      'error[usage]: --versions: 2.1.151 is not a published stable version of the CLI',
    ],
    [
      ['matrix', '--versions', 'last:3', '--max', '1'],
      'error[usage]: --max: must be an integer of at least 2',
    ],
    [['matrix', '--versions', '2.1.150', '--shard', '3/2'], 'error[usage]: --shard: must be <i>/<n>'],
    [
      ['matrix', '--versions', '2.1.150', '--only', 'nope/'],
      'error[usage]: --only: no scenario id starts with "nope/"',
    ],
  ])('%j', async (args, message) => {
    const result = await cli(...args);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});

describe('bisect: usage errors (exit 2, nothing on stdout)', () => {
  it.each([
    [
      ['bisect', 'nope/none', '--good', '2.1.150', '--bad', '2.1.153'],
      'error[usage]: <scenario>: there is no scenario "nope/none"',
    ],
    [
      ['bisect', 'turn/plain', '--good', 'latest', '--bad', '2.1.153'],
      'error[usage]: --good: "latest" is not an exact version',
    ],
    [
      ['bisect', 'turn/plain', '--good', '2.1.153', '--bad', '2.1.150', '--versions-file', VERSIONS_FILE],
      'error[usage]: --good/--bad: 2.1.153 is not older than 2.1.150',
    ],
    [
      ['bisect', 'turn/plain', '--good', '2.1.150', '--bad', '2.1.153', '--path', '$.error'],
      'error[usage]: --path: --path narrows --code: give --code too',
    ],
    [
      ['bisect', 'turn/plain', '--good', '2.1.150', '--bad', '2.1.153', '--on', 'drift'],
      'error[usage]: --on: --on must be fail or change, not "drift"',
    ],
    [
      ['bisect', 'turn/plain', '--good', '2.1.150', '--bad', '2.1.153', '--on', 'change', '--code', 'x/y'],
      'error[usage]: --on: --code is a search of its own: give --on or --code, not both',
    ],
    [['bisect', 'turn/plain', '--good', '2.1.150'], "required option '--bad <version>' not specified"],
  ])('%j', async (args, message) => {
    const result = await cli(...args);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});
