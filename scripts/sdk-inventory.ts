/**
 * `npm run sdk:inventory -- <sdkVersion> [<sdkVersion>...]`: extracts the protocol inventory of
 * each Agent SDK version (its declarations through typescript-json-schema, and what each `Options`
 * field becomes by running its `query()` against a stub) into `schemas/sdk/<sdkVersion>.json`.
 * 0.3.150 and 0.3.337 come from the installed dev dependencies; any other version is fetched
 * with `npm pack` into node_modules/.cache/clide-sdk/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageInfo } from '../src/config/package-info.js';
import { sdkInventorySchema } from '../src/sdk-inventory/inventory.js';
import { extractSdkInventory, inventoryText } from './sdk-inventory/extract.js';
import { sdkPackage } from './sdk-inventory/sdk-package.js';

const versions = process.argv.slice(2);
if (versions.length === 0) {
  process.stderr.write('usage: npm run sdk:inventory -- <sdkVersion> [<sdkVersion>...]\n');
  process.exitCode = 2;
} else {
  const root = packageInfo().root;
  const outDir = join(root, 'schemas', 'sdk');
  mkdirSync(outDir, { recursive: true });
  for (const version of versions) {
    const started = Date.now();
    const pkg = sdkPackage(root, version);
    const { inventory, warnings, timings } = await extractSdkInventory(pkg, { probe: true });
    sdkInventorySchema.parse(inventory);
    const text = inventoryText(inventory);
    const file = join(outDir, `${version}.json`);
    writeFileSync(file, text);
    const counts = new Map<string, number>();
    for (const item of inventory.items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
    const unprobed = inventory.items.filter((i) => i.kind === 'option' && i.probe === 'not-probed');
    process.stdout.write(
      `${file}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}; ` +
        `${Object.keys(inventory.definitions).length} definitions; ${(text.length / 1024).toFixed(0)} KiB; ` +
        `declarations ${timings.declarations} ms, probes ${timings.probes} ms, total ${Date.now() - started} ms\n`,
    );
    for (const item of unprobed)
      if (item.kind === 'option') process.stdout.write(`  not probed: ${item.field}: ${item.note}\n`);
    for (const w of warnings) process.stdout.write(`  warning: ${w}\n`);
  }
}
