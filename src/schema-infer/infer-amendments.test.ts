import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as amend from '../../schemas/amend.js';
import { schemaSetFor } from '../../schemas/registry.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { tempDirs } from '../../test/support/temp-dirs.js';
import { walkSchema } from '../validate/schema-walker.js';
import { type CorpusFile, inferAmendments } from './infer-amendments.js';
import { readCorpus } from './read-corpus.js';

const temp = tempDirs();

const system = (subtype: string, shape: z.ZodRawShape) =>
  z.looseObject({ type: z.literal('system'), subtype: z.literal(subtype), ...shape });

const out = z.discriminatedUnion('type', [
  z.discriminatedUnion('subtype', [
    system('init', { model: z.string(), cwd: z.string(), mode: z.enum(['default', 'plan']) }),
    system('status', { status: z.string().nullable() }),
  ]),
  z.looseObject({ type: z.literal('result'), num_turns: z.number().int(), reason: z.enum(['completed']) }),
  z.looseObject({
    type: z.literal('control_response'),
    response: z.looseObject({ subtype: z.literal('success'), request_id: z.string(), response: z.unknown() }),
  }),
]);
const clientIn = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string(),
    request: z.discriminatedUnion('subtype', [z.looseObject({ subtype: z.literal('initialize') })]),
  }),
]);
const previous: SchemaSet = {
  version: '1.0.0',
  cliOutputMessage: out,
  clientInputMessage: clientIn,
  controlResponsePayloads: { initialize: z.looseObject({ commands: z.array(z.string()) }) },
  payloadRequired: new Set(),
  toolInputs: {},
  toolAnswers: {},
};

const fromCli = (msg: unknown, seq = 0) => ({ dir: 'from-cli' as const, seq, msg });
const toCli = (msg: unknown, seq = 0) => ({ dir: 'to-cli' as const, seq, msg });

const corpus: CorpusFile[] = [
  {
    file: 'a.jsonl',
    frames: [
      toCli({ type: 'control_request', request_id: 'r1', request: { subtype: 'initialize' } }),
      fromCli(
        {
          type: 'control_response',
          response: { subtype: 'success', request_id: 'r1', response: { commands: ['x'], pid: 3 } },
        },
        1,
      ),
      toCli({ type: 'control_request', request_id: 'r2', request: { subtype: 'list_models' } }),
      fromCli(
        {
          type: 'control_response',
          response: { subtype: 'success', request_id: 'r2', response: { models: [{ id: 'm' }] } },
        },
        3,
      ),
      toCli({ type: 'control_request', request_id: 'r3', request: { subtype: 'bogus' } }),
      fromCli({ type: 'system', subtype: 'init', cwd: '/w', mode: 'auto', fast: true }, 5),
      fromCli({ type: 'system', subtype: 'hook_started', hook_id: 'h1', hook_name: 'SessionStart' }, 6),
      fromCli({ type: 'result', num_turns: 1.5, reason: 'budget_exhausted' }, 7),
    ].map((f, i) => ({ ...f, seq: i })),
  },
  {
    file: 'b.jsonl',
    frames: [
      fromCli({ type: 'system', subtype: 'init', model: 'm', cwd: '/w', mode: 'plan', fast: false }, 0),
      fromCli({ type: 'system', subtype: 'status', status: null, detail: { n: 1 } }, 1),
    ],
  },
];

describe('inferAmendments on a union member that takes several discriminator values', () => {
  const errors = z.discriminatedUnion('type', [
    z.discriminatedUnion('subtype', [
      z.looseObject({ type: z.literal('result'), subtype: z.literal('success') }),
      z.looseObject({ type: z.literal('result'), subtype: z.enum(['error_a', 'error_b']) }),
    ]),
  ]);
  const set: SchemaSet = { ...previous, cliOutputMessage: errors };
  const result = inferAmendments(set, '1.1.0', [
    {
      file: 'e.jsonl',
      frames: [
        fromCli({ type: 'result', subtype: 'error_a', extra: 1 }, 0),
        fromCli({ type: 'result', subtype: 'error_b', extra: 'two' }, 1),
      ],
    },
  ]);

  it('names the member by all its values and types the field from every value seen on it', () => {
    expect(result.amendments.map((a) => a.source)).toEqual([
      "addField('out', '<type=result><subtype=error_a|error_b>', 'extra', z.union([\n  z.number(),\n  z.string(),\n]).optional())",
    ]);
    expect(walkSchema(result.set.cliOutputMessage, { type: 'result', subtype: 'error_b', extra: 3 })).toEqual(
      [],
    );
  });
});

