import type { Command } from 'commander';

/** Every subcommand lives in its own file and registers itself here. */
export function registerCommands(_program: Command): void {}
