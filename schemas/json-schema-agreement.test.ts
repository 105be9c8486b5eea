/**
 * Property, for every pinned set: for generated valid and invalid messages, the zod schema, the exported JSON Schema
 * (run by ajv) and the validation engine agree on valid / invalid.
 */
import { fc, test } from '@fast-check/vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect } from 'vitest';
import type { z } from 'zod';
import { artefactSpecs, jsonSchemaOf } from '../scripts/generate-schemas.js';
import { walkSchema } from '../src/validate/schema-walker.js';
import { arbitraryFor, mutate, pathsOf } from '../test/support/zod-arbitrary.js';
import { pinnedVersions } from './registry.js';

// Compiled once per schema and run a few hundred times: ajv's code optimisation and the inlining of
// referenced schemas (both leave what a schema accepts as it is) cost more than they save here.
const ajv = new Ajv2020({
  strict: false,
  allErrors: false,
  validateSchema: false,
  inlineRefs: false,
  code: { optimize: false },
});

const breaking = (schema: z.ZodType, value: unknown) =>
  walkSchema(schema, value).filter((f) => f.severity === 'breaking').length;

// The two top-level unions contain every family; the rest are schemas used outside them.
const SPECS = new Set([
  'cli-output-message',
  'client-input-message',
  'control-response-payloads',
  'ask-user-question',
]);

describe.each(
  pinnedVersions().flatMap((version) =>
    artefactSpecs(version)
      .filter((s) => SPECS.has(s.name))
      .map((spec) => [`${version} ${spec.name}`, spec] as const),
  ),
)('%s', (_name, spec) => {
  const validateJson = ajv.compile(jsonSchemaOf(spec));
  const valid = arbitraryFor(spec.schema, { extraKeys: true });

  test.prop([valid], { numRuns: 40 })(
    'accepts generated valid messages in zod, ajv and the engine',
    (value) => {
      expect(spec.schema.safeParse(value).success).toBe(true);
      expect(validateJson(value)).toBe(true);
      expect(breaking(spec.schema, value)).toBe(0);
    },
  );

  const invalid = valid
    .filter((v) => pathsOf(v).length > 0)
    .chain((v) =>
      fc.tuple(
        fc.constant(v),
        fc.constantFrom(...pathsOf(v)),
        fc.constantFrom<'delete' | 'retype'>('delete', 'retype'),
      ),
    )
    .map(([v, path, how]) => mutate(v, path, how));

  test.prop([invalid], { numRuns: 80 })('zod, ajv and the engine agree on mutated messages', (value) => {
    const zodOk = spec.schema.safeParse(value).success;
    expect(validateJson(value)).toBe(zodOk);
    expect(breaking(spec.schema, value) === 0).toBe(zodOk);
  });
});
