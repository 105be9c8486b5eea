/**
 * MCP JSON-RPC 2.0 messages carried over the control channel: `mcp_message.message` (CLI → client
 * for in-process SDK servers, or client → CLI) and the client's answer in
 * `control_response.response.response.mcp_response`. Observed sequence for an SDK server:
 * `initialize` → `notifications/initialized` (no `id`; still answer it) → `tools/list` → `tools/call`.
 */
import { z } from 'zod';

export const jsonRpcId = z.union([z.string(), z.number()]);

export const jsonRpcRequest = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcId,
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const jsonRpcNotification = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const jsonRpcResultResponse = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcId,
  result: z.record(z.string(), z.unknown()),
});

export const jsonRpcErrorResponse = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcId.nullable(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
});

/** Any JSON-RPC message (`JSONRPCMessage`). Requests are tried first, then notifications, then responses. */
export const jsonRpcMessage = z.union([
  jsonRpcRequest,
  jsonRpcNotification,
  jsonRpcResultResponse,
  jsonRpcErrorResponse,
]);

/** The client's answer to an `mcp_message` control request (success payload). */
export const mcpMessageResponse = z.looseObject({ mcp_response: jsonRpcMessage });
