import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { packageInfo } from '../src/config/package-info.js';

/** Every command refuses a selection or a value it cannot use the same way: exit 2, one error line. */
const bin = join(packageInfo().root, 'bin', 'clide-conformance');
const cli = (args: string[]) => execa(process.execPath, [bin, ...args], { reject: false });

describe('usage errors exit 2 on every command', () => {
  test('an --only that selects no scenario: list exits 2 like run, with the same message', async () => {
    const [list, run] = await Promise.all([
      cli(['list', '--only', 'nosuch/']),
      cli(['run', '--only', 'nosuch/', '--claude', '/nonexistent/claude']),
    ]);
    expect(list.exitCode).toBe(2);
    expect(run.exitCode).toBe(2);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('error[usage]: --only: no scenario id starts with "nosuch/"');
    expect(list.stderr).toBe(run.stderr);
  });

  test('a --jobs that is no positive integer: pin exits 2 like run, before it touches anything', async () => {
    const [pin, run] = await Promise.all([
      cli(['pin', '2.1.999', '--jobs', '0']),
      cli(['run', '--jobs', '0', '--claude', '/nonexistent/claude']),
    ]);
    expect(pin.exitCode).toBe(2);
    expect(run.exitCode).toBe(2);
    expect(pin.stderr).toContain('error[usage]: --jobs: must be a positive integer, not "0"');
    expect(pin.stderr).toBe(run.stderr);
  });
});

describe("--version after a command is a slip for the command's version option", () => {
  test.each([
    [
      ['run', '--version', '2.1.150'],
      'run takes the CLI version as --cc-version: `run --cc-version 2.1.150`',
    ],
    [['validate', '--version', '2.1.150', 'x.jsonl'], 'validate takes the CLI version as --cc-version'],
    [['coverage', '--version'], 'coverage takes the CLI version as --cc-version'],
    [['matrix', '--version', '2.1.150'], 'matrix takes its CLI versions as --versions'],
    [['install', '--version', '2.1.150'], 'install takes the CLI version as its argument: `install 2.1.150`'],
    [['bisect', 'turn/plain', '--version', '2.1.150'], 'bisect takes its CLI versions as --good and --bad'],
    [['list', '--version'], 'list takes no CLI version'],
  ])('%j exits 2 naming what to use, and runs nothing', async (args, meant) => {
    const result = await cli(args);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toContain(`error[usage]: --version: ${meant}`);
    expect(result.stderr).toContain(
      "hint: `clide-conformance --version`, before any command, prints the kit's own version",
    );
  });

  test('before any command, --version still prints the kit version and exits 0', async () => {
    const result = await cli(['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(packageInfo().version);
  });
});

describe('a scenario id or prefix that names no scenario gets the closest ones', () => {
  const hint = (close: string) =>
    `  hint: did you mean ${close}? (list the ids with \`clide-conformance list\`)`;

  test('a typo in an --only prefix: list, run and matrix name the group it was meant for, and run nothing', async () => {
    const [list, run, matrix] = await Promise.all([
      cli(['list', '--only', 'contrl/']),
      cli(['run', '--only', 'contrl/', '--claude', '/nonexistent/claude']),
      cli(['matrix', '--versions', '2.1.150', '--only', 'contrl/']),
    ]);
    for (const result of [list, run, matrix]) {
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toEqual([
        'error[usage]: --only: no scenario id starts with "contrl/"',
        hint('"control/"'),
      ]);
    }
  });

  test('a typo in one --only prefix of several is refused too, not dropped from the run', async () => {
    const list = await cli(['list', '--only', 'turn/', 'permission/alow']);
    expect(list.exitCode).toBe(2);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('error[usage]: --only: no scenario id starts with "permission/alow"');
    expect(list.stderr).toContain(hint('"permission/allow"'));
  });

  test("a typo in a scenario id: the id it was meant for (list's whole id, bisect's <scenario>)", async () => {
    const [list, bisect] = await Promise.all([
      cli(['list', '--only', 'interupt/slow-turn']),
      cli(['bisect', 'interupt/slow-turn', '--good', '2.1.150', '--bad', '2.1.332']),
    ]);
    expect(list.stderr).toContain(hint('"interrupt/slow-turn"'));
    expect(bisect.exitCode).toBe(2);
    expect(bisect.stderr.split('\n')).toEqual([
      'error[usage]: <scenario>: there is no scenario "interupt/slow-turn"',
      hint('"interrupt/slow-turn"'),
    ]);
  });

  test('an id that is only the start of one: bisect names the whole id', async () => {
    const bisect = await cli(['bisect', 'permission/allow-without', '--good', '2.1.150', '--bad', '2.1.332']);
    expect(bisect.exitCode).toBe(2);
    expect(bisect.stderr).toContain(hint('"permission/allow-without-updated-input"'));
  });

  test('an accepted-findings file that names an unknown scenario: the closest id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clide-expected-typo-'));
    try {
      const file = join(dir, 'expected.json');
      writeFileSync(
        file,
        JSON.stringify({
          version: 1,
          scenarios: { 'turn/plian': [{ code: 'drift/value-changed', reason: 'r' }] },
        }),
      );
      const run = await cli([
        'run',
        '--only',
        'turn/plain',
        '--expected',
        file,
        '--claude',
        '/nonexistent/claude',
      ]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain('unknown scenario id(s): turn/plian');
      expect(run.stderr).toContain(hint('"turn/plain"'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
