/**
 * What `clide-record --help` needs, apart from the recorder itself: the help text and the
 * environment variables it names (the executable loads the recorder only to record).
 */

/** The environment variables `clide-record` reads. */
export const RECORD_ENV = {
  realClaude: 'CLIDE_REAL_CLAUDE',
  out: 'CLIDE_RECORD_OUT',
  rules: 'CLIDE_RECORD_RULES',
  scenario: 'CLIDE_RECORD_SCENARIO',
  /** FOR TESTS ONLY: comma-separated redaction rules to skip, so that the leak scan must refuse the fixture. */
  unsafeSkipRules: 'CLIDE_RECORD_UNSAFE_SKIP_RULES',
} as const;

/**
 * `clide-record --recover <file>` (or `--recover=<file>`) alone: the file to scan, mask and
 * finalise (a left-over `.recording` or a `.quarantine`); no CLI is started. Undefined otherwise.
 */
export function clideRecordRecover(argv: readonly string[]): string | undefined {
  if (argv.length === 2 && argv[0] === '--recover' && argv[1] !== '') return argv[1];
  if (argv.length === 1 && argv[0]!.startsWith('--recover=') && argv[0]!.length > '--recover='.length)
    return argv[0]!.slice('--recover='.length);
  return undefined;
}

/** `clide-record --help` / `-h` alone: the recorder's own help; no CLI is started and nothing is recorded. */
export function isClideRecordHelp(argv: readonly string[]): boolean {
  return argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h');
}

export function clideRecordHelp(pinned: string): string {
  return `Usage: clide-record [claude options]   (a drop-in \`claude\` for any client)

Runs the real claude CLI with the same arguments, passes stdin, stdout and stderr through byte for
byte and writes a redacted fixture of the session. \`clide-record --help\` alone prints this text and
records nothing; every other command line goes to the real CLI (its options: \`claude --help\`).

A secret the redaction missed and the leak scan found is masked in the fixture and named in its
trailer's "findings" (a warning on stderr says so). A recording that cannot be masked is kept as a
private quarantine (<fixture>.quarantine, mode 0600) that replay and validate refuse until
  clide-record --recover <file>
scans it, masks what it can and withholds the frames it cannot. The same command finalises the
<fixture>.recording a killed recorder leaves behind.

Environment:
  ${RECORD_ENV.out}               the fixture file, or a folder (ending in /) that gets one per session
                                 (default: clide-recordings/ in the cwd)
  ${RECORD_ENV.realClaude}              the real CLI to run (default: the pinned ${pinned}, installed on first use)
  ${RECORD_ENV.rules}             a JSON file of extra redaction rules
  ${RECORD_ENV.scenario}          a scenario id for the fixture header
  ${RECORD_ENV.unsafeSkipRules} tests only: redaction rules to switch off (leak-mask: the masking)

Docs: docs/record.md, docs/fixture-format.md.
`;
}
