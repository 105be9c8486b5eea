import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { ClideError } from '../../errors/index.js';
import { parseFailOn, parseFormat, parseJobs, parseShardFlag } from './canary-flags.js';
import { acceptOldReportDirNames } from './report-dir-option.js';

interface MatrixFlags {
  versions?: string;
  max?: string;
  only?: string[];
  baseline?: string;
  shard?: string;
  reportDir?: string;
  versionsFile?: string;
  format?: string;
  failOn?: string;
  jobs?: string;
  expected?: string | false;
  quiet?: boolean;
}

/**
 * `clide-conformance matrix --versions <list|range|last:N>`: exit 0 when every cell passes, 1 when
 * one fails (at --fail-on) or could not be tested, 2 on usage or harness errors.
 */
export function registerMatrix(program: Command): void {
  const command = program
    .command('matrix')
    .description(
      'run the catalogue (or --only) on several CLI versions, each against its baseline, installing the next ' +
        'version while one runs, and write a compatibility matrix of scenario × version (matrix.md, matrix.json, ' +
        "matrix.html) with each version's run report under --report-dir",
    )
    .option(
      '--versions <spec>',
      'a list (2.1.150,2.1.210,2.1.332), every published stable version of a range (2.1.150..2.1.332), or the newest N (last:5)',
    )
    .option('--max <n>', 'at most n versions, spread evenly over the list (both ends kept)')
    .option('--only <prefix...>', 'run only the scenarios whose id starts with one of these prefixes')
    .option(
      '--baseline <version>',
      "the baseline of every version (default: each version's own default baseline, as `run` picks it)",
    )
    .option(
      '--shard <i/n>',
      "run this machine's share of the scenarios (split by recorded duration, as `run --shard`)",
    )
    .option('--report-dir <dir>', 'where the matrix and the run reports go', 'reports/matrix')
    .option(
      '--versions-file <file>',
      "npm's version list as a JSON array, for ranges and last:N (default: asked from the registry)",
    )
    .option('--format <format>', 'stdout: text or json', 'text')
    .option(
      '--fail-on <severity>',
      'lowest severity that fails a cell: breaking, changed or additive',
      'breaking',
    )
    .option('--jobs <n>', 'scenarios run at once within a version', '2')
    .option('--expected <file>', "accepted findings (default: the kit's conformance.expected.json)")
    .option('--no-expected', 'accept no findings at all')
    .option('-q, --quiet', 'no progress lines on stderr')
    .action(async (flags: MatrixFlags) => {
      const format = parseFormat(flags.format);
      const outDir = resolve(flags.reportDir ?? 'reports/matrix');
      const shown = relative(process.cwd(), outDir) || '.';
      if (flags.versions === undefined) {
        throw new ClideError('usage', 'give the versions to run', {
          where: '--versions',
          hint: 'e.g. --versions 2.1.150,2.1.332, --versions 2.1.150..2.1.332 --max 5, or --versions last:3',
        });
      }
      const versions = flags.versions;
      // The flags are checked first; the canary loads only for a run.
      const max = flags.max === undefined ? undefined : parseMax(flags.max);
      const shard = await parseShardFlag(flags.shard);
      const failOn = parseFailOn(flags.failOn);
      const jobs = parseJobs(flags.jobs);
      const [{ renderMatrixJson, renderMatrixText, runMatrix }, { withInterrupt }] = await Promise.all([
        import('../../matrix/index.js'),
        import('../interrupt.js'),
      ]);
      const { value: result } = await withInterrupt('the matrix', (signal) =>
        runMatrix({
          versions,
          max,
          only: flags.only ?? [],
          baseline: flags.baseline,
          shard,
          outDir,
          versionsFile: flags.versionsFile,
          failOn,
          jobs,
          expectedFile: flags.expected === false ? null : flags.expected,
          onProgress: flags.quiet ? undefined : (line) => process.stderr.write(`${line}\n`),
          signal,
        }),
      );
      process.stdout.write(
        format === 'json' ? renderMatrixJson(result.report) : renderMatrixText(result.report, shown),
      );
      process.exitCode = result.exitCode;
    });
  acceptOldReportDirNames(command, ['--out']);
}

function parseMax(value: string): number {
  const max = Number(value);
  if (!/^\d+$/.test(value) || max < 2) {
    throw new ClideError('usage', `must be an integer of at least 2 (both ends are kept), not "${value}"`, {
      where: '--max',
    });
  }
  return max;
}
