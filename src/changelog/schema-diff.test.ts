import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaSet as pinned } from '../../schemas/2.1.150/index.js';
import type { SchemaSet } from '../../schemas/schema-set.js';
import { fieldMap } from './field-map.js';
import { changeText } from './render-markdown.js';
import { diffSchemaSets } from './schema-diff.js';
import { schemaKinds } from './schema-kinds.js';

/** Two small synthetic schema sets, the second one changing the first in known ways. */
const permissionRule = z.looseObject({ toolName: z.string() });

function baseSet(): SchemaSet {
  const init = z.looseObject({
    type: z.literal('system'),
    subtype: z.literal('init'),
    model: z.string(),
    mode: z.enum(['a', 'b']),
    tools: z.array(z.string()),
    stays: z.string().optional(),
  });
  const status = z.looseObject({
    type: z.literal('system'),
    subtype: z.literal('status'),
    status: z.string(),
  });
  const result = z.looseObject({
    type: z.literal('result'),
    subtype: z.enum(['success', 'error_x']),
    num: z.number(),
    reason: z.string().optional(),
  });
  const assistant = z.looseObject({
    type: z.literal('assistant'),
    message: z.looseObject({
      content: z.array(
        z.discriminatedUnion('type', [
          z.looseObject({ type: z.literal('text'), text: z.string() }),
          z.looseObject({ type: z.literal('tool_use'), id: z.string() }),
        ]),
      ),
    }),
  });
  const cliRequest = z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string(),
    request: z.discriminatedUnion('subtype', [
      z.looseObject({ subtype: z.literal('can_use_tool'), tool_name: z.string() }),
      z.looseObject({ subtype: z.literal('hook_callback'), callback_id: z.string() }),
    ]),
  });
  const clientRequest = z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string(),
    request: z.discriminatedUnion('subtype', [
      z.looseObject({ subtype: z.literal('initialize'), hooks: z.unknown().optional() }),
      z.looseObject({ subtype: z.literal('interrupt') }),
    ]),
  });
  const user = z.looseObject({ type: z.literal('user'), message: z.unknown() });
  return {
    version: '1.0.0',
    cliOutputMessage: z.discriminatedUnion('type', [
      z.discriminatedUnion('subtype', [init, status]),
      result,
      assistant,
      cliRequest,
    ]),
    clientInputMessage: z.discriminatedUnion('type', [user, clientRequest]),
    controlResponsePayloads: {
      can_use_tool: z.union([
        z.looseObject({ behavior: z.literal('allow'), updatedInput: z.record(z.string(), z.unknown()) }),
        z.looseObject({ behavior: z.literal('deny'), message: z.string() }),
      ]),
      initialize: z.looseObject({ commands: z.array(z.string()) }),
      interrupt: z.looseObject({}),
    },
    payloadRequired: new Set(['can_use_tool']),
    toolInputs: {},
    toolAnswers: {},
  };
}

function changedSet(): SchemaSet {
  const init = z.looseObject({
    type: z.literal('system'),
    subtype: z.literal('init'),
    model: z.number(),
    mode: z.enum(['a', 'b', 'c']),
    fast: z.boolean().optional(),
    stays: z.string().optional(),
  });
  const notice = z.looseObject({ type: z.literal('system'), subtype: z.literal('notice'), text: z.string() });
  const result = z.looseObject({
    type: z.literal('result'),
    subtype: z.enum(['success', 'error_x', 'error_y']),
    num: z.number().optional(),
    reason: z.string(),
  });
  const assistant = z.looseObject({
    type: z.literal('assistant'),
    message: z.looseObject({
      content: z.array(
        z.discriminatedUnion('type', [
          z.looseObject({ type: z.literal('text'), text: z.string() }),
          z.looseObject({ type: z.literal('tool_use'), id: z.string() }),
          z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
        ]),
      ),
    }),
  });
  const cliRequest = z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string(),
    request: z.discriminatedUnion('subtype', [
      z.looseObject({
        subtype: z.literal('can_use_tool'),
        tool_name: z.string(),
        suggestions: z.array(permissionRule).optional(),
      }),
      z.looseObject({ subtype: z.literal('elicitation'), message: z.string() }),
    ]),
  });
  const clientRequest = z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string(),
    request: z.discriminatedUnion('subtype', [
      z.looseObject({ subtype: z.literal('initialize'), hooks: z.unknown().optional() }),
    ]),
  });
  const user = z.looseObject({ type: z.literal('user'), message: z.unknown() });
  const keepAlive = z.looseObject({ type: z.literal('keep_alive') });
  return {
    version: '1.1.0',
    cliOutputMessage: z.discriminatedUnion('type', [
      z.discriminatedUnion('subtype', [init, notice]),
      result,
      assistant,
      cliRequest,
    ]),
    clientInputMessage: z.discriminatedUnion('type', [user, clientRequest, keepAlive]),
    controlResponsePayloads: {
      can_use_tool: z.union([
        z.looseObject({ behavior: z.literal('allow'), updatedInput: z.record(z.string(), z.unknown()) }),
        z.looseObject({ behavior: z.literal('deny'), message: z.string() }),
      ]),
      initialize: z.looseObject({ commands: z.array(z.string()), models: z.array(z.string()).optional() }),
      get_x: z.looseObject({ x: z.number() }),
    },
    payloadRequired: new Set(['can_use_tool', 'initialize']),
    toolInputs: {},
    toolAnswers: {},
  };
}

