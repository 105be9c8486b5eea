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
 * title), or a fixed text.
 */
export function sideReplyTurn(body: unknown, config: SideRequestsConfig | undefined): ReplyTurn {
  if (config?.blocks) return { blocks: config.blocks };
  const format = isRecord(body) && isRecord(body.output_config) ? body.output_config.format : undefined;
  if (isRecord(format) && isRecord(format.schema)) {
    return { blocks: [textBlock(JSON.stringify(sampleForSchema(format.schema, 0)))] };
  }
  return { blocks: [textBlock(DEFAULT_SIDE_TEXT)] };
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