describe('inferAmendments', () => {
  const result = inferAmendments(previous, '1.1.0', corpus);
  const byOp = (op: string) => result.amendments.filter((a) => a.amendment.op === op);

  it('drafts every kind of change the corpus shows, at the node that raised it', () => {
    expect(byOp('add-field').map((a) => a.source)).toEqual(
      expect.arrayContaining([
        "addField('out', '<type=system><subtype=init>', 'fast', z.boolean())",
        // on the only status message there is: required
        "addField('out', '<type=system><subtype=status>', 'detail', z.looseObject({\n  n: z.number(),\n}))",
        "addField('payload:initialize', '', 'pid', z.number())",
      ]),
    );
    expect(byOp('add-values').map((a) => a.source)).toEqual(
      expect.arrayContaining([
        `addValues('out', '<type=system><subtype=init>.mode', ["auto"])`,
        `addValues('out', '<type=result>.reason', ["budget_exhausted"])`,
      ]),
    );
    expect(byOp('optional').map((a) => a.source)).toEqual([
      "makeOptional('out', '<type=system><subtype=init>', 'model')",
    ]);
    expect(byOp('widen').map((a) => a.source)).toEqual([
      "widen('out', '<type=result>.num_turns', z.number())",
    ]);
    expect(byOp('add-variant').map((a) => a.source)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^addVariant\('out', '<type=system>', z\.looseObject\(\{\n {2}type: z\.literal\("system"\),\n {2}subtype: z\.literal\("hook_started"\)/,
        ),
        expect.stringMatching(/^addVariant\('in', '<type=control_request>\.request', .*"list_models"/s),
      ]),
    );
    expect(byOp('add-payload').map((a) => a.source)).toEqual([
      expect.stringMatching(/^addPayload\('list_models', z\.looseObject\(\{\n {2}models: z\.array/),
    ]);
  });

  it('learns no client subtype the CLI did not accept', () => {
    expect(result.amendments.some((a) => a.source.includes('bogus'))).toBe(false);
  });

  it('leaves a set that validates the whole corpus with no finding', () => {
    expect(result.unresolved).toEqual([]);
    for (const file of corpus) {
      for (const frame of file.frames) {
        if (frame.dir !== 'from-cli') continue;
        expect(walkSchema(result.set.cliOutputMessage, frame.msg), JSON.stringify(frame.msg)).toEqual([]);
      }
    }
    expect(walkSchema(result.set.controlResponsePayloads.initialize!, { commands: [], pid: 1 })).toEqual([]);
    expect(walkSchema(result.set.controlResponsePayloads.list_models!, { models: [{ id: 'x' }] })).toEqual(
      [],
    );
  });

  it('keeps the previous set untouched and breaking where the new version did not change', () => {
    expect(walkSchema(previous.cliOutputMessage, corpus[0]!.frames[5]!.msg).length).toBeGreaterThan(0);
    const wrong = walkSchema(result.set.cliOutputMessage, {
      type: 'system',
      subtype: 'init',
      cwd: 3,
      mode: 'plan',
    });
    expect(wrong.map((f) => f.code)).toContain('schema/wrong-type');
  });

  it('renders source that builds the same schemas it applied', () => {
    const build = new Function(
      'z',
      ...Object.keys(amend),
      `return [${result.amendments.map((a) => a.source).join(',\n')}];`,
    ) as (...args: unknown[]) => amend.Amendment[];
    const fromSource = build(z, ...Object.values(amend));
    const rebuilt = amend.amendSchemaSet(previous, '1.1.0', fromSource);
    expect(z.toJSONSchema(rebuilt.cliOutputMessage)).toEqual(z.toJSONSchema(result.set.cliOutputMessage));
    expect(z.toJSONSchema(rebuilt.clientInputMessage)).toEqual(z.toJSONSchema(result.set.clientInputMessage));
  });
});

describe('inferAmendments on a set reconciled with the Agent SDK', () => {
  it('drafts on the corpus-only set: the amendments build both it and the reconciled one', async () => {
    // 2.1.150's set types usage.fallback_credit from the SDK (an object); 2.1.332 sends null there.
    const reconciled = schemaSetFor('2.1.150').set;
    const dir = temp('clide-infer-');
    copyFileSync(resolve('fixtures/2.1.332/turn__max-turns.jsonl'), join(dir, 'turn__max-turns.jsonl'));
    const corpus = await readCorpus(dir);
    const drafted = inferAmendments(reconciled, '2.1.999', corpus).amendments.map((a) => a.amendment);
    expect(drafted.length).toBeGreaterThan(0);
    const onCorpusOnly = amend.amendSchemaSet(reconciled.corpusOnly!(), '2.1.999', drafted);
    const onReconciled = amend.amendSchemaSet(reconciled, '2.1.999', drafted);
    for (const set of [onCorpusOnly, onReconciled]) {
      for (const frame of corpus[0]!.frames) {
        if (frame.dir === 'from-cli') expect(walkSchema(set.cliOutputMessage, frame.msg)).toEqual([]);
      }
    }
  });
});

describe("inferAmendments on the client's answers to the CLI's requests", () => {
  const reconciled = schemaSetFor('2.1.150').set;
  const corpusOf = async () => {
    const dir = temp('clide-infer-');
    const name = 'permission__allow-without-updated-input.jsonl';
    copyFileSync(resolve('fixtures/2.1.332', name), join(dir, name));
    return readCorpus(dir);
  };
  const sources = (version: string, corpus: CorpusFile[]) =>
    inferAmendments(reconciled, version, corpus).amendments.map((a) => a.source);
  const optional = "makeOptional('payload:can_use_tool', '<#0>', 'updatedInput')";

  it('a field the CLI accepted without, in a scenario that passed, becomes optional', async () => {
    const corpus = await corpusOf();
    expect(corpus[0]!.scenario).toBe('permission/allow-without-updated-input');
    expect(sources('2.1.332', corpus)).toContain(optional);
  });

  it('not where the scenario leaves it out on purpose (its declared mistake on that version), nor in a scenario that failed', async () => {
    const corpus = await corpusOf();
    expect(sources('2.1.206', corpus)).not.toContain(optional);
    expect(
      sources(
        '2.1.332',
        corpus.map((f) => ({ ...f, failed: true })),
      ),
    ).not.toContain(optional);
  });
});
