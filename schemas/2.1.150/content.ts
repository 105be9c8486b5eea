/**
 * Anthropic Messages API shapes the CLI relays verbatim: content blocks of `assistant` messages,
 * content of `user` messages, and the message object itself. Only the fields every block of a kind
 * carries are required; a block `type` the API adds later is reported as unknown (additive).
 */
import { z } from 'zod';
import { apiUsage } from './common.js';

const citation = z.looseObject({ type: z.string() });

export const textBlock = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  citations: z.array(citation).nullable().optional(),
});
export const thinkingBlock = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});
export const redactedThinkingBlock = z.looseObject({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});
export const toolUseBlock = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
export const serverToolUseBlock = z.looseObject({
  type: z.literal('server_tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
const serverToolResult = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), tool_use_id: z.string(), content: z.unknown() });
export const mcpToolUseBlock = z.looseObject({
  type: z.literal('mcp_tool_use'),
  id: z.string(),
  name: z.string(),
  server_name: z.string(),
  input: z.unknown(),
});
export const mcpToolResultBlock = z.looseObject({
  type: z.literal('mcp_tool_result'),
  tool_use_id: z.string(),
  content: z.unknown(),
  is_error: z.boolean().optional(),
});
export const containerUploadBlock = z.looseObject({
  type: z.literal('container_upload'),
  file_id: z.string(),
});
export const compactionBlock = z.looseObject({ type: z.literal('compaction'), content: z.unknown() });

/** Every content block kind an assistant message may carry (Anthropic beta API, SDK 0.3.150 era). */
export const assistantContentBlock = z.discriminatedUnion('type', [
  textBlock,
  thinkingBlock,
  redactedThinkingBlock,
  toolUseBlock,
  serverToolUseBlock,
  serverToolResult('web_search_tool_result'),
  serverToolResult('web_fetch_tool_result'),
  serverToolResult('advisor_tool_result'),
  serverToolResult('code_execution_tool_result'),
  serverToolResult('bash_code_execution_tool_result'),
  serverToolResult('text_editor_code_execution_tool_result'),
  serverToolResult('tool_search_tool_result'),
  mcpToolUseBlock,
  mcpToolResultBlock,
  containerUploadBlock,
  compactionBlock,
  z.looseObject({ type: z.literal('fallback') }),
  z.looseObject({ type: z.literal('mcp_tool_listing') }),
]);

/** The Anthropic message object inside an `assistant` line (`BetaMessage`). */
export const anthropicMessage = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string(),
  content: z.array(assistantContentBlock),
  stop_reason: z.string().nullable(),
  stop_sequence: z.string().nullable(),
  usage: apiUsage,
  container: z.unknown().optional(),
  context_management: z.unknown().optional(),
});

// ---- user-side content (MessageParam) ------------------------------------------------------

/** Where an image's or a document's bytes come from (the Messages API's source objects). */
const base64Source = z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() });
const urlSource = z.looseObject({ type: z.literal('url'), url: z.string() });
const fileSource = z.looseObject({ type: z.literal('file'), file_id: z.string() });
const plainTextSource = z.looseObject({ type: z.literal('text'), media_type: z.string(), data: z.string() });
const contentSource = z.looseObject({
  type: z.literal('content'),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
});

export const imageBlockParam = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [base64Source, urlSource, fileSource]),
});
export const documentBlockParam = z.looseObject({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [base64Source, plainTextSource, contentSource, urlSource, fileSource]),
  title: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  citations: z.looseObject({ enabled: z.boolean().optional() }).nullable().optional(),
});
export const searchResultBlockParam = z.looseObject({
  type: z.literal('search_result'),
  source: z.string(),
  title: z.string(),
  content: z.array(textBlock),
});

/** Blocks inside a `tool_result.content` array (MCP tools return text/image blocks, observed). */
export const toolResultContentBlock = z.discriminatedUnion('type', [
  textBlock,
  imageBlockParam,
  documentBlockParam,
  searchResultBlockParam,
  z.looseObject({ type: z.literal('tool_reference'), tool_name: z.string() }),
]);

export const toolResultBlockParam = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(toolResultContentBlock)]).optional(),
  is_error: z.boolean().optional(),
});

/** Content blocks a user-role message carries (prompts, tool results, injected context). */
export const userContentBlock = z.discriminatedUnion('type', [
  textBlock,
  imageBlockParam,
  documentBlockParam,
  toolResultBlockParam,
  searchResultBlockParam,
  thinkingBlock,
  redactedThinkingBlock,
  toolUseBlock,
]);

/** `MessageParam` with role `user`: a plain string or an array of blocks. */
export const userMessageParam = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(userContentBlock)]),
});
