import * as z from 'zod/mini';
import { ClideError } from '../errors/index.js';
import { formatPath, type JsonPath } from '../findings/index.js';
import '../util/zod-english.js';
import { readModelScriptJson } from './model-script-check.js';
import { HEADER_NAME, STOP_REASONS, TOOL_USE_ID } from './model-script-rules.js';

/**
 * The model script: what the scripted Messages API answers, turn by turn. It describes the MODEL
 * only (content blocks, stop reasons, usage, delays, errors) so the real CLI (through
 * `startModelApi`) and the fake `claude` can play the same file. Format: docs/model-script.md.
 */

/* Written with `zod/mini` (messages: src/util/zod-english.ts): the fake `claude` loads a model script on every start. */

const nonNegativeInt = z.int().check(z.nonnegative());

export const TextBlockSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
});

export const ThinkingBlockSchema = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  /** Sent as a `signature_delta`; the CLI sends it back on the next request. Defaults to a fixed string. */
  signature: z.optional(z.string()),
});

export const ToolUseBlockSchema = z.strictObject({
  type: z.literal('tool_use'),
  /** Generated deterministically (`toolu_clide_<turn>_<block>`, both 1-based) when omitted. */
  id: z.optional(
    z.string().check(z.regex(TOOL_USE_ID, 'a tool_use id may only contain letters, digits, "_" and "-"')),
  ),
  name: z.string().check(z.minLength(1)),
  input: z.record(z.string(), z.unknown()),
});

export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextBlockSchema,
  ThinkingBlockSchema,
  ToolUseBlockSchema,
]);

export { STOP_REASONS };

export const UsageSchema = z.strictObject({
  input_tokens: z.optional(nonNegativeInt),
  output_tokens: z.optional(nonNegativeInt),
  cache_creation_input_tokens: z.optional(nonNegativeInt),
  cache_read_input_tokens: z.optional(nonNegativeInt),
});

const HeadersSchema = z.record(z.string().check(z.regex(HEADER_NAME, 'not a valid header name')), z.string());

export const ReplyTurnSchema = z.strictObject({
  /** Free text for the script's reader; ignored by the server. */
  note: z.optional(z.string()),
  blocks: z.array(ContentBlockSchema).check(z.minLength(1, 'a reply turn needs at least one block')),
  /** Derived by default: `tool_use` when a block is a tool_use, else `end_turn`. */
  stopReason: z.optional(z.enum(STOP_REASONS)),
  usage: z.optional(UsageSchema),
  /** Pause between two SSE events of this turn (streaming only). */
  chunkDelayMs: z.optional(nonNegativeInt),
  /** Pause before the response status line is sent. */
  firstByteDelayMs: z.optional(nonNegativeInt),
  /** Extra response headers, e.g. `anthropic-ratelimit-unified-status`. */
  headers: z.optional(HeadersSchema),
  /**
   * Blocks answered instead of `blocks` when the request offers a tool of that name (the first
   * entry whose tool is offered): a model uses a tool it is told to use, e.g. a subagent in auto
   * mode, which delivers its report through `SubagentHandback`.
   */
  whenToolOffered: z.optional(
    z.record(
      z.string().check(z.minLength(1)),
      z.array(ContentBlockSchema).check(z.minLength(1, 'a reply needs at least one block')),
    ),
  ),
});

export const ErrorTurnSchema = z.strictObject({
  note: z.optional(z.string()),
  error: z.strictObject({
    status: z.int().check(z.minimum(400), z.maximum(599)),
    /** The Anthropic error type, e.g. `overloaded_error`, `invalid_request_error`, `api_error`. */
    type: z.string().check(z.minLength(1)),
    message: z.string(),
  }),
  /** The error is answered to this many consecutive conversation requests (default 1). */
  times: z.optional(z.int().check(z.minimum(1))),
  firstByteDelayMs: z.optional(nonNegativeInt),
  /** Extra response headers, e.g. `retry-after` or `x-should-retry`. */
  headers: z.optional(HeadersSchema),
});

export const TurnSchema = z.union([ReplyTurnSchema, ErrorTurnSchema]);

export const SideRequestsSchema = z.strictObject({
  /**
   * `auto` (default): requests recognised as side requests (see docs/model-script.md) get the side
   * reply and do not consume a turn. `off`: every `POST /v1/messages` consumes a turn.
   */
  detect: z.optional(z.enum(['auto', 'off'])),
  /** The answer to side requests; by default a text block, or JSON matching a requested output format. */
  blocks: z.optional(z.array(ContentBlockSchema).check(z.minLength(1))),
});

