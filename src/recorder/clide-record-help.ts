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
