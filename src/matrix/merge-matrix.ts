import { closeSync, existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ClideError } from '../errors/index.js';
import { mergeReportDirs } from '../report/index.js';
import { firstMissing } from '../report/merge-reports.js';
import { openRegularFile } from '../util/regular-file.js';
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

/**
 * One matrix out of the shards of one matrix run (`matrix --shard i/n` on n machines): the same
 * versions, selection, baseline and fail-on, each shard once, every share of the scenarios once.
 * Cells keep their results. A version in `mergedVersions` has its shards' run reports merged into
 * `<outDir>/<version>/`, so its links stay as they are; the others' links are rebased onto the
 * shard folders. The result is the matrix one unsharded run would have written, apart from timings.
 */
export function mergeMatrixReports(
  parts: readonly MatrixPart[],
  outDir: string,
  mergedVersions: ReadonlySet<string> = new Set(),
): MatrixReport {
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
    const count = report.shard?.count ?? 1;
    if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || index < 1 || index > count) {
      throw new ClideError('usage', `shard ${index} of ${count}: its index is not between 1 and its count`, {
        where: join(dir, MATRIX_FILES.json),
        hint: 'the matrix was edited, or is not one that `matrix --shard <i>/<n>` wrote',
      });
    }
    if (shards.has(index)) {
      throw new ClideError('usage', `shard ${index} is given twice`, { where: join(dir, MATRIX_FILES.json) });
    }
    shards.add(index);
  }
  const count = first.shard?.count ?? 1;
  // Checked against the folders given, never counted out: a shard count is whatever the file says.
  if (shards.size < count) {
    const missing = firstMissing(new Map([...shards].map((i) => [i, true])), count, 5);
    const all = count - shards.size;
    throw new ClideError(
      'usage',
      `shard(s) ${missing.join(', ')}${all > missing.length ? `, … (${all} in all)` : ''} of ${count} missing`,
      { where: 'merge', hint: 'give the folder of every shard' },
    );
  }
  for (const { report, dir } of parts) {
    if (report.scenarios.join() !== first.scenarios.join()) {
      throw new ClideError('usage', `this matrix has other scenarios than ${parts[0]!.dir}'s`, {
        where: join(dir, MATRIX_FILES.json),
        hint: 'merge only the shards of one matrix run (the same --versions, --only, --baseline and --fail-on)',
      });
    }
  }
  const rebase = (dir: string, link: string | null) =>
    link === null ? null : relative(resolve(outDir), resolve(dir, link)).split('\\').join('/');
  const cellsByKey = new Map<string, MatrixCell>();
  for (const { report, dir } of parts) {
    for (const cell of report.cells) {
      const key = `${cell.scenario}\u0000${cell.version}`;
      if (cellsByKey.has(key)) {
        throw new ClideError('usage', `${cell.scenario} on ${cell.version} is in two shards`, {
          where: join(dir, MATRIX_FILES.json),
        });
      }
      // A version whose shard runs were merged into <outDir>/<version>/ keeps its links as they are.
      const keep = mergedVersions.has(cell.version);
      cellsByKey.set(key, {
        ...cell,
        report: keep ? cell.report : rebase(dir, cell.report),
        wireLog: keep ? cell.wireLog : rebase(dir, cell.wireLog),
      });
    }
  }
  const cells = first.scenarios.flatMap((id) =>
    first.versions.map((v) => {
      const cell = cellsByKey.get(`${id}\u0000${v}`);
      if (!cell) {
        throw new ClideError('usage', `no shard holds ${id} on ${v}`, {
          where: 'merge',
          hint: "give every shard's folder, as each wrote it",
        });
      }
      return cell;
    }),
  );
  const columns: MatrixColumn[] = first.versions.map((version) => {
    const all = parts.map(({ report }) => report.columns.find((c) => c.version === version));
    const errors = all.flatMap((c) => (c?.error ? [c.error] : []));
    return {
      version,
      baseline: all.find((c) => c?.baseline)?.baseline ?? null,
      reportDir: mergedVersions.has(version) ? version : null,
      installedNow: all.some((c) => c?.installedNow),
      durationMs: all.reduce((sum, c) => sum + (c?.durationMs ?? 0), 0),
      ...(errors.length > 0 ? { error: [...new Set(errors)].join('; ') } : {}),
    };
  });
  const started = parts.map(({ report }) => report.startedAt).sort()[0]!;
  return {
    ...first,
    shard: null,
    columns,
    cells,
    startedAt: started,
    durationMs: Math.max(...parts.map(({ report }) => report.durationMs)),
    summary: summarizeMatrix(cells),
  };
}

/**
 * Reads `matrix.json` of each shard folder; merges each version's shard runs into one run report
 * (`merge-reports`, into `<outDir>/<version>/`) where every shard ran it; writes the merged matrix.
 */
export function mergeMatrixDirs(dirs: readonly string[], outDir: string): MatrixReport {
  const out = resolve(outDir);
  const parts = dirs.map((dir) => {
    if (resolve(dir) === out) {
      throw new ClideError('usage', 'the output folder is one of the shard folders', {
        where: dir,
        hint: 'give --report-dir another folder: the merge would overwrite that shard',
      });
    }
    return { report: readMatrix(dir), dir: resolve(dir) };
  });
  // Checked first, so that nothing is written for shards that do not belong together.
  mergeMatrixReports(parts, out);
  const merged = new Set<string>();
  for (const version of parts[0]!.report.versions) {
    const runDirs = parts.map(({ report, dir }) => {
      const column = report.columns.find((c) => c.version === version);
      return column?.reportDir ? join(dir, column.reportDir) : null;
    });
    if (runDirs.every((d): d is string => d !== null && existsSync(join(d, 'report.json')))) {
      mergeReportDirs(runDirs, join(out, version));
      merged.add(version);
    }
  }
  const report = mergeMatrixReports(parts, out, merged);
  writeMatrix(report, out);
  return report;
}

export function readMatrix(dir: string): MatrixReport {
  const file = join(dir, MATRIX_FILES.json);
  let text: string;
  try {
    // Never through a link: what a shard holds is what is merged.
    const { fd } = openRegularFile(file, { noFollow: true });
    try {
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof ClideError) throw error;
    throw new ClideError('usage', `there is no ${MATRIX_FILES.json} here: ${(error as Error).message}`, {
      where: file,
      hint: 'give the --report-dir folder of each `matrix --shard` run',
    });
  }
  try {
    return JSON.parse(text) as MatrixReport;
  } catch (error) {
    throw new ClideError('parse', `not valid JSON: ${(error as Error).message}`, { where: file });
  }
}
