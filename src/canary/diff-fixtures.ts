import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ClideError, isClideError } from '../errors/index.js';
import type { Finding, Severity } from '../findings/index.js';
import { PLAIN_CAPTURE_FORMAT, readFixture } from '../fixture/index.js';
import { DIFF_REPORT_FORMAT, type DiffPair, type DiffReport, diffSummary } from '../report/diff-model.js';
import { sortFindings } from '../report/model.js';
import { compareWireLogs } from './compare.js';
import type { WireLog } from './wire-log.js';
import { wireLogFromFixture } from './wire-log-files.js';

export interface DiffOptions {
  /** Lowest severity that makes the exit code 1 (default `breaking`). */
  failOn?: Severity;
}

function kindOf(path: string): 'file' | 'dir' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file';
  } catch {
    throw new ClideError('usage', 'no such file or folder', { where: path });
  }
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
}

/**
 * `clide-conformance diff A B`: the structural comparison of `run`, between two fixtures or plain
 * stdout captures, or two folders of them (matched by file name; e.g. `fixtures/2.1.150` and
 * `reports/2.1.160/wire`). A is the baseline, B the candidate.
 */
export async function diffFixtures(a: string, b: string, options: DiffOptions = {}): Promise<DiffReport> {
  const failOn = options.failOn ?? 'breaking';
  const kindA = kindOf(a);
  const kindB = kindOf(b);
  if (kindA !== kindB) {
    throw new ClideError('usage', `cannot diff a ${kindA} with a ${kindB}`, {
      where: `${a} ${b}`,
      hint: 'give two fixture files or two folders of fixtures',
    });
  }
  const pairs: DiffPair[] = [];
  if (kindA === 'file') {
    pairs.push(await diffPair(basename(a), a, b));
  } else {
    const namesA = jsonlFiles(a);
    const namesB = new Set(jsonlFiles(b));
    for (const name of namesA) {
      if (namesB.has(name)) pairs.push(await diffPair(name, join(a, name), join(b, name)));
      else pairs.push(onlyOnOneSide(name, join(a, name), null));
    }
    for (const name of namesB) {
      if (!namesA.includes(name)) pairs.push(onlyOnOneSide(name, null, join(b, name)));
    }
    if (pairs.length === 0) {
      throw new ClideError('usage', 'neither folder holds a .jsonl fixture', { where: `${a} ${b}` });
    }
  }
  return { format: DIFF_REPORT_FORMAT, a, b, failOn, pairs, summary: diffSummary(pairs, failOn) };
}

/**
 * A fixture, or a plain JSONL capture of stdout as a wire log. A capture records no exit status,
 * no stderr and not the client's side, so none of them is compared (never reported as a change).
 */
export async function readDiffSide(path: string): Promise<WireLog> {
  let fixture: Awaited<ReturnType<typeof readFixture>>;
  try {
    fixture = await readFixture(path);
  } catch (error) {
    if (isClideError(error)) throw error;
    throw new ClideError('fixture', `cannot read the fixture: ${(error as Error).message}`, {
      where: path,
      cause: error,
    });
  }
  const log = wireLogFromFixture(fixture, path);
  if (fixture.sourceFormat !== PLAIN_CAPTURE_FORMAT) return log;
  return { ...log, recorded: { exit: false, stderr: false, client: false } };
}

async function diffPair(name: string, a: string, b: string): Promise<DiffPair> {
  const [logA, logB] = await Promise.all([readDiffSide(a), readDiffSide(b)]);
  const scenario = name.replace(/\.jsonl$/, '').replaceAll('__', '/');
  return { name, a, b, findings: sortFindings(compareWireLogs(logA, logB, { scenario })) };
}

function onlyOnOneSide(name: string, a: string | null, b: string | null): DiffPair {
  const finding: Finding =
    a !== null
      ? {
          code: 'diff/only-in-a',
          severity: 'changed',
          message: `${name} exists only in the first folder`,
          path: [],
          location: { file: a },
        }
      : {
          code: 'diff/only-in-b',
          severity: 'additive',
          message: `${name} exists only in the second folder`,
          path: [],
          location: { file: b ?? name },
        };
  return { name, a, b, findings: [finding] };
}
