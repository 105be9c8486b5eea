import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { ModelScriptSchema } from './model-script.js';
import { asModelScript, readModelScriptJson } from './model-script-check.js';

/** Same outcome as the zod schema: refused by both, or the same parse (values and field order). */
function expectAsZod(value: unknown): boolean {
  const reference = ModelScriptSchema.safeParse(value);
  const fast = asModelScript(value);
  if (!reference.success) {
    expect(fast, JSON.stringify(value)).toBeUndefined();
    return false;
  }
  expect(fast, JSON.stringify(value)).toBeDefined();
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference.data));
  expect(fast).toEqual(reference.data);
  return true;
}

// Pieces of model scripts, right and wrong, so that generated values are near the schema's edges.
const smallInt = fc.constantFrom(0, 1, 3, 399, 400, 599, 600, -1, -0, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER);
const text = fc.oneof(fc.constantFrom('', 'a', 'toolu_1', 'bad id', 'x-y_Z9'), fc.string({ maxLength: 4 }));
const anything: fc.Arbitrary<unknown> = fc.oneof(
  smallInt,
  text,
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);
const headerName = fc.constantFrom('x-should-retry', 'retry-after', 'Bad Header', '', '1', '__PROTO__');
/** An object from `entries`, with some fields dropped or added (an own `__proto__` through `__PROTO__`). */
function objectOf(entries: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc
    .record(
      Object.fromEntries(
        Object.entries(entries).map(([k, arb]) => [k, fc.option(arb, { nil: undefined, freq: 3 })]),
      ) as Record<string, fc.Arbitrary<unknown>>,
    )
    .chain((base) =>
      fc
        .option(fc.tuple(fc.constantFrom('extra', '__PROTO__', 'constructor', 'type'), anything), {
          nil: undefined,
          freq: 4,
        })
        .map((extra) => {
          const out: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(base)) if (v !== undefined) out[k] = v;
          if (extra) out[extra[0]] = extra[1];
          return out;
        }),
    );
}
const block = fc.oneof(
  objectOf({ type: fc.constantFrom('text', 'thinking', 'tool_use', 'image'), text }),
  objectOf({ type: fc.constant('thinking'), thinking: text, signature: fc.oneof(text, smallInt) }),
  objectOf({
    type: fc.constant('tool_use'),
    id: text,
    name: text,
    input: fc.oneof(
      fc.dictionary(fc.constantFrom('a', 'b', '__PROTO__', '1', 'constructor'), anything, { maxKeys: 3 }),
      anything,
    ),
  }),
  anything,
);
const headers = fc.oneof(fc.dictionary(headerName, fc.oneof(text, smallInt), { maxKeys: 3 }), anything);
const turnArb = fc.oneof(
  objectOf({
    note: text,
    blocks: fc.array(block, { maxLength: 3 }),
    stopReason: fc.constantFrom('end_turn', 'tool_use', 'refusal', 'nope'),
    usage: fc.oneof(
      objectOf({ input_tokens: smallInt, output_tokens: smallInt, cache_read_input_tokens: smallInt }),
      anything,
    ),
    chunkDelayMs: smallInt,
    firstByteDelayMs: smallInt,
    headers,
    whenToolOffered: fc.oneof(
      fc.dictionary(fc.constantFrom('', 'SubagentHandback', '__PROTO__'), fc.array(block, { maxLength: 2 }), {
        maxKeys: 2,
      }),
      anything,
    ),
  }),
  objectOf({
    note: text,
    error: fc.oneof(objectOf({ status: smallInt, type: text, message: text }), anything),
    times: smallInt,
    firstByteDelayMs: smallInt,
    headers,
  }),
  anything,
);
const script = objectOf({
  $schema: text,
  version: fc.constantFrom(1, 2, '1'),
  description: text,
  turns: fc.oneof(fc.array(turnArb, { maxLength: 3 }), anything),
  sideRequests: fc.oneof(
    objectOf({ detect: fc.constantFrom('auto', 'off', 'on'), blocks: fc.array(block, { maxLength: 2 }) }),
    anything,
  ),
});
/** As `JSON.parse` gives it (the check's domain): `__PROTO__` becomes an own `__proto__` key. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"__PROTO__"', '"__proto__"'));

// A valid script in every field, to show that the check takes what zod takes (not only refuses).
const validBlocks = fc.array(
  fc.oneof(
    fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 5 }) }),
    fc.record(
      { type: fc.constant('thinking'), thinking: fc.string(), signature: fc.string() },
      { requiredKeys: ['type', 'thinking'] },
    ),
    fc.record(
      {
        input: fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
        name: fc.string({ minLength: 1, maxLength: 4 }),
        type: fc.constant('tool_use'),
        id: fc.stringMatching(/^[a-z0-9_-]{1,6}$/),
      },
      { requiredKeys: ['type', 'name', 'input'] },
    ),
  ),
  { minLength: 1, maxLength: 3 },
);
const validScript = fc.record(
  {
    version: fc.constant(1),
    description: fc.string({ maxLength: 5 }),
    turns: fc.array(
      fc.oneof(
        fc.record(
          {
            blocks: validBlocks,
            whenToolOffered: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), validBlocks, {
              maxKeys: 2,
            }),
            usage: fc.record({ output_tokens: fc.nat(), input_tokens: fc.nat() }, { requiredKeys: [] }),
            stopReason: fc.constantFrom('end_turn', 'tool_use', 'max_tokens'),
            headers: fc.dictionary(fc.stringMatching(/^[a-z-]{1,8}$/), fc.string({ maxLength: 3 })),
            chunkDelayMs: fc.nat(5),
          },
          { requiredKeys: ['blocks'] },
        ),
        fc.record(
          {
            error: fc.record({
              message: fc.string(),
              type: fc.string({ minLength: 1 }),
              status: fc.constantFrom(400, 429, 529, 599),
            }),
            times: fc.constantFrom(1, 2),
          },
          { requiredKeys: ['error'] },
        ),
      ),
      { maxLength: 4 },
    ),
  },
  { requiredKeys: ['version', 'turns'] },
);

/** Every object and array inside `value`, with the key that holds it (for the mutations below). */
function nodes(value: unknown, out: Array<Record<string, unknown> | unknown[]> = []) {
  if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const child of Object.values(value)) nodes(child, out);
  }
  return out;
}
const edge = fc.oneof(smallInt, text, fc.constantFrom(null, true, [], {}, 'end_turn', 'text', 'tool_use', 1));
/** A valid script with one change somewhere: a value replaced, a field dropped, one added. */
const nearlyValid = fc
  .tuple(validScript, fc.nat(), fc.nat(), edge, fc.constantFrom('replace', 'nudge', 'drop', 'add', 'proto'))
  .map(([valid, at, pick, value, kind]) => {
    const copy = JSON.parse(JSON.stringify(valid)) as unknown;
    const all = nodes(copy);
    const node = all[at % all.length]!;
    const keys = Object.keys(node);
    const key = keys.length > 0 ? keys[pick % keys.length]! : '0';
    const record = node as Record<string, unknown>;
    if (kind === 'replace') record[key] = value;
    else if (kind === 'nudge') {
      // A number just past a bound (0, 1, 400, 599, an integer), a string one character shorter.
      const current = record[key];
      if (typeof current === 'number') record[key] = current + [-1, 1, 0.5][pick % 3]!;
      else if (typeof current === 'string') record[key] = current.slice(1);
      else record[key] = value;
    } else if (kind === 'drop') {
      if (Array.isArray(node)) node.splice(Number(key), 1);
      else delete node[key];
    } else if (kind === 'add' && !Array.isArray(node))
      node[['extra', 'note', 'signature', 'id'][pick % 4]!] = value;
    else if (!Array.isArray(node)) node.__PROTO__ = value;
    return copy;
  });

