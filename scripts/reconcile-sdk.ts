/**
 * Writes `schemas/<version>/sdk-amendments.ts` for pinned CLI versions: the amendments that make
 * the corpus-drafted set accept every value the Agent SDK declares (`src/coverage/agreement.ts`).
 * Which SDK a version answers to: `sdkForPin()` (the newest inventory for the newest pin, else the
 * SDK that bundles that CLI version).
 *
 * It runs in passes until the set agrees: each pass compiles the file written so far, compares
 * the amended set with the SDK in a fresh process (a module graph of its own) and adds what is
 * still missing (a member added with the SDK's shape can meet a union it was not matched with).
 *
 * Run: `npm run schemas:reconcile [-- <cliVersion>…]` (builds first), then `npm run
 * schemas:generate`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pinnedVersions } from '../schemas/registry.js';
import type { SchemaSet } from '../schemas/schema-set.js';
import { packageInfo } from '../src/config/package-info.js';
import { agreementOf, type PlacedIssue } from '../src/coverage/item-agreement.js';
import { renderSdkAmendments } from '../src/coverage/render-sdk-amendments.js';
import { ZodSourcePrinter } from '../src/coverage/zod-source.js';
import { sdkForPin } from '../src/sdk-inventory/for-pin.js';
import { loadSdkInventory } from '../src/sdk-inventory/inventory.js';

const MAX_PASSES = 6;

interface Pass {
  issues: PlacedIssue[];
  constants: string[];
  names: Array<[string, string]>;
}

/** One comparison of the compiled set (amendments so far applied) with the SDK. */
async function comparePass(cliVersion: string, sdk: string): Promise<Pass> {
  const root = packageInfo().root;
  const inventory = loadSdkInventory(sdk);
  const module = (await import(
    pathToFileURL(join(root, 'dist', 'schemas', cliVersion, 'index.js')).href
  )) as {
    schemaSet: SchemaSet;
  };
  const printer = new ZodSourcePrinter(inventory.definitions, `sdk_${sdk.replaceAll('.', '_')}_`);
  const issues = agreementOf(inventory, module.schemaSet, printer).flatMap((a) => a.issues);
  return { issues, constants: printer.constants(), names: printer.names() };
}

/**
 * Compiles the checkout. A type error elsewhere in it is reported and does not stop the
 * reconciliation: tsc still writes the output, and the next pass imports what it wrote.
 */
function compile(root: string): void {
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: root, encoding: 'utf8' },
  );
  if (tsc.status !== 0) process.stderr.write(`tsc reported (continuing):\n${tsc.stdout}${tsc.stderr}`);
}

export function reconcile(cliVersion: string): { path: string; drafts: number; passes: number; sdk: string } {
  const root = packageInfo().root;
  const sdk = sdkForPin(cliVersion);
  const path = join(root, 'schemas', cliVersion, 'sdk-amendments.ts');
  const passes: PlacedIssue[][] = [];
  const constants: string[] = [];
  const names = new Map<string, string>();
  const write = () =>
    writeFileSync(
      path,
      renderSdkAmendments({ cliVersion, sdkVersion: sdk, passes, constants, names: [...names] }),
    );
  // Start from the drafted set alone.
  write();
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    compile(root);
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--pass', cliVersion, sdk], {
      cwd: root,
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    });
    const found = JSON.parse(out) as Pass;
    if (found.issues.length === 0)
      return { path, drafts: passes.reduce((n, p) => n + p.length, 0), passes: pass, sdk };
    passes.push(found.issues);
    for (const c of found.constants) if (!constants.includes(c)) constants.push(c);
    for (const [ident, name] of found.names) names.set(ident, name);
    write();
  }
  compile(root);
  throw new Error(`${cliVersion}: the set still disagrees with Agent SDK ${sdk} after ${MAX_PASSES} passes`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--pass') {
    const [, cliVersion, sdk] = args as [string, string, string];
    process.stdout.write(JSON.stringify(await comparePass(cliVersion, sdk)));
    return;
  }
  const written: string[] = [];
  for (const version of args.length > 0 ? args : pinnedVersions()) {
    const { path, drafts, passes, sdk } = reconcile(version);
    written.push(path);
    process.stdout.write(
      `${version}: ${drafts} amendment(s) for Agent SDK ${sdk} in ${passes} pass(es) -> ${path}\n`,
    );
  }
  // The checkout's formatter, so `biome check` stays quiet on the written files (as `pin` does).
  const biome = join(packageInfo().root, 'node_modules', '.bin', 'biome');
  if (existsSync(biome)) execFileSync(biome, ['format', '--write', ...written], { cwd: packageInfo().root });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
