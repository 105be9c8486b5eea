import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { ClideError } from '../errors/index.js';
import { indent, tail } from './npm.js';
import { CLAUDE_PACKAGE } from './version-spec.js';

/** What `claude --version` prints for `version`. */
export function expectedVersionOutput(version: string): string {
  return `${version} (Claude Code)`;
}

function isMusl(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime === undefined;
}

/**
 * The native platform packages that may hold this machine's binary, most likely first. Mirrors the
 * wrapper's own `install.cjs` (`<pkg>-<platform>-<arch>[-musl]`), with the other libc as a fallback.
 */
export function platformPackages(): { name: string; binary: string }[] {
  const binary = process.platform === 'win32' ? 'claude.exe' : 'claude';
  const base = `${CLAUDE_PACKAGE}-${process.platform}-${process.arch}`;
  if (process.platform !== 'linux') return [{ name: base, binary }];
  const names = isMusl() ? [`${base}-musl`, base] : [base, `${base}-musl`];
  return names.map((name) => ({ name, binary }));
}

/**
 * Where the binary may be inside an npm project folder, best first: the wrapper's `bin/claude.exe`
 * (a shell-script placeholder until the wrapper's postinstall links the native binary over it),
 * then the platform package's own binary.
 */
export function binaryCandidates(projectDir: string): string[] {
  const modules = join(projectDir, 'node_modules');
  return [
    join(modules, CLAUDE_PACKAGE, 'bin', 'claude.exe'),
    ...platformPackages().map((pkg) => join(modules, pkg.name, pkg.binary)),
  ];
}

export type BinaryCheck = { ok: true; output: string } | { ok: false; problem: string };

/** Runs `<binary> --version` in `cwd` with a minimal environment; ok only on exactly `<version> (Claude Code)`. */
export async function checkBinary(binaryPath: string, version: string, cwd: string): Promise<BinaryCheck> {
  const result = await execa(binaryPath, ['--version'], {
    cwd,
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
    extendEnv: false,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
  });
  const stdout = String(result.stdout ?? '').trim();
  const expected = expectedVersionOutput(version);
  if (!result.failed && stdout.split('\n')[0]?.trim() === expected) return { ok: true, output: expected };
  const output = tail(`${stdout}\n${String(result.stderr ?? '')}`, 8);
  const how = result.failed ? (result.shortMessage ?? '').split('\n')[0] || 'failed' : 'exited 0';
  return {
    ok: false,
    problem: `\`${binaryPath} --version\` ${how}, expected "${expected}"${output === '' ? ' (no output)' : `, printed:\n${indent(output)}`}`,
  };
}

/**
 * Finds the working binary of `version` in an npm project folder: the first candidate whose
 * `--version` prints `<version> (Claude Code)`. Throws ClideError('install') listing every candidate.
 */
export async function resolveBinary(
  projectDir: string,
  version: string,
  finalDir: string = projectDir,
): Promise<{ path: string; output: string }> {
  const problems: string[] = [];
  for (const candidate of binaryCandidates(projectDir)) {
    if (!existsSync(candidate) || !statSync(candidate).isFile()) {
      problems.push(`${candidate}: missing`);
      continue;
    }
    const check = await checkBinary(candidate, version, projectDir);
    if (check.ok) return { path: candidate, output: check.output };
    problems.push(check.problem);
  }
  throw new ClideError(
    'install',
    `no working claude ${version} binary in ${projectDir === finalDir ? projectDir : `${projectDir} (npm's work folder for ${finalDir})`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    {
      where: finalDir,
      hint: `the npm package ${CLAUDE_PACKAGE}@${version} did not yield a binary that reports "${expectedVersionOutput(version)}"; delete ${finalDir} if it exists and run \`clide-conformance install ${version}\` again`,
    },
  );
}