describe('asModelScript (the model script without zod)', () => {
  test.prop([nearlyValid], { numRuns: 4000 })(
    'on a valid script with one change anywhere: refused as zod refuses it, or parsed as zod parses it',
    (value) => {
      expectAsZod(asJson(value));
    },
  );

  test.prop([script], { numRuns: 4000 })(
    'refuses what the zod schema refuses, and parses the rest as zod does',
    (value) => {
      expectAsZod(asJson(value));
    },
  );

  test.prop([validScript], { numRuns: 500 })(
    'takes every valid script, as zod parses it (fields in its order)',
    (value) => {
      expect(expectAsZod(asJson(value))).toBe(true);
    },
  );

  it('parses a tool_use input with an own __proto__ key as zod does (left out)', () => {
    const value = JSON.parse(
      '{"version":1,"turns":[{"blocks":[{"type":"tool_use","name":"Bash","input":{"__proto__":{"x":1},"command":"ls"}}]}]}',
    );
    expect(expectAsZod(value)).toBe(true);
    const input = (asModelScript(value)!.turns[0] as { blocks: Array<{ input: object }> }).blocks[0]!.input;
    expect(Object.keys(input)).toEqual(['command']);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  });
});

describe('readModelScriptJson', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clide-model-script-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file of a missing script and of one that is not JSON', () => {
    expect(() => readModelScriptJson(join(dir, 'nope.json'))).toThrow(/cannot read the model script/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "version": 1,');
    expect(() => readModelScriptJson(broken)).toThrow(/not valid JSON/);
  });
});
