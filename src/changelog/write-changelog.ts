/** Writes a changelog's files: `changelog-<from>-<to>.md` and `.json` in a folder, or one file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ClideError } from '../errors/index.js';
import type { Changelog } from './model.js';
import { renderChangelogJson } from './render-json.js';
import { renderChangelogMarkdown } from './render-markdown.js';

export type ChangelogFormat = 'md' | 'json';

export function renderChangelog(log: Changelog, format: ChangelogFormat): string {
  return format === 'json' ? renderChangelogJson(log) : renderChangelogMarkdown(log);
}

export function changelogFileStem(log: Pick<Changelog, 'from' | 'to'>): string {
  return `changelog-${log.from}-${log.to}`;
}

function write(path: string, text: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new ClideError('io', `cannot write the changelog (${(error as NodeJS.ErrnoException).code})`, {
      where: path,
      cause: error,
    });
  }
}

/** Writes `text` to `path`. */
export function writeChangelogFile(path: string, text: string): void {
  write(path, text);
}

/** Writes both formats into `dir`; returns the paths written. */
export function writeChangelogDir(dir: string, log: Changelog): string[] {
  const stem = join(dir, changelogFileStem(log));
  const md = `${stem}.md`;
  const json = `${stem}.json`;
  write(md, renderChangelogMarkdown(log));
  write(json, renderChangelogJson(log));
  return [md, json];
}