const diff = diffSchemaSets(baseSet(), changedSet());
const changesOf = (list: { kind: string; changes: unknown[] }[], kind: string) =>
  list.find((k) => k.kind === kind)?.changes;

describe('schemaKinds', () => {
  it('names kinds as the wire does: type, type/subtype, one kind per enum subtype, envelopes by their inner subtype', () => {
    expect(schemaKinds(baseSet().cliOutputMessage).map((k) => k.kind)).toEqual([
      'assistant',
      'control_request/can_use_tool',
      'control_request/hook_callback',
      'result/error_x',
      'result/success',
      'system/init',
      'system/status',
    ]);
  });

  it('gives each kind its own discriminator value, not the whole enum', () => {
    const kind = schemaKinds(baseSet().cliOutputMessage).find((k) => k.kind === 'result/error_x')!;
    expect(kind.fields.get('$.subtype')).toMatchObject({ type: '"error_x"', values: ['error_x'] });
  });

  it('splits the pinned 2.1.150 set the same way (control requests by request.subtype, stream events by event.type)', () => {
    const kinds = schemaKinds(pinned.cliOutputMessage).map((k) => k.kind);
    expect(kinds).toContain('control_request/can_use_tool');
    expect(kinds).toContain('stream_event/content_block_delta');
    expect(kinds).toContain('control_response/error');
    expect(kinds).toContain('result/error_max_turns');
    expect(kinds).not.toContain('control_request');
  });
});

describe('schemaKinds of a plain union', () => {
  it('merges two branches of one kind: a field only one declares is optional', () => {
    const union = z.union([
      z.looseObject({ type: z.literal('x'), a: z.string(), both: z.object({ c: z.string() }) }),
      z.looseObject({ type: z.literal('x'), b: z.number(), both: z.object({ c: z.string() }) }),
    ]);
    const [kind, ...rest] = schemaKinds(union);
    expect(rest).toEqual([]);
    expect(kind!.kind).toBe('x');
    expect(kind!.fields.get('$.a')).toMatchObject({ type: 'string', optional: true });
    expect(kind!.fields.get('$.b')).toMatchObject({ type: 'number', optional: true });
    expect(kind!.fields.get('$.both.c')).toMatchObject({ type: 'string', optional: false });
  });
});

describe('fieldMap', () => {
  it('marks a key only some branches of a plain union declare as optional, and merges literal values', () => {
    const map = fieldMap(baseSet().controlResponsePayloads.can_use_tool!);
    expect(map.get('$.behavior')).toMatchObject({ values: ['allow', 'deny'], optional: false });
    expect(map.get('$.message')).toMatchObject({ type: 'string', optional: true });
    expect(map.get('$.updatedInput')).toMatchObject({ type: 'record', optional: true });
  });

  it('renders nullable and optional fields', () => {
    const map = fieldMap(z.object({ a: z.string().nullable().optional(), b: z.array(z.number()) }));
    expect(map.get('$.a')).toEqual({ type: 'null | string', base: 'null | string', optional: true });
    expect(map.get('$.b[*]')).toMatchObject({ type: 'number', optional: false });
  });
});

