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
