/**
 * `clide-conformance changelog <from> <to>`: the protocol changes between two pinned CLI versions,
 * taken from their data only — the schema sets of the registry and the corpora
 * `fixtures/<version>/`.
 */
import { isAbsolute, join, relative } from 'node:path';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { packageInfo } from '../config/package-info.js';
import { isCorpusDir, readCorpus } from './corpus.js';
import { diffCorpora } from './corpus-diff.js';
import { CHANGELOG_FORMAT, type Changelog, type CorpusSource, summarizeChangelog } from './model.js';
import { pinnedPair } from './pinned-version.js';
import { diffSchemaSets } from './schema-diff.js';

export interface ChangelogOptions {
  /** Folder holding one corpus folder per version (default: the kit's `fixtures/`). */
  fixturesRoot?: string;
}

/** The changelog between two versions whose schema sets are already at hand (and their corpora). */
export async function changelogOf(
  from: SchemaSet,
  to: SchemaSet,
  corpusDirs: { from: string | null; to: string | null },
): Promise<Changelog> {
  const schema = diffSchemaSets(from, to);
  const [corpusFrom, corpusTo] = await Promise.all([
    corpusDirs.from ? readCorpus(corpusDirs.from) : Promise.resolve(null),
    corpusDirs.to ? readCorpus(corpusDirs.to) : Promise.resolve(null),
  ]);
  const scenarios = corpusFrom && corpusTo ? diffCorpora(corpusFrom, corpusTo) : null;
  const source = (dir: string | null, n: number): CorpusSource => ({
    dir: dir === null ? null : shownPath(dir),
    scenarios: n,
  });
  const log = { ...schema, scenarios };
  return {
    format: CHANGELOG_FORMAT,
    from: from.version,
    to: to.version,
    corpora: {
      from: source(corpusDirs.from, corpusFrom?.length ?? 0),
      to: source(corpusDirs.to, corpusTo?.length ?? 0),
    },
    summary: summarizeChangelog(log),
    ...log,
  };
}

/** Resolves two pinned versions (usage error otherwise) and builds their changelog. */
export async function buildChangelog(
  fromVersion: string,
  toVersion: string,
  options: ChangelogOptions = {},
): Promise<Changelog> {
  const { from, to } = pinnedPair(fromVersion, toVersion);
  const root = options.fixturesRoot ?? join(packageInfo().root, 'fixtures');
  const dirOf = (version: string) => {
    const dir = join(root, version);
    return isCorpusDir(dir) ? dir : null;
  };
  return changelogOf(from, to, { from: dirOf(from.version), to: dirOf(to.version) });
}

/** A folder inside the kit as a path relative to it (stable across machines), others as given. */
function shownPath(dir: string): string {
  const inKit = relative(packageInfo().root, dir);
  return inKit !== '' && !inKit.startsWith('..') && !isAbsolute(inKit) ? inKit : dir;
}
