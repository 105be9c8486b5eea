import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { pinnedVersions, schemaSetFor } from '../../schemas/registry.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { packageInfo } from '../config/package-info.js';
import { isRecord } from '../util/json.js';
import { ADDITIVE, BREAKING, CLEAN, type Fit, schemaFit } from './schema-fit.js';
import { walkSchema } from './schema-walker.js';

type Dir = 'from-cli' | 'to-cli';
type Json = Record<string, unknown>;

/** Every message frame of the committed corpus of `version`, with its direction. */
function corpus(version: string): Array<{ dir: Dir; msg: Json }> {
  const dir = join(packageInfo().root, 'fixtures', version);
  const out: Array<{ dir: Dir; msg: Json }> = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const record = JSON.parse(line) as Json;
      if (record.kind !== 'frame' || !isRecord(record.msg)) continue;
      if (record.dir === 'from-cli' || record.dir === 'to-cli')
        out.push({ dir: record.dir, msg: record.msg });
    }
  }
  return out;
}

/** What the walker's findings say, in the fit's three words. */
function fitOfWalk(set: SchemaSet, dir: Dir, msg: unknown): Fit {
  const findings = walkSchema(dir === 'from-cli' ? set.cliOutputMessage : set.clientInputMessage, msg);
  if (findings.length === 0) return CLEAN;
  return findings.some((f) => f.severity === 'breaking') ? BREAKING : ADDITIVE;
}

function fitOf(set: SchemaSet, dir: Dir, msg: unknown): Fit {
  return schemaFit(dir === 'from-cli' ? set.cliOutputMessage : set.clientInputMessage, msg);
}

/** Paths to every value inside `value` (objects and arrays), the root included. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...paths(v, [...at, i]));
  } else if (isRecord(value)) for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

type Mutation = 'drop' | 'add-field' | 'to-string' | 'to-number' | 'to-null' | 'to-object' | 'to-array';

/** A deep copy of `msg` with one change at `path`. */
function mutate(msg: Json, path: Array<string | number>, how: Mutation): Json {
  const copy = structuredClone(msg);
  if (how === 'add-field') {
    let target: unknown = copy;
    for (const step of path) target = (target as Record<string | number, unknown>)[step];
    if (isRecord(target)) target.zz_new_field = 1;
    return copy;
  }
  if (path.length === 0) return copy;
  let parent: unknown = copy;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[step];
  const last = path.at(-1)!;
  const holder = parent as Record<string | number, unknown>;
  if (how === 'drop') {
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else delete holder[last];
    return copy;
  }
  const replacement = { 'to-string': 'x', 'to-number': 7, 'to-null': null, 'to-object': {}, 'to-array': [] }[
    how
  ];
  holder[last] = replacement;
  return copy;
}

const MUTATIONS: Mutation[] = [
  'drop',
  'add-field',
  'to-string',
  'to-number',
  'to-null',
  'to-object',
  'to-array',
];

for (const version of pinnedVersions()) {
  const { set } = schemaSetFor(version);
  const messages = corpus(version);

  describe(`schemaFit agrees with the walker on ${version}`, () => {
    it('on every message of the recorded corpus', () => {
      expect(messages.length).toBeGreaterThan(100);
      const disagreements = messages.filter((m) => fitOf(set, m.dir, m.msg) !== fitOfWalk(set, m.dir, m.msg));
      expect(disagreements.map((m) => JSON.stringify(m.msg).slice(0, 200))).toEqual([]);
    });

    it('finds nothing to report on most corpus messages, so the walk is skipped for them', () => {
      const clean = messages.filter((m) => fitOf(set, m.dir, m.msg) === CLEAN).length;
      expect(clean / messages.length).toBeGreaterThan(0.5);
    });

    test.prop([fc.nat({ max: messages.length - 1 }), fc.nat(), fc.constantFrom(...MUTATIONS)], {
      numRuns: 400,
    })('on a corpus message changed at one place', (index, pick, how) => {
      const { dir, msg } = messages[index]!;
      const all = paths(msg);
      const changed = mutate(msg, all[pick % all.length]!, how);
      expect(fitOf(set, dir, changed)).toBe(fitOfWalk(set, dir, changed));
    });

    it('on values that are not objects', () => {
      for (const value of [null, 1, 'x', [], true, undefined, {}, { type: 'nope' }, { type: 7 }]) {
        for (const dir of ['from-cli', 'to-cli'] as const) {
          expect(fitOf(set, dir, value)).toBe(fitOfWalk(set, dir, value));
        }
      }
    });
  });
}
