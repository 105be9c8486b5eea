/**
 * A version's corpus: `fixtures/<version>/*.jsonl`, one recorded fixture per scenario, read with
 * the fixture reader and keyed by the scenario id of its header (the file name when it has none).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { WireLog } from '../canary/wire-log.js';
import { wireLogFromFixture } from '../canary/wire-log-files.js';
import { ClideError, isClideError } from '../errors/index.js';
import { readFixture } from '../fixture/index.js';

export interface CorpusEntry {
  scenario: string;
  /** File name inside the corpus folder. */
  file: string;
  log: WireLog;
}

/** The scenario id a fixture file name stands for (`permission__allow.jsonl` → `permission/allow`). */
export function scenarioFromFileName(name: string): string {
  return name.replace(/\.jsonl$/, '').replaceAll('__', '/');
}

/** True when `dir` is a folder. */
export function isCorpusDir(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/** Every fixture of a corpus folder, sorted by scenario id. Two fixtures of one scenario is an error. */
export async function readCorpus(dir: string): Promise<CorpusEntry[]> {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort();
  const out = new Map<string, CorpusEntry>();
  for (const file of names) {
    const path = join(dir, file);
    const fixture = await readFixture(path).catch((error: unknown) => {
      if (isClideError(error)) throw error;
      throw new ClideError('fixture', `cannot read the fixture: ${(error as Error).message}`, {
        where: path,
        cause: error,
      });
    });
    const scenario = fixture.header.scenario ?? scenarioFromFileName(file);
    const previous = out.get(scenario);
    if (previous) {
      throw new ClideError('fixture', `two fixtures record scenario "${scenario}"`, {
        where: `${join(dir, previous.file)}, ${path}`,
        hint: 'a corpus holds one fixture per scenario',
      });
    }
    out.set(scenario, { scenario, file, log: wireLogFromFixture(fixture, path) });
  }
  return [...out.values()].sort((a, b) => (a.scenario < b.scenario ? -1 : a.scenario > b.scenario ? 1 : 0));
}
