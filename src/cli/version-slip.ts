import { type Command, Option } from 'commander';
import { ClideError } from '../errors/index.js';

/**
 * `--version` prints the kit's own version, and only before a command: after one (`run --version
 * 2.1.150`) it is a slip for the option that takes the CLI version. Every subcommand gets a hidden
 * `--version [value]` that stops with a usage error naming that option, before anything runs.
 */
export function refuseVersionSlips(program: Command): void {
  // The program's options (its --version) are read only before the command's name.
  program.enablePositionalOptions();
  for (const command of program.commands) {
    command.addOption(new Option('--version [value]').hideHelp());
    command.on('option:version', (value: unknown) => {
      throw versionSlip(command, typeof value === 'string' ? value : undefined);
    });
  }
}

/** The usage error of `<command> --version [value]`: what that command takes instead. */
function versionSlip(command: Command, value: string | undefined): ClideError {
  const name = command.name();
  const example = value ?? '2.1.150';
  const has = (flag: string) => command.options.some((option) => option.long === flag);
  const meant = has('--cc-version')
    ? `${name} takes the CLI version as --cc-version: \`${name} --cc-version ${example}\``
    : has('--versions')
      ? `${name} takes its CLI versions as --versions: \`${name} --versions ${example}\``
      : has('--good')
        ? `${name} takes its CLI versions as --good and --bad: \`${name} <scenario> --good ${example} --bad <version>\``
        : command.registeredArguments.some((argument) => argument.name() === 'version')
          ? `${name} takes the CLI version as its argument: \`${name} ${example}\``
          : `${name} takes no CLI version`;
  return new ClideError('usage', meant, {
    where: '--version',
    hint: "`clide-conformance --version`, before any command, prints the kit's own version",
  });
}
