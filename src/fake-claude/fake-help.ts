/**
 * `fake-claude --fake-help`: the kit's own help — the modes, the two options of ours and every
 * `CLIDE_FAKE_*` variable. `--help` stays the emulated CLI's text, byte for byte (clients and the
 * differential tests compare it with the real one), so the fake's own knobs live under a flag the
 * real CLI does not have.
 */
export const FAKE_HELP_FLAG = '--fake-help';

export function fakeHelpText(pinned: string): string {
  return `Usage: fake-claude --fake-help
       fake-claude [claude options]   (headless: -p, or --input-format stream-json --output-format stream-json --verbose)

A fake \`claude\` from clide-conformance: it parses the command line like the real CLI and answers
\`--help\` and \`--version\` with the real texts. It runs in one of two modes:

  scripted   turns come from a model script (CLIDE_FAKE_SCENARIO or --scenario <file>) or from a
             Messages API (ANTHROPIC_BASE_URL); the CLI around them is emulated
  replay     a recorded fixture is played back (CLIDE_FAKE_FIXTURE or --fixture <file>)

Options of its own (hidden from --help, as the real CLI has neither):
  --scenario <file>        scripted mode with this model script (same as CLIDE_FAKE_SCENARIO)
  --fixture <file>         replay mode with this fixture (same as CLIDE_FAKE_FIXTURE)
  --fake-help              this text

Environment:
  CLIDE_FAKE_SCENARIO      model script to play (scripted mode)
  ANTHROPIC_BASE_URL       Messages API to take the turns from (scripted mode, when no script is set)
  CLIDE_FAKE_FIXTURE       fixture to replay (replay mode)
  CLIDE_FAKE_VERSION       the claude version to emulate (default ${pinned})
  CLIDE_FAKE_MODE          replay matching: strict (default: any mismatch fails) or lenient (warn, carry on)
  CLIDE_FAKE_PACING        replay timing: instant (default), recorded, or a factor of the recorded gaps (0.5)
  CLIDE_FAKE_REQUEST_LOG   file to append every model request to (JSONL)
  CLIDE_FAKE_CWD           work in this folder instead of the process's cwd
  CLIDE_FAKE_CLIENT_HOME   replay: the recording client's home, when the fake has a HOME of its own
                           (a path under it in the client's messages compares as $HOME; fakeClaude() sets it)
  CLIDE_FAKE_SERVER        socket of a warm fake server (\`clide-conformance fake-server\`): the session
                           runs there, this process only carries it; with no server there, it runs here
  CLIDE_FAKE_CLAUDE        printed by \`fake-server\`, not read: the client to start instead of this one, its
                           native client (no Node process), or bin/fake-claude on a machine without a C compiler

Docs: docs/mock-claude.md (scripted), docs/replay.md (replay), docs/fake-claude-differences.md.
`;
}
