import type { Command } from 'commander';
import { parseFailOn, parseFormat } from './canary-flags.js';

/**
 * `clide-conformance diff A B`: structural diff of two fixtures or two folders of fixtures, with
 * the findings and severities of `run`. Exit codes as `run`.
 */
export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description(
      'structural diff of two fixtures, or two folders of fixtures matched by file name (A = baseline)',
    )
    .argument('<a>', 'baseline fixture or folder')
    .argument('<b>', 'candidate fixture or folder')
    .option('--format <format>', 'text or json', 'text')
    .option(
      '--fail-on <severity>',
      'lowest severity that makes the exit code 1: breaking, changed or additive',
      'breaking',
    )
    .action(async (a: string, b: string, flags: { format?: string; failOn?: string }) => {
      const format = parseFormat(flags.format);
      const failOn = parseFailOn(flags.failOn);
      const [{ diffFixtures }, { renderDiffJson, renderDiffText }] = await Promise.all([
        import('../../canary/diff-fixtures.js'),
        import('../../report/index.js'),
      ]);
      const report = await diffFixtures(a, b, { failOn });
      process.stdout.write(format === 'json' ? renderDiffJson(report) : renderDiffText(report));
      process.exitCode = report.summary.exitCode;
    });
}
