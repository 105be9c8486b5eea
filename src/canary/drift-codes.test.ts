import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { packageInfo } from '../config/package-info.js';
import { DRIFT_CODES } from './drift-codes.js';

test('docs/drift-report.md lists every drift code with its severity', () => {
  const doc = readFileSync(join(packageInfo().root, 'docs', 'drift-report.md'), 'utf8');
  for (const [code, { severity }] of Object.entries(DRIFT_CODES)) {
    const row = new RegExp(`\\| \`${code}\` +\\| ${severity} +\\|`);
    expect(doc, code).toMatch(row);
  }
});
