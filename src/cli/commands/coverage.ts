import type { Command } from 'commander';
import { ClideError } from '../../errors/index.js';
import { acceptOldReportDirNames } from './report-dir-option.js';

interface CoverageFlags {
  sdk?: string;
  ccVersion?: string;
  format?: string;
  reportDir?: string;
  fake?: boolean;
  failOnContradiction?: boolean;
}

/**
 * `clide-conformance coverage [--sdk <version>] [--cc-version <v>]`: every protocol item an Agent
 * SDK version declares, and for a pinned CLI version whether the schemas type it (and where they
 * contradict the SDK), whether a catalogue scenario exercises it against the real CLI, and what
 * the fake does with it. Markdown or JSON on stdout, or both into a folder (`--report-dir`).
 * Exit 0; 1 with `--fail-on-contradiction` when a contradiction or an untyped item is left; 2 on a
 * usage error (an SDK version with no inventory).
 */
export function registerCoverage(program: Command): void {
  const command = program
    .command('coverage')
    .description(
      'what the kit knows of every protocol item an Agent SDK version declares: typed in the schemas ' +
        '(and contradictions), exercised by a scenario against the real CLI, emulated by the fake',
    )
    .option(
      '--sdk <version>',
      'the Agent SDK version whose declarations to read (default: the one the pin answers to)',
    )
    .option('--cc-version <version>', 'the pinned CLI version (default: the pinned one)')
    .option('--format <format>', 'md or json', 'md')
    .option('--report-dir <dir>', 'write <cc-version>.md and <cc-version>.json into this folder')
    .option('--no-fake', 'do not ask the fake (faster)')
    .option('--fail-on-contradiction', 'exit 1 when a contradiction or an untyped item is left')
    .exitOverride()
    .action(async (flags: CoverageFlags) => {
      const format = flags.format ?? 'md';
      if (format !== 'md' && format !== 'json')
        throw new ClideError('usage', `must be md or json, not "${format}"`, { where: '--format' });
      const [{ buildCoverage, renderCoverageJson, renderCoverageMarkdown }, { packageInfo }, fs, path] =
        await Promise.all([
          import('../../coverage/index.js'),
          import('../../config/package-info.js'),
          import('node:fs'),
          import('node:path'),
        ]);
      const report = await buildCoverage({
        cliVersion: flags.ccVersion ?? packageInfo().pinned,
        ...(flags.sdk === undefined ? {} : { sdkVersion: flags.sdk }),
        probeFake: flags.fake !== false,
      });
      if (flags.reportDir !== undefined) {
        fs.mkdirSync(flags.reportDir, { recursive: true });
        for (const [ext, text] of [
          ['md', renderCoverageMarkdown(report)],
          ['json', renderCoverageJson(report)],
        ] as const) {
          const file = path.join(flags.reportDir, `${report.cliVersion}.${ext}`);
          fs.writeFileSync(file, text);
          process.stderr.write(`wrote ${file}\n`);
        }
      } else {
        process.stdout.write(format === 'md' ? renderCoverageMarkdown(report) : renderCoverageJson(report));
      }
      const t = report.totals;
      process.stderr.write(
        `coverage of claude ${report.cliVersion} against Agent SDK ${report.sdkVersion}: ${t.items} items, ` +
          `${t.schema.untyped} untyped, ${t.contradictions} contradiction(s), ${t.exercised} exercised, ` +
          `${t.fake.refused} refused by the fake\n`,
      );
      if (flags.failOnContradiction && (t.contradictions > 0 || t.schema.untyped > 0)) process.exitCode = 1;
    });
  acceptOldReportDirNames(command, ['--out-dir']);
}
