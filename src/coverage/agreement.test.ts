import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Amendment,
  addField,
  addValues,
  addVariant,
  amendSchema,
  makeOptional,
  parseRoute,
  widen,
} from '../../schemas/amend.js';
import { type AmendmentDraft, CONTRADICTIONS, checkAgreement } from './agreement.js';
import type { JsonSchema } from './sdk-type.js';
import { ZodSourcePrinter } from './zod-source.js';

/** What `schemas:reconcile` writes, evaluated: the draft's zod source run against this zod. */
function toAmendment(fix: AmendmentDraft, constants: readonly string[]): Amendment {
  const build = (source: string) =>
    new Function('z', `${constants.map((c) => c.replace(/: z\.ZodType/, '')).join('\n')}\nreturn ${source};`)(
      z,
    ) as z.ZodType;
  switch (fix.op) {
    case 'add-field':
      return addField('out', fix.at, fix.key, build(fix.source));
    case 'add-values':
      return addValues('out', fix.at, fix.values);
    case 'optional':
      return makeOptional('out', fix.at, fix.key);
    case 'widen':
      return widen('out', fix.at, build(fix.source));
    case 'add-variant':
      return addVariant('out', fix.at, build(fix.source));
    case 'add-payload':
      throw new Error('not at a node');
  }
}

function check(schema: JsonSchema, node: z.ZodType, definitions: Record<string, JsonSchema> = {}) {
  const printer = new ZodSourcePrinter(definitions);
  const issues = checkAgreement(schema, node, [], definitions, printer);
  return { issues, printer };
}

/** Applies every fix in the order the renderer writes them and checks again. */
function reconciled(schema: JsonSchema, node: z.ZodType, definitions: Record<string, JsonSchema> = {}) {
  const { issues, printer } = check(schema, node, definitions);
  const ordered = [...issues].sort((a, b) => (a.fix.op === 'widen' ? 1 : 0) - (b.fix.op === 'widen' ? 1 : 0));
  const amended = amendSchema(
    node,
    ordered.map((i) => toAmendment(i.fix, printer.constants()) as Exclude<Amendment, { op: 'add-payload' }>),
  );
  return { issues, amended, again: check(schema, amended, definitions).issues };
}

const result = z.looseObject({
  type: z.literal('result'),
  terminal_reason: z.enum(['completed', 'max_turns']),
  queued_turn_count: z.number(),
  extra: z.string(),
  model: z.string(),
});

const sdkResult: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', const: 'result' },
    terminal_reason: { enum: ['completed', 'max_turns', 'api_error'] },
    queued_turn_count: { type: 'number' },
    model: { type: ['null', 'string'] },
    ttft_ms: { type: 'number' },
  },
  required: ['type', 'terminal_reason', 'model'],
};

