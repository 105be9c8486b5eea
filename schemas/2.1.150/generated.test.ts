import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generatedDir, generateSchemaArtefacts } from '../../scripts/generate-schemas.js';

it('the committed generated/ artefacts match the schemas (else run npm run schemas:generate)', async () => {
  const expected = await generateSchemaArtefacts('2.1.150');
  const dir = generatedDir('2.1.150');
  const present = (await readdir(dir).catch(() => [])).sort();
  const stale: string[] = [];
  for (const [name, contents] of expected) {
    const committed = await readFile(join(dir, name), 'utf8').catch(() => undefined);
    if (committed !== contents) stale.push(committed === undefined ? `${name} (missing)` : name);
  }
  for (const name of present) if (!expected.has(name)) stale.push(`${name} (no longer generated)`);
  expect(
    stale,
    `schemas/2.1.150/generated/ is stale: ${stale.join(', ')} — run npm run schemas:generate`,
  ).toEqual([]);
}, 120_000);
