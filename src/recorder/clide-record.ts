import { packageInfo } from '../config/package-info.js';
import { ensureInstalled } from '../install/index.js';
import { recordOutputPath } from './output-path.js';
import { type RecordResult, recordProcess } from './record-process.js';

/** The environment variables `clide-record` reads. */
export const RECORD_ENV = {
  realClaude: 'CLIDE_REAL_CLAUDE',
  out: 'CLIDE_RECORD_OUT',
  rules: 'CLIDE_RECORD_RULES',
  scenario: 'CLIDE_RECORD_SCENARIO',
  /** FOR TESTS ONLY: comma-separated redaction rules to skip, so that the leak scan must refuse the fixture. */
  unsafeSkipRules: 'CLIDE_RECORD_UNSAFE_SKIP_RULES',
} as const;

/** `clide-record --help` / `-h` alone: the recorder's own help; no CLI is started and nothing is recorded. */
export function isClideRecordHelp(argv: readonly string[]): boolean {
  return argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h');
}

export function clideRecordHelp(pinned: string): string {
  return `Usage: clide-record [claude options]   (a drop-in \`claude\` for any client)

Runs the real claude CLI with the same arguments, passes stdin, stdout and stderr through byte for
byte and writes a redacted fixture of the session. \`clide-record --help\` alone prints this text and
records nothing; every other command line goes to the real CLI (its options: \`claude --help\`).

Environment:
  ${RECORD_ENV.out}               the fixture file, or a folder (ending in /) that gets one per session
                                 (default: clide-recordings/ in the cwd)
  ${RECORD_ENV.realClaude}              the real CLI to run (default: the pinned ${pinned}, installed on first use)
  ${RECORD_ENV.rules}             a JSON file of extra redaction rules
  ${RECORD_ENV.scenario}          a scenario id for the fixture header
  ${RECORD_ENV.unsafeSkipRules} tests only: redaction rules to switch off

Docs: docs/record.md, docs/fixture-format.md.
`;
}

/**
 * `clide-record [claude args…]`: a drop-in `claude` for any client. Runs the real CLI
 * (`CLIDE_REAL_CLAUDE`, default: the pinned installed version) with the same argv, proxies stdio
 * byte for byte and writes a redacted fixture to `CLIDE_RECORD_OUT` (file, or folder; a relative
 * path only where it is unambiguous: `recordOutputPath`).
 */
export async function runClideRecord(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RecordResult> {
  // Refused before anything is installed or started.
  const out = recordOutputPath(env[RECORD_ENV.out], process.cwd(), env.PWD);
  let command = env[RECORD_ENV.realClaude];
  let cliVersion: string | undefined;
  if (!command) {
    const installed = await ensureInstalled(packageInfo().pinned);
    command = installed.binaryPath;
    cliVersion = installed.version;
  }
  return recordProcess({
    command,
    args: argv,
    out,
    env,
    cliVersion,
    scenario: env[RECORD_ENV.scenario] || undefined,
    rulesFile: env[RECORD_ENV.rules] || undefined,
    unsafeSkipRules: (env[RECORD_ENV.unsafeSkipRules] ?? '')
      .split(',')
      .map((r) => r.trim())
      .filter((r) => r !== ''),
  });
}
