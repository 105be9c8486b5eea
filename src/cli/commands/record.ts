import type { Command } from 'commander';
import { ClideError, INTERRUPT_EXIT } from '../../errors/index.js';

interface RecordFlags {
  out?: string;
  rules?: string;
  scenario?: string;
  recover?: string;
}

/**
 * `clide-conformance record --out FILE [--rules F] -- <claude> [args…]`: runs the given CLI command as
 * a transparent proxy on this process's stdio and writes a redacted fixture. Interrupted (SIGINT /
 * SIGTERM), it forwards the signal to the CLI, writes what was recorded, marked cut, and exits 130 / 143.
 * `clide-conformance record --recover FILE`: leak-scans a recording a killed recorder left under
 * its temporary name, or one kept as a quarantine, masks what it finds and gives it its final name.
 */
export function registerRecord(program: Command): void {
  program
    .command('record')
    .description('run a claude command as a transparent proxy on stdin/stdout and record a redacted fixture')
    .option('-o, --out <file>', 'where the fixture goes (required unless --recover)')
    .option('--rules <file>', 'extra redaction rules (JSON, see docs/fixture-format.md)')
    .option('--scenario <id>', 'scenario id for the fixture header')
    .option(
      '--recover <file>',
      'leak-scan a recording left by a killed recorder (<file>.recording) or kept as a quarantine (<file>.quarantine), mask what it finds and finalise it',
    )
    .argument('[command...]', 'the CLI to run and its arguments (after --)')
    .action(async (command: string[], flags: RecordFlags) => {
      if (flags.recover !== undefined) {
        if (command.length > 0 || flags.out !== undefined)
          throw new ClideError('usage', '--recover takes only the file to recover', {
            hint: 'record --recover fixtures/session.jsonl.recording',
          });
        const [{ recoverRecording }, { formatFindings }] = await Promise.all([
          import('../../recorder/recover.js'),
          import('../../redact/finalize.js'),
        ]);
        const recovered = await recoverRecording(flags.recover);
        const warning = formatFindings(recovered.fixturePath, recovered.findings);
        process.stderr.write(
          `${warning ? `${warning}\n` : ''}recovered ${recovered.frames} frames to ${recovered.fixturePath}${recovered.complete ? '' : ' (incomplete)'}\n`,
        );
        return;
      }
      const [binary, ...args] = command;
      if (!binary)
        throw new ClideError('usage', 'record needs the CLI to run after --', {
          hint: 'record --out f.jsonl -- claude -p …',
        });
      if (flags.out === undefined)
        throw new ClideError('usage', "required option '-o, --out <file>' not specified", {
          hint: 'record --out f.jsonl -- claude -p …',
        });
      const out = flags.out;
      const [{ recordProcess }, { withInterrupt }, { formatFindings }] = await Promise.all([
        import('../../recorder/record-process.js'),
        import('../interrupt.js'),
        import('../../redact/finalize.js'),
      ]);
      // The recorder forwards SIGINT / SIGTERM to the CLI itself and records until the CLI exits.
      const { value: result, interrupted } = await withInterrupt('the recording', () =>
        recordProcess({ command: binary, args, out, rulesFile: flags.rules, scenario: flags.scenario }),
      );
      const state = interrupted ? ` (interrupted by ${interrupted})` : result.complete ? '' : ' (incomplete)';
      const warning = formatFindings(result.fixturePath, result.findings);
      if (warning) process.stderr.write(`${warning}\n`);
      process.stderr.write(`recorded ${result.frames} frames to ${result.fixturePath}${state}\n`);
      process.exitCode = interrupted ? INTERRUPT_EXIT[interrupted] : (result.exitCode ?? 1);
    });
}
