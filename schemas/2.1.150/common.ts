/**
 * Building blocks shared by several message families of CLI 2.1.150.
 *
 * Every object is a `z.looseObject`: a field the CLI adds in a later release never fails a parse;
 * the validation engine (src/validate/) reports it as an `additive` finding instead.
 * Shapes were read out of the 2.1.150 binary's own zod schemas and confirmed against live output.
 */
import { z } from 'zod';

/** The CLI types its uuids as plain strings (no format check). */
export const uuid = z.string();

export const permissionMode = z.enum([
  'default',
  'acceptEdits',
  'bypassPermissions',
  'plan',
  'dontAsk',
  'auto',
]);

/**
 * Where the API key came from. The binary's schema and the SDK type say
 * `'user' | 'project' | 'org' | 'temporary' | 'oauth'`, but 2.1.150 really writes the env var's
 * name (`"ANTHROPIC_API_KEY"`, observed) — so any string.
 */
export const apiKeySource = z.string();

export const fastModeState = z.enum(['off', 'cooldown', 'on']);

export const assistantMessageError = z.enum([
  'authentication_failed',
  'oauth_org_not_allowed',
  'billing_error',
  'rate_limit',
  'invalid_request',
  'model_not_found',
  'server_error',
  'unknown',
  'max_output_tokens',
]);

export const terminalReason = z.enum([
  'blocking_limit',
  'rapid_refill_breaker',
  'prompt_too_long',
  'image_error',
  'model_error',
  'aborted_streaming',
  'aborted_tools',
  'stop_hook_prevented',
  'hook_stopped',
  'tool_deferred',
  'max_turns',
  'completed',
]);

/** Provenance of a user-role message; absent or `human` means keyboard input. */
export const messageOrigin = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('human') }),
  z.looseObject({ kind: z.literal('channel'), server: z.string() }),
  z.looseObject({ kind: z.literal('peer'), from: z.string(), name: z.string().optional() }),
  z.looseObject({ kind: z.literal('task-notification') }),
  z.looseObject({ kind: z.literal('coordinator') }),
]);

export const permissionUpdateDestination = z.enum([
  'userSettings',
  'projectSettings',
  'localSettings',
  'session',
  'cliArg',
]);
export const permissionBehavior = z.enum(['allow', 'deny', 'ask']);
export const permissionRuleValue = z.looseObject({
  toolName: z.string(),
  ruleContent: z.string().optional(),
});

const rulesUpdate = <T extends string>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    rules: z.array(permissionRuleValue),
    behavior: permissionBehavior,
    destination: permissionUpdateDestination,
  });
const directoriesUpdate = <T extends string>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    directories: z.array(z.string()),
    destination: permissionUpdateDestination,
  });

/** A permission rule change: offered in `can_use_tool.permission_suggestions`, returned in `updatedPermissions`. */
export const permissionUpdate = z.discriminatedUnion('type', [
  rulesUpdate('addRules'),
  rulesUpdate('replaceRules'),
  rulesUpdate('removeRules'),
  z.looseObject({
    type: z.literal('setMode'),
    mode: permissionMode,
    destination: permissionUpdateDestination,
  }),
  directoriesUpdate('addDirectories'),
  directoriesUpdate('removeDirectories'),
]);

/** Per-model usage in `result.modelUsage` (camelCase, unlike the API usage object). */
export const modelUsage = z.looseObject({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadInputTokens: z.number(),
  cacheCreationInputTokens: z.number(),
  webSearchRequests: z.number(),
  costUSD: z.number(),
  contextWindow: z.number(),
  maxOutputTokens: z.number(),
});

/**
 * Anthropic API usage as the CLI relays it. The CLI's own schema types it `unknown`; the two token
 * counts are always present on the wire (the API guarantees them), everything else is optional.
 */
export const apiUsage = z.looseObject({
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_creation_input_tokens: z.number().nullable().optional(),
  cache_read_input_tokens: z.number().nullable().optional(),
  cache_creation: z
    .looseObject({ ephemeral_1h_input_tokens: z.number(), ephemeral_5m_input_tokens: z.number() })
    .nullable()
    .optional(),
  server_tool_use: z
    .looseObject({ web_search_requests: z.number(), web_fetch_requests: z.number().optional() })
    .nullable()
    .optional(),
  service_tier: z.string().nullable().optional(),
  inference_geo: z.string().nullable().optional(),
  iterations: z.array(z.unknown()).nullable().optional(),
  speed: z.string().nullable().optional(),
});

export const permissionDenial = z.looseObject({
  tool_name: z.string(),
  tool_use_id: z.string(),
  tool_input: z.record(z.string(), z.unknown()),
});

/** `uuid` + `session_id`: every observational stdout message carries both. */
export const envelopeIds = { uuid, session_id: z.string() } as const;

export const effortLevel = z.enum(['low', 'medium', 'high', 'xhigh', 'max']);
