import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { ClideError } from '../errors/index.js';
import { SEVERITIES } from '../findings/index.js';
import { openRegularFile } from '../util/regular-file.js';
import { mergeShardReports, type ShardReport } from './merge-reports.js';
import { type CanaryReport, REPORT_FORMAT } from './model.js';
import { REPORT_FILES, writeReports } from './write-reports.js';

/** What `merge-reports` relies on in a shard's `report.json` (the rest is carried over as it is). */
const reportFileSchema = z.looseObject({
  format: z.literal(REPORT_FORMAT),
  tool: z.looseObject({ name: z.string(), version: z.string() }),
  cli: z.looseObject({ version: z.string(), binary: z.string(), live: z.boolean() }),
  baseline: z.looseObject({
    version: z.string(),
    schemaVersion: z.string(),
    fixturesDir: z.string().nullable(),
    fixtures: z.number(),
  }),
  expectedFile: z.string().nullable(),
  failOn: z.enum(SEVERITIES),
  selection: z.array(z.string()),
  shard: z
    .looseObject({ index: z.int().min(1), count: z.int().min(1), selected: z.array(z.string()) })
    .optional(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  durationMs: z.number(),
  machine: z.looseObject({}),
  summary: z.looseObject({}),
  scenarios: z.array(
    z.looseObject({
      id: z.string(),
      status: z.enum(['passed', 'failed', 'untestable']),
      durationMs: z.number(),
      baselineFixture: z.string().nullable(),
      wireLog: z.string().nullable(),
      findings: z.array(
        z.looseObject({ code: z.string(), severity: z.enum(SEVERITIES), message: z.string() }),
      ),
    }),
  ),
});

/** Reads and checks the `report.json` of a report folder. */
export function readReportDir(dir: string): CanaryReport {
  const path = join(dir, REPORT_FILES.json);
  if (!existsSync(dir)) {
    throw new ClideError('usage', 'the report folder does not exist', {
      where: dir,
      hint: 'pass the --report-dir of each shard (or the folder its artifact was downloaded to)',
    });
  }
  let text: string;
  let fd: number;
  try {
    // Never through a link: what a shard holds is what is merged.
    fd = openRegularFile(path, {
      noFollow: true,
      hint: `a shard's ${REPORT_FILES.json} is the file its run wrote`,
    }).fd;
  } catch (error) {
    if (error instanceof ClideError) throw error;
    throw new ClideError('usage', `there is no ${REPORT_FILES.json} here`, {
      where: dir,
      hint: 'a report folder holds the report.json, report.md, junit.xml, report.html and wire/ a run wrote',
      cause: error,
    });
  }
  try {
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ClideError('parse', `not JSON: ${(error as Error).message}`, { where: path, cause: error });
  }
  const checked = reportFileSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const at = issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
    throw new ClideError('parse', `not a canary report (${REPORT_FORMAT})${at}: ${issue.message}`, {
      where: path,
      hint: 'merge-reports reads the report.json that `run --shard` writes',
    });
  }
  // The file as it is, not zod's output: keys keep their order, unknown ones are carried over.
  return value as CanaryReport;
}

export interface MergeResult {
  report: CanaryReport;
  outDir: string;
}

/**
 * `merge-reports`: reads every shard's report folder, merges them ({@link mergeShardReports}),
 * copies each scenario's wire log into `outDir/wire/` and writes the merged report.json,
 * report.md, junit.xml and report.html there, as a single run would have.
 */
export function mergeReportDirs(dirs: readonly string[], outDir: string): MergeResult {
  const out = resolve(outDir);
  const shards: ShardReport[] = dirs.map((dir) => {
    if (resolve(dir) === out) {
      throw new ClideError('usage', 'the output folder is one of the shard folders', {
        where: dir,
        hint: 'give --report-dir another folder: the merge would overwrite that shard',
      });
    }
    return { dir, report: readReportDir(dir) };
  });
  const report = mergeShardReports(shards);
  const from = new Map<string, string>();
  for (const { dir, report: shard } of shards) for (const sc of shard.scenarios) from.set(sc.id, dir);
  // Every wire log is checked (and opened) before anything is written.
  const copies: Array<{ source: { path: string; fd: number }; target: string }> = [];
  try {
    for (const sc of report.scenarios) {
      if (sc.wireLog === null) continue;
      const dir = from.get(sc.id)!;
      const rel = relative(out, join(out, sc.wireLog));
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
        throw new ClideError(
          'parse',
          `the wire log path of ${sc.id} leaves the report folder: ${sc.wireLog}`,
          {
            where: join(dir, REPORT_FILES.json),
          },
        );
      }
      copies.push({ source: shardFile(dir, rel, sc.id), target: join(out, rel) });
    }
  } catch (error) {
    for (const { source } of copies) closeSync(source.fd);
    throw error;
  }
  for (const [i, { source, target }] of copies.entries()) {
    try {
      copyRegular(source, target);
    } catch (error) {
      for (const rest of copies.slice(i + 1)) closeSync(rest.source.fd);
      throw error;
    }
  }
  writeReports(report, out);
  return { report, outDir: out };
}

/**
 * `rel` inside the shard folder `dir`, checked: there, and reached through no symbolic link (a
 * link in a shard would put what it points at into the merged report).
 */
function shardFile(dir: string, rel: string, id: string): { path: string; fd: number } {
  const parts = rel.split(sep);
  let at = dir;
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(at).isSymbolicLink();
    } catch (error) {
      throw new ClideError('usage', `the wire log of ${id} is missing`, {
        where: join(dir, rel),
        hint: "upload or copy each shard's whole report folder, wire/ included",
        cause: error,
      });
    }
    if (isLink) {
      const what = i === parts.length - 1 ? `the wire log of ${id}` : `the folder of the wire log of ${id}`;
      throw new ClideError('io', `${what} is a symbolic link; merge-reports copies only regular files`, {
        where: at,
        hint: "copy the shard's report folder as its run wrote it (links are never followed)",
      });
    }
  }
  const path = join(dir, rel);
  const { fd } = openRegularFile(path, {
    noFollow: true,
    hint: "copy the shard's report folder as its run wrote it",
  });
  return { path, fd };
}

/** Copies the open regular file into `target` (never written through a link there either). */
function copyRegular(source: { path: string; fd: number }, target: string): void {
  let out: number | undefined;
  try {
    mkdirSync(dirname(target), { recursive: true });
    out = openSync(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW,
      0o644,
    );
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(source.fd, buffer); n > 0; n = readSync(source.fd, buffer)) {
      for (let done = 0; done < n; ) done += writeSync(out, buffer, done, n - done);
    }
  } catch (error) {
    throw new ClideError('io', `cannot copy the wire log: ${(error as Error).message}`, {
      where: target,
      hint: 'check --report-dir',
      cause: error,
    });
  } finally {
    closeSync(source.fd);
    if (out !== undefined) closeSync(out);
  }
}
