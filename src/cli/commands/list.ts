import type { Command } from 'commander';
import { parseFormat } from './canary-flags.js';

/** `clide-conformance list [--only P...] [--format text|json]`: the scenario catalogue. */
export function registerList(program: Command): void {
  program
    .command('list')
    .description('print the scenario catalogue: id, tier, spec section, requirement')
    .option('--only <prefix...>', 'only the scenarios whose id starts with one of these prefixes')
    .option('--format <format>', 'text or json', 'text')
    .action(async (flags: { only?: string[]; format?: string }) => {
      const format = parseFormat(flags.format);
      const [{ catalogueEntries }, { renderCatalogueText }] = await Promise.all([
        import('../../canary/catalogue.js'),
        import('../../report/render-catalogue.js'),
      ]);
      const entries = catalogueEntries(flags.only ?? []);
      process.stdout.write(
        format === 'json' ? `${JSON.stringify(entries, null, 2)}\n` : renderCatalogueText(entries),
      );
    });
}
