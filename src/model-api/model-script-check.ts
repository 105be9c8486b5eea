import { readFileSync } from 'node:fs';
import { ClideError } from '../errors/index.js';
import type { ModelScript } from './model-script.js';
import { HEADER_NAME, STOP_REASONS, TOOL_USE_ID } from './model-script-rules.js';

/**
 * A model script read and checked without zod: the fake `claude` reads one on every start, and
 * building the zod schema of model-script.ts costs a one-turn session more than the rest of its
 * model script handling. `asModelScript` is a yes/no check of the same schema that also yields
 * what zod's parse yields (the same values, fields in the schema's order); only a script it
 * refuses goes to the zod schema, for its precise error. model-script-check.test.ts compares the
 * two on generated scripts.
 */

/** Reads a model script file as JSON; the errors of `loadModelScript` for a missing file or bad JSON. */
export function readModelScriptJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ClideError('io', `cannot read the model script: ${(error as Error).message}`, {
      where: path,
      cause: error,
    });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ClideError('model-script', `not valid JSON: ${(error as Error).message}`, {
      where: path,
      hint: 'a model script is one JSON object: { "version": 1, "turns": [...] }',
      cause: error,
    });
  }
}

const INVALID: unique symbol = Symbol('invalid');
type Read = (value: unknown) => unknown;

const STOP_REASON_SET: ReadonlySet<unknown> = new Set(STOP_REASONS);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const string: Read = (value) => (typeof value === 'string' ? value : INVALID);
const literal =
  (expected: unknown): Read =>
  (value) =>
    value === expected ? value : INVALID;
const oneOf =
  (values: ReadonlySet<unknown>): Read =>
  (value) =>
    values.has(value) ? value : INVALID;
const int =
  (min: number, max = Number.MAX_SAFE_INTEGER): Read =>
  (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
      ? value
      : INVALID;
const nonNegativeInt = int(0);
const nonEmptyString: Read = (value) => (typeof value === 'string' && value.length >= 1 ? value : INVALID);

/** zod's `strictObject`: every required field, no unknown one; the result has the fields in `fields` order. */
function strictObject(fields: Record<string, [Read, 'optional'?]>): Read {
  const keys = Object.keys(fields);
  return (value) => {
    if (!isObject(value)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const [read, optional] = fields[key]!;
      if (!(key in value)) {
        if (optional) continue;
        return INVALID;
      }
      const field = read(value[key]);
      if (field === INVALID) return INVALID;
      out[key] = field;
    }
    for (const key in value) if (!Object.hasOwn(fields, key)) return INVALID;
    return out;
  };
}

/** zod's `record(keys, values)`: an own `__proto__` key is left out, as zod leaves it out. */
function record(key: (name: string) => boolean, read: Read): Read {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      if (name === '__proto__') continue;
      if (!key(name)) return INVALID;
      const field = read(value[name]);
      if (field === INVALID) return INVALID;
      out[name] = field;
    }
    return out;
  };
}

function array(read: Read, minLength = 0): Read {
  return (value) => {
    if (!Array.isArray(value) || value.length < minLength) return INVALID;
    const out: unknown[] = [];
    for (const item of value) {
      const element = read(item);
      if (element === INVALID) return INVALID;
      out.push(element);
    }
    return out;
  };
}

const textBlock = strictObject({ type: [literal('text')], text: [string] });
const thinkingBlock = strictObject({
  type: [literal('thinking')],
  thinking: [string],
  signature: [string, 'optional'],
});
const toolUseBlock = strictObject({
  type: [literal('tool_use')],
  id: [(value) => (typeof value === 'string' && TOOL_USE_ID.test(value) ? value : INVALID), 'optional'],
  name: [nonEmptyString],
  input: [
    record(
      () => true,
      (value) => value,
    ),
  ],
});
const contentBlock: Read = (value) => {
  if (!isObject(value)) return INVALID;
  switch (value.type) {
    case 'text':
      return textBlock(value);
    case 'thinking':
      return thinkingBlock(value);
    case 'tool_use':
      return toolUseBlock(value);
    default:
      return INVALID;
  }
};
const usage = strictObject({
  input_tokens: [nonNegativeInt, 'optional'],
  output_tokens: [nonNegativeInt, 'optional'],
  cache_creation_input_tokens: [nonNegativeInt, 'optional'],
  cache_read_input_tokens: [nonNegativeInt, 'optional'],
});
const headers = record((name) => HEADER_NAME.test(name), string);
const replyTurn = strictObject({
  note: [string, 'optional'],
  blocks: [array(contentBlock, 1)],
  stopReason: [oneOf(STOP_REASON_SET), 'optional'],
  usage: [usage, 'optional'],
  chunkDelayMs: [nonNegativeInt, 'optional'],
  firstByteDelayMs: [nonNegativeInt, 'optional'],
  headers: [headers, 'optional'],
  whenToolOffered: [record((name) => name.length >= 1, array(contentBlock, 1)), 'optional'],
});
const errorTurn = strictObject({
  note: [string, 'optional'],
  error: [strictObject({ status: [int(400, 599)], type: [nonEmptyString], message: [string] })],
  times: [int(1), 'optional'],
  firstByteDelayMs: [nonNegativeInt, 'optional'],
  headers: [headers, 'optional'],
});
const turn: Read = (value) => {
  const reply = replyTurn(value);
  return reply === INVALID ? errorTurn(value) : reply;
};
const sideRequests = strictObject({
  detect: [oneOf(new Set(['auto', 'off'])), 'optional'],
  blocks: [array(contentBlock, 1), 'optional'],
});
const modelScript = strictObject({
  $schema: [string, 'optional'],
  version: [literal(1)],
  description: [string, 'optional'],
  turns: [array(turn)],
  sideRequests: [sideRequests, 'optional'],
});

/**
 * `value` as the model script zod's `ModelScriptSchema` parses it to, or `undefined` where that
 * schema would refuse it (then `parseModelScript` says why). For JSON values (`JSON.parse`).
 */
export function asModelScript(value: unknown): ModelScript | undefined {
  const script = modelScript(value);
  return script === INVALID ? undefined : (script as ModelScript);
}
