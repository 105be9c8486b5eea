import type { Command } from 'commander';
import { mergeReportDirs, renderHtmlReport, renderJson, renderText } from '../../report/index.js';
import { parseFormat } from './canary-flags.js';

/**
 * `clide-conformance merge-reports <dirs…>`: the report folders of the shards of one run
 * (`run --shard i/n`) → the one report a single run would have written. Exit 0 / 1 as that run's,
 * 2 when the folders are not the complete set of shards of one run.
 */
export function registerMergeReports(program: Command): void {
  program
    .command('merge-reports')
    .description(
      'merge the report folders of the shards of one run (run --shard i/n) into one: report.json, report.md, ' +
        'junit.xml, report.html and wire/, as a single run over the same selection writes them',
    )
    .argument('<dirs...>', "every shard's report folder")
    .option('--out <dir>', 'where the merged reports go', 'reports/merged')
    .option('--format <format>', 'stdout: text, json or html', 'text')
    .action((dirs: string[], flags: { out: string; format?: string }) => {
      const format = parseFormat(flags.format, ['text', 'json', 'html']);
      const { report, outDir } = mergeReportDirs(dirs, flags.out);
      process.stdout.write(
        format === 'json'
          ? renderJson(report)
          : format === 'html'
            ? renderHtmlReport(report, outDir)
            : renderText(report, outDir),
      );
      process.exitCode = report.summary.exitCode;
    });
}
