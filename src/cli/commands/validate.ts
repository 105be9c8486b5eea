import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { packageInfo } from '../../config/package-info.js';
import { ClideError, EXIT } from '../../errors/index.js';
import { type Finding, formatPath, isViolation } from '../../findings/index.js';
import { notRegularError } from '../../util/regular-file.js';
import type { Direction, ValidateFileResult } from '../../validate/index.js';

interface ValidateFlags {
  ccVersion?: string;
  format: string;
  direction: string;
}

const FORMATS = ['text', 'json'] as const;
const DIRECTIONS = ['from-cli', 'to-cli'] as const;

/**
 * `clide-conformance validate [--cc-version V] [--format text|json] [--direction D] FILE...`:
 * validates JSONL captures (or fixtures) against the pinned schemas. Exit 0 when no violation
 * (additive findings alone are fine), 1 on violations, 2 on usage or I/O errors.
 */
export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description(
      'validate JSONL captures of the CLI stdout (one message per line) or clide fixtures against the ' +
        'pinned schemas; reports every finding with file, line, JSON path, expected, actual and severity',
    )
    .argument('<files...>', 'JSONL captures or fixtures')
    .option(
      '--cc-version <version>',
      'CLI version that produced the files (nearest pinned schema set at or below)',
    )
    .option('--format <format>', 'output format: text or json', 'text')
    .option(
      '--direction <direction>',
      'direction of the lines of a plain capture: from-cli (stdout) or to-cli (stdin)',
      'from-cli',
    )
    // main() calls exitOverride() on the program after the commands exist, so subcommands do not
    // inherit it: without this, commander would exit 1 itself on a usage error instead of 2.
    .exitOverride()
    .action(async (files: string[], flags: ValidateFlags) => {
      process.exitCode = await runValidate(files, flags);
    });
}

async function runValidate(files: string[], flags: ValidateFlags): Promise<number> {
  if (!(FORMATS as readonly string[]).includes(flags.format)) {
    throw new ClideError('usage', `unknown format "${flags.format}"`, {
      where: '--format',
      hint: 'use text or json',
    });
  }
  if (!(DIRECTIONS as readonly string[]).includes(flags.direction)) {
    throw new ClideError('usage', `unknown direction "${flags.direction}"`, {
      where: '--direction',
      hint: 'use from-cli (a stdout capture) or to-cli (a stdin capture)',
    });
  }
  const version = flags.ccVersion ?? packageInfo().pinned;
  // The schema sets and the engine load only here: `--help` and usage errors never build them.
  const [{ schemaSetFor }, { validateJsonlFile }] = await Promise.all([
    import('../../../schemas/registry.js'),
    import('../../validate/index.js'),
  ]);
  schemaSetFor(version); // usage error for a malformed version, before any output
  for (const file of files) await assertFile(file);

  const results: Array<ValidateFileResult & { file: string }> = [];
  for (const file of files) {
    results.push({
      file,
      ...(await validateJsonlFile(file, { version, direction: flags.direction as Direction })),
    });
  }
  const all = results.flatMap((r) => r.findings);
  const violations = all.filter(isViolation).length;
  if (flags.format === 'json') process.stdout.write(`${JSON.stringify(toJson(results), null, 2)}\n`);
  else process.stdout.write(toText(results));
  return violations > 0 ? EXIT.findings : EXIT.ok;
}

async function assertFile(file: string): Promise<void> {
  try {
    const info = await stat(file);
    if (!info.isFile())
      throw notRegularError(file, info, 'pass JSONL captures of the CLI stdout or clide fixtures');
  } catch (error) {
    if (error instanceof ClideError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ClideError(
      'io',
      code === 'ENOENT' ? `file not found: ${file}` : `cannot read ${file} (${code})`,
      {
        where: file,
        hint: 'pass JSONL captures of the CLI stdout or clide fixtures',
        cause: error,
      },
    );
  }
}

function counts(findings: Finding[]): Record<string, number> {
  const out: Record<string, number> = { breaking: 0, changed: 0, additive: 0, cosmetic: 0 };
  for (const f of findings) out[f.severity] = (out[f.severity] ?? 0) + 1;
  return out;
}

function toJson(results: Array<ValidateFileResult & { file: string }>) {
  const all = results.flatMap((r) => r.findings);
  return {
    files: results.map((r) => ({
      file: r.file,
      kind: r.kind,
      messages: r.messages,
      schemaVersion: r.schemaVersion,
      ...(r.note ? { note: r.note } : {}),
      findings: r.findings.map((f) => ({
        file: f.location?.file ?? r.file,
        line: f.location?.line,
        ...(f.location?.frame !== undefined ? { frame: f.location.frame } : {}),
        severity: f.severity,
        code: f.code,
        path: formatPath(f.path),
        message: f.message,
        ...(f.expected !== undefined ? { expected: f.expected } : {}),
        ...(f.actual !== undefined ? { actual: f.actual } : {}),
      })),
    })),
    summary: {
      files: results.length,
      messages: results.reduce((n, r) => n + r.messages, 0),
      violations: all.filter(isViolation).length,
      bySeverity: counts(all),
    },
  };
}

/** The text output shows this many findings of one code per file, then how many more there are. */
const SHOWN_PER_CODE = 10;
/** A value is shown up to this many characters. */
const SHOWN_CHARS = 200;

function show(value: unknown): string {
  const text = showValue(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} chars)` : text;
}

function showValue(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (Array.isArray(value) && value.length > 8) {
    return `${JSON.stringify(value.slice(0, 8)).slice(0, -1)}, … ${value.length - 8} more]`;
  }
  return JSON.stringify(value);
}

function toText(results: Array<ValidateFileResult & { file: string }>): string {
  let out = '';
  for (const r of results) {
    if (r.note) out += `${r.file}: note: ${r.note}\n`;
    const shown = new Map<string, number>();
    for (const f of r.findings) {
      const n = (shown.get(f.code) ?? 0) + 1;
      shown.set(f.code, n);
      if (n > SHOWN_PER_CODE) continue;
      const where = `${f.location?.file ?? r.file}:${f.location?.line ?? '?'}`;
      out += `${where}: ${f.severity} ${f.code} at ${formatPath(f.path)}\n`;
      out += `  ${f.message}\n`;
      out += `  expected: ${show(f.expected)}  actual: ${show(f.actual)}\n`;
    }
    for (const [code, n] of shown) {
      if (n > SHOWN_PER_CODE)
        out += `${r.file}: … ${n - SHOWN_PER_CODE} more ${code} finding(s) (--format json lists every one)\n`;
    }
    const c = counts(r.findings);
    out +=
      `${r.file}: ${r.messages} messages (${r.kind}, schemas ${r.schemaVersion}): ` +
      `${c.breaking} violations, ${c.additive} additive, ${c.changed} changed, ${c.cosmetic} cosmetic\n`;
  }
  const all = results.flatMap((r) => r.findings);
  const v = all.filter(isViolation).length;
  out +=
    v === 0
      ? `OK: no violations in ${results.length} file(s)\n`
      : `FAIL: ${v} violation(s) in ${results.length} file(s)\n`;
  return out;
}
