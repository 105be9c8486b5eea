import type { Command } from 'commander';
import { LIVE_CONFIRM_ENV } from '../../canary/live.js';
import { parseFailOn, parseFormat, parseJobs, parseShardFlag } from './canary-flags.js';

interface RunFlags {
  verbose?: boolean;
  ccVersion?: string;
  claude?: string;
  baseline?: string;
  baselineDir?: string;
  only?: string[];
  shard?: string;
  reportDir?: string;
  format?: string;
  failOn?: string;
  jobs?: string;
  live?: boolean;
  yesIWillPay?: boolean;
  expected?: string | false;
  quiet?: boolean;
}

/**
 * `clide-conformance run`: the canary. Exit 0 when nothing is at or above --fail-on, 1 when drift
 * is, 2 on usage or harness errors, 130 / 143 when interrupted by SIGINT / SIGTERM (docs/exit-codes.md).
 */
export function registerRun(program: Command): void {
  program
    .command('run')
    .description(
      'run the scenario catalogue against a real claude CLI (default: the pinned version), validate every frame ' +
        'against the baseline schemas, compare with the baseline fixtures, classify the drift, write reports',
    )
    .option(
      '--cc-version <version>',
      'CLI version to install and run: exact (2.1.150) or a dist-tag (latest)',
    )
    .option('--claude <path>', 'run this claude binary instead of an installed version')
    .option(
      '--baseline <version>',
      'baseline CLI version: its schemas and fixtures/<version>/ (default: the CLI version itself when pinned, else the nearest pinned one below it)',
    )
    .option(
      '--baseline-dir <dir>',
      'folder of baseline fixtures or wire logs (overrides fixtures/<baseline>/)',
    )
    .option('--only <prefix...>', 'run only the scenarios whose id starts with one of these prefixes')
    .option(
      '--shard <i/n>',
      'run part i of the selection split in n, balanced by recorded duration (merge the parts with merge-reports)',
    )
    .option(
      '--report-dir <dir>',
      'where report.json, report.md, junit.xml, report.html and wire/ go (default: reports/<cli-version>)',
    )
    .option('--format <format>', 'stdout: text, json or html (the files are written either way)', 'text')
    .option(
      '--fail-on <severity>',
      'lowest severity that fails the run: breaking, changed or additive',
      'breaking',
    )
    .option('--jobs <n>', 'scenarios run at once', '2')
    .option('--expected <file>', "accepted findings (default: the kit's conformance.expected.json)")
    .option('--no-expected', 'accept no findings at all')
    .option('--live', 'COSTS MONEY: run against the real Anthropic API with your credentials (never in CI)')
    .option('--yes-i-will-pay', `confirm --live (or set ${LIVE_CONFIRM_ENV}=1)`)
    .option('-q, --quiet', 'no progress lines on stderr')
    .option('--verbose', 'show the wire: every frame of every session on stderr (same as CLIDE_DEBUG=wire)')
    .action(async (flags: RunFlags) => {
      if (flags.verbose) process.env.CLIDE_DEBUG = 'wire';
      // The flags are checked first; the canary and the reports load only for a run.
      const format = parseFormat(flags.format, ['text', 'json', 'html']);
      const shard = await parseShardFlag(flags.shard);
      const failOn = parseFailOn(flags.failOn);
      const jobs = parseJobs(flags.jobs);
      const [{ runCanary }, { renderHtmlReport, renderJson, renderText }, { withInterrupt }] =
        await Promise.all([
          import('../../canary/run-canary.js'),
          import('../../report/index.js'),
          import('../interrupt.js'),
        ]);
      const { value: result } = await withInterrupt('the run', (signal) =>
        runCanary({
          ccVersion: flags.ccVersion,
          claudePath: flags.claude,
          baseline: flags.baseline,
          baselineDir: flags.baselineDir,
          only: flags.only ?? [],
          shard,
          reportDir: flags.reportDir,
          failOn,
          jobs,
          live: flags.live ?? false,
          liveConfirmed: flags.yesIWillPay ?? false,
          expectedFile: flags.expected === false ? null : flags.expected,
          onProgress: flags.quiet ? undefined : (line) => process.stderr.write(`${line}\n`),
          signal,
        }),
      );
      process.stdout.write(
        format === 'json'
          ? renderJson(result.report)
          : format === 'html'
            ? renderHtmlReport(result.report, result.reportDir ?? process.cwd())
            : renderText(result.report, result.reportDir),
      );
      process.exitCode = result.exitCode;
    });
}
