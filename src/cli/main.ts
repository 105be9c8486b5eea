import { Command, CommanderError } from 'commander';
import { packageInfo } from '../config/package-info.js';
import { isClideError } from '../errors/index.js';
import { registerCommands } from './commands/index.js';
import { refuseVersionSlips } from './version-slip.js';

/** Builds the `clide-conformance` program. Commands only parse and delegate. */
export function buildProgram(): Command {
  const program = new Command('clide-conformance')
    .description('Conformance and regression kit for the Claude Code CLI stream-json control protocol')
    .version(packageInfo().version)
    .showHelpAfterError();
  registerCommands(program);
  refuseVersionSlips(program);
  // Usage errors of every subcommand come back as exceptions (mapped to exit 2 below), never exit 1.
  for (const command of [program, ...program.commands]) command.exitOverride();
  return program;
}

/** Runs the CLI and returns the exit code; the bin sets `process.exitCode` from it. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  // A reader that goes away (`… | head`) is not an error of ours.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander already printed its message; help and version are successes.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (isClideError(error)) {
      process.stderr.write(`${error.render()}\n`);
      return error.exitCode;
    }
    process.stderr.write(
      `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 70;
  }
}
