import { isRecord } from '../util/json.js';
import type { ReplyTurn, ScriptBlock, SideRequestsConfig } from './model-script.js';

/**
 * Side requests are model calls the CLI makes besides the conversation: a session title
 * (`generate_session_title`, structured JSON output), a model-validation probe (`max_tokens: 1`),
 * and other small helper queries. They must not eat the script's turns.
 *
 * Observed on 2.1.150 (docs/model-script.md, "Side requests"): conversation requests carry a
 * non-empty `tools` list (main loop and subagents), and the main loop carries `thinking` and
 * `context_management` even under `--tools ""`; the session-title query has `tools: []`, no
 * `thinking` and asks for `output_config.format`. Later helper queries may think: the auto-mode
 * security classifier of 2.1.270 has `thinking` but no tools and no `context_management`.
 *
 * A subagent's requests are conversation requests on every release: they offer the subagent's
 * tools (and, from the 2.1.2xx releases on, carry `thinking` and `context_management` as the main
 * loop's do). What marks them as a subagent's is `cc_is_subagent=true` in the billing header of
 * their system prompt (not on 2.1.150), which the classification does not need.
 */

export type RequestClass = { kind: 'conversation' } | { kind: 'side'; reason: string };

export function classifyMessagesRequest(body: unknown, config: SideRequestsConfig | undefined): RequestClass {
  if ((config?.detect ?? 'auto') === 'off') return { kind: 'conversation' };
  if (!isRecord(body)) return { kind: 'conversation' };
  if (typeof body.max_tokens === 'number' && body.max_tokens <= 1) {
    return { kind: 'side', reason: 'probe (max_tokens <= 1)' };
  }
  const outputConfig = body.output_config;
  if (isRecord(outputConfig) && outputConfig.format !== undefined) {
    return { kind: 'side', reason: 'structured output (output_config.format)' };
  }
  const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
  if (!hasTools && body.context_management === undefined) {
    return { kind: 'side', reason: 'helper query (no tools, no context_management)' };
  }
  return { kind: 'conversation' };
}

export const DEFAULT_SIDE_TEXT = 'clide-conformance side reply';

/**
 * The reply turn for a side request: the script's `sideRequests.blocks` when given; otherwise JSON
 * satisfying the requested `output_config.format` JSON schema (so e.g. a title request gets a
 * title), the allowing verdict the auto-mode classifier asks for, or a fixed text.
 */
export function sideReplyTurn(body: unknown, config: SideRequestsConfig | undefined): ReplyTurn {
  if (config?.blocks) return { blocks: config.blocks };
  const format = isRecord(body) && isRecord(body.output_config) ? body.output_config.format : undefined;
  if (isRecord(format) && isRecord(format.schema)) {
    return { blocks: [textBlock(JSON.stringify(sampleForSchema(format.schema, 0)))] };
  }
  const verdict = classifierVerdict(body);
  if (verdict !== undefined) return { blocks: [textBlock(verdict)] };
  return { blocks: [textBlock(DEFAULT_SIDE_TEXT)] };
}

/** The verdict formats of the auto-mode classifier: its instruction names one, the reply allows. */
const SEVERITY_FORMAT = '<severity>N</severity>';
const SEVERITY_ALLOW = '<severity>0</severity>';
const BLOCK_ALLOW = '<block>no</block>';
const BLOCK_FORMAT_ASKED = 'MUST begin with <block>';

/**
 * The allowing verdict for a request of the auto-mode classifier ("You are a security monitor for
 * autonomous AI coding agents"), in the format its instruction asks for; `undefined` for any other
 * request. The CLI asks it before an action that needs its check (in auto mode, the default of the
 * 2.1.285–2.1.30x releases; in plan mode from 2.1.218), in two stages (`max_tokens` 64, then 8192
 * with room to think). The format: `<severity>N</severity>` (0–100, below 50 allows; 2.1.240 on) or
 * `<block>no</block>` / `<block>yes</block>…` (2.1.219). A reply in neither format is no verdict: the
 * CLI asks again, five times a stage, then blocks the action ("Auto mode could not evaluate this
 * action", `automode-parsing-error`), which no real classifier does to the harmless actions of a
 * scenario. The system prompt's output format decides, else the last message's instruction (the
 * transcript it quotes comes before that instruction, and the system prompt quotes nothing).
 */
export function classifierVerdict(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.messages)) return undefined;
  const last = body.messages.at(-1);
  for (const text of [textOf(body.system), isRecord(last) ? textOf(last.content) : '']) {
    if (text.includes(SEVERITY_FORMAT)) return SEVERITY_ALLOW;
    if (text.includes(BLOCK_ALLOW) || text.includes(BLOCK_FORMAT_ASKED)) return BLOCK_ALLOW;
  }
  return undefined;
}

/** The text of a string or of the text blocks of a content array (a system prompt, a message's content). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (isRecord(block) && typeof block.text === 'string' ? block.text : ''))
    .join('\n');
}

function textBlock(text: string): ScriptBlock {
  return { type: 'text', text };
}

/** A small value that satisfies common JSON schemas (objects, arrays, strings, numbers, enums). */
export function sampleForSchema(schema: unknown, depth: number): unknown {
  if (!isRecord(schema) || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives) && alternatives.length > 0)
    return sampleForSchema(alternatives[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = isRecord(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : Object.keys(properties);
      for (const key of required) {
        if (typeof key === 'string') out[key] = sampleForSchema(properties[key] ?? {}, depth + 1);
      }
      return out;
    }
    case 'array':
      return [];
    case 'string':
      return DEFAULT_SIDE_TEXT;
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return DEFAULT_SIDE_TEXT;
  }
}
