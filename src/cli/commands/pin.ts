import type { Command } from 'commander';
import { parseFormat, parseJobs } from './canary-flags.js';

interface PinFlags {
  default?: boolean;
  jobs?: string;
  format?: string;
  quiet?: boolean;
  reuseCorpus?: boolean;
}

/** `clide-conformance pin <version|latest>`: the whole move to a new CLI release, in a checkout of the kit. */
export function registerPin(program: Command): void {
  program
    .command('pin')
    .description(
      'pin a new CLI version in this checkout of the kit: install it, record the catalogue into ' +
        'fixtures/<version>/, draft schemas/<version>/ as amendments on the nearest pinned set below it, ' +
        "register and generate them, capture the fake's data, and summarise what needs review",
    )
    .argument('<version>', 'an exact version (e.g. 2.1.332) or a dist-tag (latest)')
    .option('--default', 'also make it the default pin (package.json clideConformance.pinned)')
    .option('--jobs <n>', 'scenarios recorded at once', '2')
    .option('--reuse-corpus', 'draft from the corpus already in fixtures/<version>/ instead of recording it')
    .option('--format <format>', 'summary on stdout: text or json', 'text')
    .option('-q, --quiet', 'no progress lines on stderr')
    .action(async (version: string, flags: PinFlags) => {
      const format = parseFormat(flags.format);
      const jobs = parseJobs(flags.jobs);
      const [{ pin, renderPinSummary }, { withInterrupt }] = await Promise.all([
        import('../../pin/index.js'),
        import('../interrupt.js'),
      ]);
      const { value: result } = await withInterrupt(`pin ${version}`, (signal) =>
        pin({
          version,
          makeDefault: flags.default ?? false,
          reuseCorpus: flags.reuseCorpus ?? false,
          jobs,
          ...(flags.quiet ? {} : { onProgress: (line: string) => process.stderr.write(`${line}\n`) }),
          signal,
        }),
      );
      if (format === 'json') {
        const { amendments, ...rest } = result;
        const summary = {
          ...rest,
          amendments: amendments.map((a) => ({ kind: a.kind, seen: a.seen, source: a.source })),
        };
        process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      } else {
        process.stdout.write(renderPinSummary(result));
      }
      const clean =
        result.failedScenarios.length === 0 &&
        result.unresolved.length === 0 &&
        result.corpusFindings.length === 0 &&
        result.fakeData.every((step) => !step.error) &&
        (result.fake?.differing.length ?? 0) === 0;
      if (!clean) process.exitCode = 1;
    });
}
