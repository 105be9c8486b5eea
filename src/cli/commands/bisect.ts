import type { Command } from 'commander';
import { parseFailOn, parseFormat } from './canary-flags.js';

interface BisectFlags {
  good: string;
  bad: string;
  on?: string;
  code?: string;
  path?: string;
  baseline?: string;
  versionsFile?: string;
  reportDir?: string;
  format?: string;
  failOn?: string;
  expected?: string | false;
  quiet?: boolean;
}

/**
 * `clide-conformance bisect <scenario> --good <v> --bad <v> [--on fail|change | --code c]`: exit 0
 * with a first bad version, 1 when the ends do not disagree as given, 2 on usage or harness errors.
 */
export function registerBisect(program: Command): void {
  program
    .command('bisect')
    .description(
      "binary search over npm's published versions between --good and --bad for the first version where a " +
        'scenario fails against a fixed baseline at --fail-on, as `run --only <scenario>` judges it; with --on change, ' +
        'where its outcome changes (its status or its findings); with --code, where a finding code first appears; ' +
        'installs only the versions it runs',
    )
    .argument('<scenario>', 'the scenario id (see `clide-conformance list`)')
    .requiredOption('--good <version>', 'a published version where the scenario passes (behaves as before)')
    .requiredOption('--bad <version>', 'a newer published version where it fails (does not)')
    .option(
      '--on <fail|change>',
      "what makes a version bad: fail (default): the scenario fails at --fail-on; change: its outcome differs from the good version's",
    )
    .option(
      '--code <finding-code>',
      'look for the first version with this finding code (e.g. drift/value-changed)',
    )
    .option('--path <json-path>', 'with --code: only findings at this path (e.g. $.error)')
    .option(
      '--baseline <version>',
      'the baseline every version is compared with (default: the default baseline of the good version, as `run` picks it)',
    )
    .option(
      '--versions-file <file>',
      "npm's version list as a JSON array (default: asked from the registry with npm view)",
    )
    .option('--report-dir <dir>', "write each version's run report to <dir>/<version>/")
    .option('--format <format>', 'stdout: text or json', 'text')
    .option('--fail-on <severity>', 'the severity a scenario fails at, as in `run`', 'breaking')
    .option('--expected <file>', "accepted findings (default: the kit's conformance.expected.json)")
    .option('--no-expected', 'accept no findings at all')
    .option('-q, --quiet', 'no progress lines on stderr')
    .action(async (scenario: string, flags: BisectFlags) => {
      const format = parseFormat(flags.format);
      const failOn = parseFailOn(flags.failOn);
      const [{ renderBisectText, runBisect }, { withInterrupt }] = await Promise.all([
        import('../../bisect/index.js'),
        import('../interrupt.js'),
      ]);
      const { value: result } = await withInterrupt('the bisection', (signal) =>
        runBisect({
          scenario,
          good: flags.good,
          bad: flags.bad,
          ...(flags.on !== undefined ? { on: flags.on as 'fail' | 'change' } : {}),
          code: flags.code,
          path: flags.path,
          baseline: flags.baseline,
          versionsFile: flags.versionsFile,
          reportDir: flags.reportDir,
          failOn,
          expectedFile: flags.expected === false ? null : flags.expected,
          onProgress: flags.quiet ? undefined : (line) => process.stderr.write(`${line}\n`),
          signal,
        }),
      );
      process.stdout.write(
        format === 'json' ? `${JSON.stringify(result.report, null, 2)}\n` : renderBisectText(result.report),
      );
      process.exitCode = result.exitCode;
    });
}
