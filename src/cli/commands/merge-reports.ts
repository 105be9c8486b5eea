import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { parseFormat } from './canary-flags.js';
import { acceptOldReportDirNames } from './report-dir-option.js';

/**
 * `clide-conformance merge-reports <dirs…>`: the report folders of the shards of one run
 * (`run --shard i/n`) → the one report a single run would have written. Exit 0 / 1 as that run's,
 * 2 when the folders are not the complete set of shards of one run.
 */
export function registerMergeReports(program: Command): void {
  const command = program
    .command('merge-reports')
    .description(
      'merge the report folders of the shards of one run (run --shard i/n) into one: report.json, report.md, ' +
        'junit.xml, report.html and wire/, as a single run over the same selection writes them; ' +
        "the --report-dir folders of matrix --shard i/n runs into one matrix, each version's runs merged",
    )
    .argument('<dirs...>', "every shard's report folder")
    .option('--report-dir <dir>', 'where the merged reports go', 'reports/merged')
    .option('--format <format>', 'stdout: text, json or html', 'text')
    .action(async (dirs: string[], flags: { reportDir: string; format?: string }) => {
      const format = parseFormat(flags.format, ['text', 'json', 'html']);
      const [matrix, report] = await Promise.all([
        import('../../matrix/index.js'),
        import('../../report/index.js'),
      ]);
      const {
        findingsFromRunReports,
        MATRIX_FILES,
        mergeMatrixDirs,
        renderMatrixHtml,
        renderMatrixJson,
        renderMatrixText,
      } = matrix;
      const { mergeReportDirs, renderHtmlReport, renderJson, renderText } = report;
      // The folders of `matrix --shard i/n` runs: each version's runs merged, then the matrix.
      if (dirs.every((dir) => existsSync(join(dir, MATRIX_FILES.json)))) {
        const merged = mergeMatrixDirs(dirs, flags.reportDir);
        const outDir = resolve(flags.reportDir);
        process.stdout.write(
          format === 'json'
            ? renderMatrixJson(merged)
            : format === 'html'
              ? renderMatrixHtml(merged, findingsFromRunReports(outDir), outDir)
              : renderMatrixText(merged, flags.reportDir),
        );
        process.exitCode = merged.summary.exitCode;
        return;
      }
      const { report: run, outDir } = mergeReportDirs(dirs, flags.reportDir);
      process.stdout.write(
        format === 'json'
          ? renderJson(run)
          : format === 'html'
            ? renderHtmlReport(run, outDir)
            : renderText(run, outDir),
      );
      process.exitCode = run.summary.exitCode;
    });
  acceptOldReportDirNames(command, ['--out']);
}