export const ModelScriptSchema = z.strictObject({
  $schema: z.optional(z.string()),
  version: z.literal(1),
  description: z.optional(z.string()),
  turns: z.array(TurnSchema),
  sideRequests: z.optional(SideRequestsSchema),
});

export type TextBlock = z.infer<typeof TextBlockSchema>;
export type ThinkingBlock = z.infer<typeof ThinkingBlockSchema>;
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>;
export type ScriptBlock = z.infer<typeof ContentBlockSchema>;
export type StopReason = (typeof STOP_REASONS)[number];
export type ScriptUsage = z.infer<typeof UsageSchema>;
export type ReplyTurn = z.infer<typeof ReplyTurnSchema>;
export type ErrorTurn = z.infer<typeof ErrorTurnSchema>;
export type ScriptTurn = z.infer<typeof TurnSchema>;
export type SideRequestsConfig = z.infer<typeof SideRequestsSchema>;
export type ModelScript = z.infer<typeof ModelScriptSchema>;

export function isErrorTurn(turn: ScriptTurn): turn is ErrorTurn {
  return 'error' in turn;
}

/** One precise problem in a model script: where (JSON path) and what is wrong. */
export interface ModelScriptIssue {
  path: JsonPath;
  message: string;
}

/**
 * Validates an already-parsed value as a model script. Throws a `ClideError` (`model-script`)
 * naming `source`, the JSON path of every problem and what is wrong there.
 */
export function parseModelScript(value: unknown, source = '<model script>'): ModelScript {
  const result = ModelScriptSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = explainIssues(result.error.issues as readonly RawIssue[]);
  const lines = issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  throw new ClideError(
    'model-script',
    issues.length === 1 ? lines[0]! : `${issues.length} problems:\n  ${lines.join('\n  ')}`,
    { where: source, hint: 'see docs/model-script.md for the model script format' },
  );
}

/** Reads and validates a model script file (JSON). Errors name the file, the JSON path and the problem. */
export function loadModelScript(path: string): ModelScript {
  return parseModelScript(readModelScriptJson(path), path);
}

/** Collects the problems of a script without throwing (for tools that list them all). */
export function checkModelScript(value: unknown): ModelScriptIssue[] {
  const result = ModelScriptSchema.safeParse(value);
  return result.success ? [] : explainIssues(result.error.issues as readonly RawIssue[]);
}

// ---------------------------------------------------------------------------------------------

interface RawIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: RawIssue[][];
}

/**
 * Turns zod issues into precise ones. A turn is a union (reply or error): instead of zod's bare
 * "Invalid input", the branch the author evidently meant (the one whose problems lie deepest) is
 * reported.
 */
function explainIssues(issues: readonly RawIssue[], prefix: JsonPath = []): ModelScriptIssue[] {
  const out: ModelScriptIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))];
    if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
      const branch = pickBranch(issue.errors);
      const lacksKind = branch.some(
        (inner) =>
          inner.path.length === 1 &&
          (inner.path[0] === 'blocks' || inner.path[0] === 'error') &&
          inner.message.endsWith('received undefined'),
      );
      if (lacksKind && path.at(-2) === 'turns') {
        // Neither shape was recognisable (e.g. `{}`): say what a turn is.
        out.push({
          path,
          message: 'expected a reply turn {"blocks": [...]} or an error turn {"error": {...}}',
        });
        continue;
      }
      if (branch.length > 0) {
        out.push(...explainIssues(branch, path));
        continue;
      }
    }
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      out.push({
        path,
        message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
      });
      continue;
    }
    out.push({ path, message: humanMessage(issue.message) });
  }
  return out;
}

function humanMessage(message: string): string {
  const missing = /^Invalid input: expected (.+), received undefined$/.exec(message);
  if (missing) return `required field is missing (expected ${missing[1]})`;
  return message;
}

function pickBranch(branches: RawIssue[][]): RawIssue[] {
  let best: RawIssue[] = [];
  let bestDepth = -1;
  for (const branch of branches) {
    // A branch that only fails on fields it does not know was not the one the author meant.
    const onlyUnknown = branch.every((issue) => issue.code === 'unrecognized_keys');
    const depth = Math.max(
      ...branch.map((issue) => issue.path.length + (issue.code === 'unrecognized_keys' ? 0 : 0.5)),
    );
    const score = onlyUnknown ? depth - 100 : depth;
    if (score > bestDepth || (score === bestDepth && branch.length < best.length)) {
      best = branch;
      bestDepth = score;
    }
  }
  return best;
}
