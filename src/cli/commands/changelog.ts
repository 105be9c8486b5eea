import type { Command } from 'commander';
import type { ChangelogFormat } from '../../changelog/index.js';
import { ClideError } from '../../errors/index.js';
import { acceptOldReportDirNames } from './report-dir-option.js';

interface ChangelogFlags {
  format?: string;
  out?: string;
  reportDir?: string;
  fixturesRoot?: string;
}

function parseChangelogFormat(value: string | undefined): ChangelogFormat {
  const format = value ?? 'md';
  if (format !== 'md' && format !== 'json') {
    throw new ClideError('usage', `must be md or json, not "${format}"`, { where: '--format' });
  }
  return format;
}

/**
 * `clide-conformance changelog <from> <to>`: the protocol changes between two pinned CLI versions,
 * from their schema sets and corpora. Markdown or JSON on stdout, to a file (`--out`), and/or both
 * into a folder (`--report-dir`). Exit 0; 2 on a usage error (a version that is not pinned).
 */
export function registerChangelog(program: Command): void {
  const command = program
    .command('changelog')
    .description(
      'protocol changes between two pinned CLI versions, from their schema sets and recorded corpora ' +
        '(message kinds, fields, control requests and replies, behaviour per scenario)',
    )
    .argument('<from>', 'the older pinned version, e.g. 2.1.150')
    .argument('<to>', 'the newer pinned version')
    .option('--format <format>', 'md or json', 'md')
    .option('--out <file>', 'write the changelog to this file instead of stdout')
    .option('--report-dir <dir>', 'write changelog-<from>-<to>.md and .json into this folder')
    .option(
      '--fixtures-root <dir>',
      'folder holding the corpora <dir>/<version>/ (default: the kit fixtures/)',
    )
    .exitOverride()
    .action(async (from: string, to: string, flags: ChangelogFlags) => {
      const format = parseChangelogFormat(flags.format);
      const { buildChangelog, renderChangelog, writeChangelogDir, writeChangelogFile } = await import(
        '../../changelog/index.js'
      );
      const log = await buildChangelog(from, to, {
        ...(flags.fixturesRoot === undefined ? {} : { fixturesRoot: flags.fixturesRoot }),
      });
      if (flags.reportDir !== undefined) {
        for (const path of writeChangelogDir(flags.reportDir, log)) process.stderr.write(`wrote ${path}\n`);
      }
      const text = renderChangelog(log, format);
      if (flags.out !== undefined) {
        writeChangelogFile(flags.out, text);
        process.stderr.write(`wrote ${flags.out}\n`);
      } else if (flags.reportDir === undefined) {
        process.stdout.write(text);
      }
    });
  acceptOldReportDirNames(command, ['--out-dir']);
}
