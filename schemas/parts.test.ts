import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSet as base } from './2.1.150/index.js';
import { addField, addVariant, amendSchemaSet } from './amend.js';
import { FAMILIES, familyParts, nodesAt, typeFamilies } from './parts.js';
import { pinnedVersions, schemaSetFor } from './registry.js';

const init = {
  type: 'system',
  subtype: 'init',
  apiKeySource: 'none',
  claude_code_version: '2.1.150',
  cwd: '/w',
  tools: [],
  mcp_servers: [],
  model: 'm',
  permissionMode: 'default',
  slash_commands: [],
  output_style: 'default',
  skills: [],
  plugins: [],
  uuid: '00000000-0000-0000-0000-000000000000',
  session_id: 's',
};

const accepts = (schema: z.ZodType | undefined, value: unknown) => schema?.safeParse(value).success;

describe('familyParts', () => {
  it('takes every amendment on a family, however many went through the same node', () => {
    const set = amendSchemaSet(base, 'next', [
      addField('out', '<type=system><subtype=init>', 'first', z.string()),
      addField('out', '<type=system><subtype=init>', 'second', z.string()),
      addField('out', '<type=system><subtype=status>', 'third', z.string()),
    ]);
    const system = set.parts?.system;
    expect(accepts(base.cliOutputMessage, init)).toBe(true);
    expect(accepts(system, init)).toBe(false);
    expect(accepts(system, { ...init, first: 'a' })).toBe(false);
    expect(accepts(system, { ...init, first: 'a', second: 'b' })).toBe(true);
    expect(system).toBe(nodesAt(set.cliOutputMessage, '<type=system>')[0]);
  });

  it('puts a new member in the family its type names, beside the members it had', () => {
    const informational = z.looseObject({ type: z.literal('system'), subtype: z.literal('informational') });
    const set = amendSchemaSet(base, 'next', [addVariant('out', '', informational)]);
    const system = familyParts(set).system;
    expect(accepts(system, { type: 'system', subtype: 'informational' })).toBe(true);
    expect(accepts(system, init)).toBe(true);
    expect(accepts(system, { type: 'result', subtype: 'informational' })).toBe(false);
  });

  it('leaves a new top-level type in the union only, and typeFamilies says it has no family', () => {
    const brandNew = z.looseObject({ type: z.literal('brand_new') });
    const set = amendSchemaSet(base, 'next', [addVariant('out', '', brandNew)]);
    const parts = familyParts(set);
    expect(accepts(set.cliOutputMessage, { type: 'brand_new' })).toBe(true);
    expect(Object.keys(parts).filter((name) => accepts(parts[name], { type: 'brand_new' }))).toEqual([]);
    const families = typeFamilies(set, 'out');
    expect(families.get('brand_new')).toEqual([]);
    expect(families.get('system')).toEqual(['system']);
    expect(families.get('keep_alive')).toEqual(['keep-alive']);
  });

  it('is the union of a family found at two places that differ', () => {
    const set = amendSchemaSet(base, 'next', [
      addField('out', '<type=control_response>', 'only_from_cli', z.string()),
    ]);
    const response = { type: 'control_response', response: { subtype: 'success', request_id: 'r' } };
    expect(accepts(set.clientInputMessage, response)).toBe(true);
    expect(accepts(set.cliOutputMessage, response)).toBe(false);
    expect(accepts(familyParts(set)['control-response'], response)).toBe(true);
    expect(familyParts(base)['control-response']).toBe(
      nodesAt(base.cliOutputMessage, '<type=control_response>')[0],
    );
  });

  it('requires the answers of an AskUserQuestion answer, which the tool answer leaves optional', () => {
    const answer = { questions: [] };
    expect(accepts(base.toolAnswers.AskUserQuestion, answer)).toBe(true);
    expect(accepts(familyParts(base)['ask-user-question'], answer)).toBe(false);
    expect(accepts(familyParts(base)['ask-user-question'], { ...answer, answers: {} })).toBe(true);
  });

  it.each(pinnedVersions())('finds every family in %s', (version) => {
    const parts = familyParts(schemaSetFor(version).set);
    expect(Object.keys(parts)).toEqual(FAMILIES.map((f) => f.name));
  });
});

describe('amendSchemaSet names', () => {
  it('follow a named schema through every amendment that rebuilt it', () => {
    const set = amendSchemaSet(base, 'next', [
      addField('out', '<type=system><subtype=init>', 'first', z.string()),
      addField('out', '<type=system><subtype=init>', 'second', z.string()),
    ]);
    const named = new Map((set.named ?? []).map(([schema, name]) => [name, schema]));
    expect(named.get('SystemMessage')).toBe(nodesAt(set.cliOutputMessage, '<type=system>')[0]);
  });
});