describe('checkAgreement', () => {
  it('finds an enum value the SDK declares and the schema rejects, with an add-values fix', () => {
    const { issues } = check(sdkResult, result);
    const rejected = issues.find((i) => i.code === 'sdk/value-rejected');
    expect(rejected).toMatchObject({ at: '.terminal_reason', expected: '"api_error"' });
    expect(rejected?.fix).toEqual({ op: 'add-values', at: '.terminal_reason', values: ['api_error'] });
  });

  it('finds null the SDK allows, a field it marks optional, one it does not declare, and one it declares untyped', () => {
    const { issues } = check(sdkResult, result);
    const codes = issues.map((i) => `${i.code} ${i.at}${i.key ? ` ${i.key}` : ''}`).sort();
    expect(codes).toEqual([
      'sdk/field-untyped  ttft_ms',
      'sdk/null-rejected .model',
      'sdk/required-optional  queued_turn_count',
      'sdk/required-undeclared  extra',
      'sdk/value-rejected .terminal_reason',
    ]);
    expect(issues.filter((i) => CONTRADICTIONS.has(i.code))).toHaveLength(4);
  });

  it('leaves nothing to find once its own fixes are applied, and the amended schema takes the SDK values', () => {
    const { issues, amended, again } = reconciled(sdkResult, result);
    expect(issues.length).toBeGreaterThan(0);
    expect(again).toEqual([]);
    expect(
      amended.safeParse({ type: 'result', terminal_reason: 'api_error', model: null, ttft_ms: 3 }).success,
    ).toBe(true);
    // What the SDK does not allow is still refused.
    expect(amended.safeParse({ type: 'result', terminal_reason: 'bogus', model: null }).success).toBe(false);
  });

  it('matches a discriminated union member by member: a missing subtype is one issue, its fields are not listed', () => {
    const system = z.discriminatedUnion('subtype', [
      z.looseObject({ type: z.literal('system'), subtype: z.literal('init'), cwd: z.string() }),
      z.looseObject({
        type: z.literal('system'),
        subtype: z.literal('status'),
        status: z.string().nullable(),
      }),
    ]);
    const sdk: JsonSchema = {
      anyOf: [
        { $ref: '#/definitions/Init' },
        {
          type: 'object',
          properties: {
            type: { const: 'system' },
            subtype: { const: 'thinking_tokens' },
            tokens: { type: 'number' },
            a: { type: 'string' },
          },
          required: ['type', 'subtype', 'tokens'],
        },
      ],
    };
    const definitions = {
      Init: {
        type: 'object',
        properties: { type: { const: 'system' }, subtype: { const: 'init' }, cwd: { type: 'string' } },
        required: ['type', 'subtype', 'cwd'],
      },
    };
    const { issues, amended, again } = reconciled(sdk, system, definitions);
    expect(issues.map((i) => [i.code, i.at, i.fix.op])).toEqual([['sdk/member-missing', '', 'add-variant']]);
    expect(again).toEqual([]);
    expect(amended.safeParse({ type: 'system', subtype: 'thinking_tokens', tokens: 3 }).success).toBe(true);
    // The member the SDK did not add keeps its own shape.
    expect(amended.safeParse({ type: 'system', subtype: 'status', status: 3 }).success).toBe(false);
  });

  it('routes into the union member it matched, by its discriminator', () => {
    const union = z.discriminatedUnion('type', [
      z.looseObject({ type: z.literal('a'), n: z.number() }),
      z.looseObject({ type: z.literal('b'), s: z.literal('x') }),
    ]);
    const sdk: JsonSchema = {
      type: 'object',
      properties: { type: { const: 'b' }, s: { enum: ['x', 'y'] } },
      required: ['type', 's'],
    };
    const { issues } = check(sdk, union);
    expect(issues.map((i) => [i.code, i.at])).toEqual([['sdk/value-rejected', '<type=b>.s']]);
    expect(parseRoute(issues[0]!.at)).toEqual([
      { kind: 'variant', key: 'type', value: 'b' },
      { kind: 'field', key: 's' },
    ]);
  });

  it('says nothing where the SDK declares unknown, and ends on recursive types', () => {
    const tree: z.ZodType = z.looseObject({ name: z.string(), children: z.array(z.lazy(() => tree)) });
    const definitions = {
      Tree: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          data: {},
          children: { type: 'array', items: { $ref: '#/definitions/Tree' } },
        },
        required: ['name', 'children'],
      },
    };
    const { issues } = check({ $ref: '#/definitions/Tree' }, tree, definitions);
    expect(issues.map((i) => [i.code, i.key])).toEqual([['sdk/field-untyped', 'data']]);
  });

  it('widens a type the schema rejects altogether (a string where it takes one literal)', () => {
    const { issues, again, amended } = reconciled(
      { type: 'object', properties: { model: { type: 'string' } }, required: ['model'] },
      z.looseObject({ model: z.literal('claude') }),
    );
    expect(issues.map((i) => [i.code, i.fix.op])).toEqual([['sdk/type-rejected', 'widen']]);
    expect(again).toEqual([]);
    expect(amended.safeParse({ model: 'other' }).success).toBe(true);
  });
});

describe('checkAgreement on maps', () => {
  it('retypes a field the schema saw as fixed keys where the SDK declares a map, so other keys are not unknown', () => {
    const { issues, amended, again } = reconciled(
      {
        type: 'object',
        properties: { servers: { type: 'object', additionalProperties: { enum: ['parked', 'malformed'] } } },
      },
      z.looseObject({ servers: z.looseObject({ calc: z.literal('parked') }).optional() }),
    );
    expect(issues.map((i) => [i.code, i.key, i.fix.op])).toEqual([
      ['sdk/field-untyped', 'servers', 'add-field'],
    ]);
    expect(again).toEqual([]);
    expect(amended.safeParse({ servers: { other: 'malformed' } }).success).toBe(true);
    expect(amended.safeParse({ servers: { other: 'bogus' } }).success).toBe(false);
  });
});