describe('diffSchemaSets', () => {
  it('reports a message kind added and removed, with the new kind’s fields', () => {
    const out = diff.messages.cliOutput;
    expect(out.added.map((k) => k.kind)).toEqual(['result/error_y', 'system/notice']);
    expect(out.added.find((k) => k.kind === 'system/notice')!.fields).toEqual([
      { path: '.text', type: 'string', optional: false },
    ]);
    expect(out.removed.map((k) => k.kind)).toEqual(['system/status']);
  });

  it('reports a field added with its type, a field removed, a field retyped and an enum widened', () => {
    const changes = changesOf(diff.messages.cliOutput.changed, 'system/init');
    expect(changes).toEqual([
      { change: 'field-added', path: '$.fast', type: 'boolean', optional: true, nested: [] },
      { change: 'values-changed', path: '$.mode', added: ['c'], removed: [] },
      { change: 'retyped', path: '$.model', from: 'string', to: 'number' },
      {
        change: 'field-removed',
        path: '$.tools',
        type: 'array',
        optional: false,
        nested: [{ path: '[*]', type: 'string', optional: false }],
      },
    ]);
  });

  it('reports required → optional and back', () => {
    const changes = changesOf(diff.messages.cliOutput.changed, 'result/success');
    expect(changes).toEqual([
      { change: 'now-optional', path: '$.num' },
      { change: 'now-required', path: '$.reason' },
    ]);
  });

  it('reports a new branch of a nested discriminated union once, with its fields', () => {
    expect(changesOf(diff.messages.cliOutput.changed, 'assistant')).toEqual([
      {
        change: 'branch-added',
        path: '$.message.content[*]<type=thinking>',
        nested: [
          { path: '.signature', type: 'string', optional: false },
          { path: '.thinking', type: 'string', optional: false },
          { path: '.type', type: '"thinking"', optional: false },
        ],
      },
    ]);
  });

  it('lists control request subtypes added and removed per direction, apart from the message kinds', () => {
    expect(diff.controlRequests.cliOutput.added.map((k) => k.kind)).toEqual(['control_request/elicitation']);
    expect(diff.controlRequests.cliOutput.added[0]!.fields).toEqual([
      { path: '.message', type: 'string', optional: false },
    ]);
    expect(diff.controlRequests.cliOutput.removed.map((k) => k.kind)).toEqual([
      'control_request/hook_callback',
    ]);
    expect(diff.controlRequests.clientInput.removed.map((k) => k.kind)).toEqual([
      'control_request/interrupt',
    ]);
    expect(changesOf(diff.controlRequests.cliOutput.changed, 'control_request/can_use_tool')).toEqual([
      {
        change: 'field-added',
        path: '$.request.suggestions',
        type: 'array',
        optional: true,
        nested: [
          { path: '[*]', type: 'object', optional: false },
          { path: '[*].toolName', type: 'string', optional: false },
        ],
      },
    ]);
    expect(diff.messages.clientInput.added.map((k) => k.kind)).toEqual(['keep_alive']);
    expect(diff.messages.cliOutput.changed.map((k) => k.kind)).not.toContain('control_request/can_use_tool');
  });

  it('diffs the control reply payloads: subtypes added and removed, payload fields, payloads now required', () => {
    const replies = diff.controlReplies;
    expect(replies.added.map((k) => k.kind)).toEqual(['get_x']);
    expect(replies.removed.map((k) => k.kind)).toEqual(['interrupt']);
    expect(changesOf(replies.changed, 'initialize')).toEqual([
      {
        change: 'field-added',
        path: '$.models',
        type: 'array',
        optional: true,
        nested: [{ path: '[*]', type: 'string', optional: false }],
      },
    ]);
    expect(replies.unchanged).toBe(1);
    expect(replies.payloadNowRequired).toEqual(['initialize']);
    expect(replies.payloadNoLongerRequired).toEqual([]);
  });

  it('finds nothing between a set and itself', () => {
    const same = diffSchemaSets(pinned, pinned);
    for (const d of [
      same.messages.cliOutput,
      same.messages.clientInput,
      same.controlRequests.cliOutput,
      same.controlRequests.clientInput,
      same.controlReplies,
    ]) {
      expect(d.added.length + d.removed.length + d.changed.length).toBe(0);
      expect(d.unchanged).toBeGreaterThan(0);
    }
  });
});

describe('changeText', () => {
  it('reads as a release-note line', () => {
    const lines = diff.messages.cliOutput.changed.flatMap((k) =>
      k.changes.map((c) => `${k.kind}: ${changeText(c)}`),
    );
    expect(lines).toEqual([
      'assistant: new variant `$.message.content[*]<type=thinking>` — `.signature` string, `.thinking` string, `.type` "thinking"',
      'result/error_x: `$.num` is now optional (was required)',
      'result/error_x: `$.reason` is now required (was optional)',
      'result/success: `$.num` is now optional (was required)',
      'result/success: `$.reason` is now required (was optional)',
      'system/init: added `$.fast`: boolean (optional)',
      'system/init: `$.mode`: values added `"c"`',
      'system/init: `$.model` retyped: string → number',
      'system/init: removed `$.tools`: array — `[*]` string',
    ]);
  });
});
