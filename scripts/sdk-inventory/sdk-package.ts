import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the files of an Agent SDK version are: one of the two installed dev dependencies
 * (`@anthropic-ai/claude-agent-sdk`, the oldest supported, and `claude-agent-sdk-newest`), or a
 * copy `npm pack` fetched into `node_modules/.cache/clide-sdk/<version>/node_modules/...`, where
 * its peer imports (zod, @anthropic-ai/sdk, @modelcontextprotocol/sdk) resolve to the kit's own
 * node_modules. Only the package's own tarball is unpacked: its platform binary is an optional
 * dependency, never fetched.
 */
export interface SdkPackage {
  version: string;
  /** The package folder. */
  dir: string;
  /** Its type declarations (`sdk.d.ts`). */
  dts: string;
  /** Its runtime entry (`sdk.mjs`), which `query()` comes from. */
  module: string;
  /** The CLI version it bundles. */
  bundledCli: string;
}

const PACKAGE = '@anthropic-ai/claude-agent-sdk';
/** The installed copies, by the name they are installed under. */
const INSTALLED = [PACKAGE, 'claude-agent-sdk-newest'];

interface PackageJson {
  name?: string;
  version?: string;
  main?: string;
  types?: string;
  claudeCodeVersion?: string;
}

function readPackage(dir: string, version: string): SdkPackage | undefined {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return undefined;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  if (pkg.name !== PACKAGE || pkg.version !== version) return undefined;
  const patch = version.split('.')[2];
  return {
    version,
    dir,
    dts: join(dir, pkg.types ?? 'sdk.d.ts'),
    module: join(dir, pkg.main ?? 'sdk.mjs'),
    // The package says which CLI it bundles; SDK 0.3.N has bundled CLI 2.1.N wherever it does.
    bundledCli: pkg.claudeCodeVersion ?? `2.1.${patch}`,
  };
}

/** The folder `npm pack` copies of `version` go to. */
export function cachedSdkDir(root: string, version: string): string {
  return join(root, 'node_modules', '.cache', 'clide-sdk', version, 'node_modules', ...PACKAGE.split('/'));
}

/** An installed or cached copy of `version`, without fetching. */
export function findSdkPackage(root: string, version: string): SdkPackage | undefined {
  for (const name of INSTALLED) {
    const found = readPackage(join(root, 'node_modules', ...name.split('/')), version);
    if (found) return found;
  }
  return readPackage(cachedSdkDir(root, version), version);
}

/** The files of `version`, fetched with `npm pack` when neither installed nor cached. */
export function sdkPackage(root: string, version: string): SdkPackage {
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`not an SDK version: ${version}`);
  const found = findSdkPackage(root, version);
  if (found) return found;
  const dest = cachedSdkDir(root, version);
  // A fresh checkout has no node_modules/.cache yet (npm ci makes none).
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'clide-sdk-pack-'));
  try {
    const out = execFileSync(
      'npm',
      ['pack', `${PACKAGE}@${version}`, '--json', '--silent', '--pack-destination', work],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [packed] = JSON.parse(out) as Array<{ filename: string }>;
    if (!packed) throw new Error(`npm pack ${PACKAGE}@${version} packed nothing`);
    const unpacked = join(work, 'package');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', unpacked, '--strip-components=1']);
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(join(dest, '..'), { recursive: true });
    renameSync(unpacked, dest);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const fetched = readPackage(dest, version);
  if (!fetched) throw new Error(`${dest}: npm pack did not give ${PACKAGE}@${version}`);
  return fetched;
}
