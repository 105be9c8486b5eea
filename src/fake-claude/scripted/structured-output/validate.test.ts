import { describe, expect, it } from 'vitest';
import { compileOutputSchema } from './validate.js';

const schema = {
  type: 'object',
  properties: { answer: { type: 'number' }, unit: { type: 'string' } },
  required: ['answer', 'unit'],
};

describe('an output checked against the --json-schema schema', () => {
  it('matches: no errors', async () => {
    expect((await compileOutputSchema(schema))({ answer: 42, unit: 'm' })).toBeUndefined();
  });

  it('does not: every error as the real CLI words it, "<path or root>: <message>", joined with ", "', async () => {
    const check = await compileOutputSchema(schema);
    expect(check({ answer: 'many' })).toBe(
      "root: must have required property 'unit', /answer: must be number",
    );
  });
});
