import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { compareWireLogs, readWireLog, type WireLog } from '../src/canary/index.js';
import { packageInfo } from '../src/config/package-info.js';
import { MUTATION_OPERATORS, runMutant } from './support/mutation.js';

/**
 * Mutation testing of the drift classifier: every operator (docs/drift-report.md, "Detection
 * power") on every fixture of the committed corpora where it applies; fast-check picks up to
 * SAMPLES sites per operator × fixture. A mutant not caught at its operator's severity fails the
 * test, named operator × fixture × site. `npm run detection-power` runs every site.
 */
const SAMPLES = 3;
const corpus: Array<{ name: string; log: WireLog }> = [];

beforeAll(async () => {
  const root = join(packageInfo().root, 'fixtures');
  for (const version of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, version))
      .filter((f) => f.endsWith('.jsonl'))
      .sort()) {
      corpus.push({ name: `${version}/${file}`, log: await readWireLog(join(root, version, file)) });
    }
  }
});

describe('drift classifier mutation test', () => {
  test('the corpus is there and an untouched fixture gives no drift', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    for (const { name, log } of corpus)
      expect(compareWireLogs(log, log, { variation: [] }), name).toEqual([]);
  });

  test.each(MUTATION_OPERATORS.map((op) => [op.id, op] as const))(
    '%s: every mutant is caught at its severity on every fixture',
    (_id, op) => {
      const missed: string[] = [];
      let applied = 0;
      for (const { name, log } of corpus) {
        const sites = op.sites(log);
        if (sites.length === 0) continue;
        applied += 1;
        const result = fc.check(
          fc.property(fc.integer({ min: 0, max: sites.length - 1 }), (i) => {
            const outcome = runMutant(op, log, sites[i]!, name);
            if (!outcome.caught) {
              missed.push(`${op.id} × ${name} × ${sites[i]!.label}: got [${outcome.codes.join(', ')}]`);
            }
            return outcome.caught;
          }),
          { numRuns: Math.min(SAMPLES, sites.length), seed: 14, endOnFailure: true },
        );
        if (result.failed && missed.length === 0)
          missed.push(`${op.id} × ${name}: ${String(result.errorInstance)}`);
      }
      expect(applied, `${op.id} applies to no fixture`).toBeGreaterThan(0);
      expect(missed, `not caught at ${op.severity}`).toEqual([]);
    },
  );
});
