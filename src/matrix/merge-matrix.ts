import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ClideError } from '../errors/index.js';
import { SCENARIOS } from '../scenarios/index.js';
import {
  MATRIX_FORMAT,
  type MatrixCell,
  type MatrixColumn,
  type MatrixReport,
  summarizeMatrix,
} from './model.js';
import { MATRIX_FILES, writeMatrix } from './write-matrix.js';

/** A shard's matrix and the folder it was written to (its links are relative to that folder). */
export interface MatrixPart {
  report: MatrixReport;
  dir: string;
}

const CATALOGUE_ORDER = new Map(SCENARIOS.map((s, i) => [s.id, i]));

/**
 * One matrix out of the shards of one matrix run (`matrix --shard i/n` on n machines): the same
 * versions, selection, baseline and fail-on, each shard once, every share of the scenarios once.
 * Cells keep their results; their links are rebased onto `outDir`; the result is the matrix one
 * unsharded run would have written, apart from timings.
 */
export function mergeMatrixReports(parts: readonly MatrixPart[], outDir: string): MatrixReport {
  if (parts.length === 0) throw new ClideError('usage', 'no matrix to merge', { where: 'merge' });
  const first = parts[0]!.report;
  const shards = new Set<number>();
  for (const { report, dir } of parts) {
    const mismatch = (what: string) =>
      new ClideError('usage', `this matrix has other ${what} than ${parts[0]!.dir}'s`, {
        where: join(dir, MATRIX_FILES.json),
        hint: 'merge only the shards of one matrix run (the same --versions, --only, --baseline and --fail-on)',
      });
    if (report.format !== MATRIX_FORMAT) {
      throw new ClideError('parse', `not a ${MATRIX_FORMAT} file (format ${JSON.stringify(report.format)})`, {
        where: join(dir, MATRIX_FILES.json),
      });
    }
    if (report.versions.join() !== first.versions.join()) throw mismatch('versions');
    if (report.selection.join() !== first.selection.join()) throw mismatch('--only prefixes');
    if (report.baseline !== first.baseline) throw mismatch('baseline');
    if (report.failOn !== first.failOn) throw mismatch('--fail-on');
    if ((report.shard?.count ?? 1) !== (first.shard?.count ?? 1)) throw mismatch('shard count');
    const index = report.shard?.index ?? 1;
    if (shards.has(index)) {
      throw new ClideError('usage', `shard ${index} is given twice`, { where: join(dir, MATRIX_FILES.json) });
    }
    shards.add(index);
  }
  const count = first.shard?.count ?? 1;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !shards.has(i));
  if (missing.length > 0) {
    throw new ClideError('usage', `shard(s) ${missing.join(', ')} of ${count} missing`, {
      where: 'merge',
      hint: 'give the folder of every shard',
    });
  }
  const seen = new Set<string>();
  for (const { report, dir } of parts) {
    for (const id of report.scenarios) {
      if (seen.has(id)) {
        throw new ClideError('usage', `scenario ${id} is in two shards`, {
          where: join(dir, MATRIX_FILES.json),
        });
      }
      seen.add(id);
    }
  }
  const rebase = (dir: string, link: string | null) =>
    link === null ? null : relative(resolve(outDir), resolve(dir, link)).split('\\').join('/');
  const scenarios = [...seen].sort(
    (a, b) => (CATALOGUE_ORDER.get(a) ?? 1e9) - (CATALOGUE_ORDER.get(b) ?? 1e9) || a.localeCompare(b),
  );
  const cellsByKey = new Map<string, MatrixCell>();
  for (const { report, dir } of parts) {
    for (const cell of report.cells) {
      cellsByKey.set(`${cell.scenario}\u0000${cell.version}`, {
        ...cell,
        report: rebase(dir, cell.report),
        wireLog: rebase(dir, cell.wireLog),
      });
    }
  }
  const cells = scenarios.flatMap((id) =>
    first.versions.map((v) => {
      const cell = cellsByKey.get(`${id}\u0000${v}`);
      if (!cell) throw new ClideError('parse', `no cell for ${id} on ${v} in its shard`, { where: 'merge' });
      return cell;
    }),
  );
  const columns: MatrixColumn[] = first.versions.map((version) => {
    const all = parts.map(({ report }) => report.columns.find((c) => c.version === version));
    const errors = all.flatMap((c) => (c?.error ? [c.error] : []));
    return {
      version,
      baseline: all.find((c) => c?.baseline)?.baseline ?? null,
      // Each shard wrote its own run report: the merged matrix links each cell to its shard's.
      reportDir: null,
      installedNow: all.some((c) => c?.installedNow),
      durationMs: all.reduce((sum, c) => sum + (c?.durationMs ?? 0), 0),
      ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
    };
  });
  const started = parts.map(({ report }) => report.startedAt).sort()[0]!;
  return {
    ...first,
    shard: null,
    scenarios,
    columns,
    cells,
    startedAt: started,
    durationMs: Math.max(...parts.map(({ report }) => report.durationMs)),
    summary: summarizeMatrix(cells),
  };
}

/** Reads `matrix.json` of each folder, merges them, writes the merged matrix into `outDir`. */
export function mergeMatrixDirs(dirs: readonly string[], outDir: string): MatrixReport {
  const parts = dirs.map((dir) => ({ report: readMatrix(dir), dir: resolve(dir) }));
  const merged = mergeMatrixReports(parts, outDir);
  writeMatrix(merged, resolve(outDir));
  return merged;
}

export function readMatrix(dir: string): MatrixReport {
  const file = join(dir, MATRIX_FILES.json);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ClideError('usage', `there is no ${MATRIX_FILES.json} here: ${(error as Error).message}`, {
      where: file,
      hint: 'give the --out folder of each `matrix --shard` run',
    });
  }
  try {
    return JSON.parse(text) as MatrixReport;
  } catch (error) {
    throw new ClideError('parse', `not valid JSON: ${(error as Error).message}`, { where: file });
  }
}
