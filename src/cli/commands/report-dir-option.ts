import { type Command, Option } from 'commander';

/**
 * `--report-dir <dir>` is the one name, in every command, of the folder a command writes its
 * reports into (`run`, `bisect`, `matrix`, `merge-reports`, `coverage`, `changelog`). The names
 * some of them took before (`--out`, `--out-dir`) still work: hidden from the help, each sets the
 * same value, so `flags.reportDir` is what the command reads either way.
 */
export function acceptOldReportDirNames(command: Command, oldNames: readonly string[]): Command {
  for (const flag of oldNames) {
    const option = new Option(`${flag} <dir>`).hideHelp();
    command.addOption(option);
    command.on(`option:${option.name()}`, (value: string) => {
      command.setOptionValueWithSource('reportDir', value, 'cli');
    });
  }
  return command;
}
