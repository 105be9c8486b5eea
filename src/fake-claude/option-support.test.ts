import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageInfo } from '../config/package-info.js';
import { behaviourFor, emulatedVersions } from './behaviour/index.js';
import { primaryName } from './flags.js';
import { EMULATED_OPTIONS } from './option-support.js';

const DOC = join(packageInfo().root, 'docs', 'fake-claude-differences.md');

/** The options of the doc's "accepted and ignored" table, with their reasons (its first two columns). */
function ignoredInDoc(): Map<string, string> {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## The command line'));
  const out = new Map<string, string>();
  for (const match of section.matchAll(/^\| `(--?[A-Za-z][\w-]*)`[^|]*\| ([^|]+) \|/gm)) {
    out.set(match[1]!, match[2]!.trim());
  }
  return out;
}

const versions = await Promise.all(emulatedVersions().map((v) => behaviourFor(v)));

describe('every option of every emulated version is emulated or listed as accepted and ignored', () => {
  const ignored = ignoredInDoc();

  it.each(versions.map((b) => [b.version, b] as const))(
    '%s: each captured option is in EMULATED_OPTIONS or in the doc’s table, with a reason',
    (_version, behaviour) => {
      const unaccounted = behaviour.argv.options
        .map((o) => primaryName(o.flags))
        .filter((name) => !(name in EMULATED_OPTIONS) && !ignored.has(name));
      expect(unaccounted, 'add them to docs/fake-claude-differences.md ("The command line")').toEqual([]);
      for (const [name, reason] of ignored) expect(reason.length, name).toBeGreaterThan(10);
    },
  );

  it('neither list names an option no emulated version has (ours aside), nor one option twice', () => {
    const captured = new Set(versions.flatMap((b) => b.argv.options.map((o) => primaryName(o.flags))));
    const ours = ['--scenario', '--fixture'];
    expect(Object.keys(EMULATED_OPTIONS).filter((n) => !captured.has(n) && !ours.includes(n))).toEqual([]);
    expect([...ignored.keys()].filter((n) => !captured.has(n))).toEqual([]);
    expect([...ignored.keys()].filter((n) => n in EMULATED_OPTIONS)).toEqual([]);
  });
});
