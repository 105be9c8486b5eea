import type { Command } from 'commander';
import { ClideError } from '../../errors/index.js';
import { recordProcess } from '../../recorder/index.js';

interface RecordFlags {
  out: string;
  rules?: string;
  scenario?: string;
}

/**
 * `clide-conformance record --out FILE [--rules F] -- <claude> [args…]`: runs the given CLI command as
 * a transparent proxy on this process's stdio and writes a redacted fixture.
 */
export function registerRecord(program: Command): void {
  program
    .command('record')
    .description('run a claude command as a transparent proxy on stdin/stdout and record a redacted fixture')
    .requiredOption('-o, --out <file>', 'where the fixture goes')
    .option('--rules <file>', 'extra redaction rules (JSON, see docs/fixture-format.md)')
    .option('--scenario <id>', 'scenario id for the fixture header')
    .argument('<command...>', 'the CLI to run and its arguments (after --)')
    .action(async (command: string[], flags: RecordFlags) => {
      const [binary, ...args] = command;
      if (!binary)
        throw new ClideError('usage', 'record needs the CLI to run after --', {
          hint: 'record --out f.jsonl -- claude -p …',
        });
      const result = await recordProcess({
        command: binary,
        args,
        out: flags.out,
        rulesFile: flags.rules,
        scenario: flags.scenario,
      });
      process.stderr.write(
        `recorded ${result.frames} frames to ${result.fixturePath}${result.complete ? '' : ' (incomplete)'}\n`,
      );
      process.exitCode = result.exitCode ?? 1;
    });
}
