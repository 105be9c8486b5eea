import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDir, generateSchemaArtefacts } from '../scripts/generate-schemas.js';
import { pinnedVersions } from './registry.js';

describe.each(pinnedVersions())('schemas/%s/generated/', (version) => {
  it('matches the schemas (else run npm run schemas:generate)', async () => {
    const expected = await generateSchemaArtefacts(version);
    const dir = generatedDir(version);
    const present = (await readdir(dir).catch(() => [])).sort();
    const stale: string[] = [];
    for (const [name, contents] of expected) {
      const committed = await readFile(join(dir, name), 'utf8').catch(() => undefined);
      if (committed !== contents) stale.push(committed === undefined ? `${name} (missing)` : name);
    }
    for (const name of present) if (!expected.has(name)) stale.push(`${name} (no longer generated)`);
    expect(
      stale,
      `schemas/${version}/generated/ is stale: ${stale.join(', ')} — run npm run schemas:generate`,
    ).toEqual([]);
  }, 120_000);
});
