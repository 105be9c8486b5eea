/**
 * Type-level: our inferred wire types vs the official SDK's types
 * (@anthropic-ai/claude-agent-sdk 0.3.150 ships the client-side types of CLI 2.1.150).
 *
 * Assignable as a whole: control request envelope, can_use_tool, control response envelope,
 * permission decision, initialize response.
 * Assignable except where the SDK type is STRICTER than the wire (each pinned below, so a change
 * on either side turns this test red):
 *   - system/init `apiKeySource`: SDK says 'user'|'project'|'org'|'temporary'|'oauth'; 2.1.150
 *     writes the env var name, e.g. "ANTHROPIC_API_KEY" (observed).
 *   - assistant `message` (BetaMessage): requires `container`, `context_management`,
 *     `diagnostics`, `stop_details` and text blocks' `citations`; the wire carries them only when
 *     the API sends them (observed: none but `context_management: null`). Its `usage` (BetaUsage)
 *     requires ten fields beyond the two token counts the API always sends.
 *   - result `usage` (NonNullableUsage): requires `fallback_credit` and `output_tokens_details`,
 *     absent from every 2.1.150 result observed.
 *   - every `uuid`: the SDK types it `${string}-${string}-${string}-${string}-${string}`; the
 *     CLI's own schema and ours say string (fixtures may normalise ids).
 *   - user `message` (MessageParam): our content blocks type their inner parts loosely (image
 *     sources, citations, tool_result content items are `{type: string, ...}`), so they are wider
 *     than the SDK's precise block params; the envelope is assignable.
 * The SDK is LOOSER than the wire for the permission decision: its PermissionResult makes
 * `updatedInput` optional, the 2.1.150 CLI rejects an allow without it (ZodError, observed).
 */
import type {
  PermissionResult,
  SDKAssistantMessage,
  SDKControlInitializeResponse,
  SDKControlRequest,
  SDKControlResponse,
  SDKResultMessage,
  SDKSystemMessage,
  SDKUserMessage,
} from '@anthropic-ai/claude-agent-sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AssistantMessage,
  CanUseToolRequest,
  CliControlRequest,
  ClientUserMessage,
  ControlResponse,
  InitializeResponse,
  PermissionDecision,
  ResultMessage,
  SystemInit,
  UserMessage,
} from './index.js';

/** The declared keys of T without its `[k: string]: unknown` index signature, minus K. */
type Known<T, K extends PropertyKey = never> = {
  [P in keyof T as string extends P ? never : number extends P ? never : P extends K ? never : P]: T[P];
};
type Assignable<A, B> = [A] extends [B] ? true : false;
type RequiredKeys<T> = keyof {
  [P in keyof T as string extends P ? never : undefined extends T[P] ? never : P]: T[P];
};

type SdkCanUseTool = Extract<SDKControlRequest['request'], { subtype: 'can_use_tool' }>;
type BetaMessage = SDKAssistantMessage['message'];
type SdkResultSuccess = Extract<SDKResultMessage, { subtype: 'success' }>;
type SdkResultError = Exclude<SDKResultMessage, { subtype: 'success' }>;

describe('inferred types vs @anthropic-ai/claude-agent-sdk 0.3.150', () => {
  it('control request envelope and can_use_tool are assignable', () => {
    expectTypeOf<Assignable<CliControlRequest, SDKControlRequest>>().toEqualTypeOf<true>();
    expectTypeOf<Assignable<CanUseToolRequest, SdkCanUseTool>>().toEqualTypeOf<true>();
  });

  it('control response envelope is assignable', () => {
    expectTypeOf<Assignable<ControlResponse, SDKControlResponse>>().toEqualTypeOf<true>();
  });

  it('permission decision is assignable; the SDK is looser (updatedInput optional there, required on the wire)', () => {
    expectTypeOf<Assignable<PermissionDecision, PermissionResult>>().toEqualTypeOf<true>();
    expectTypeOf<Assignable<{ behavior: 'allow' }, PermissionResult>>().toEqualTypeOf<true>();
    expectTypeOf<Assignable<{ behavior: 'allow' }, PermissionDecision>>().toEqualTypeOf<false>();
  });

  it('initialize response is assignable', () => {
    expectTypeOf<Assignable<InitializeResponse, SDKControlInitializeResponse>>().toEqualTypeOf<true>();
  });

  it('uuid: the SDK types it as a template literal, the wire (and the CLI schema) as any string', () => {
    expectTypeOf<Assignable<string, SDKAssistantMessage['uuid']>>().toEqualTypeOf<false>();
    expectTypeOf<Assignable<AssistantMessage['uuid'], string>>().toEqualTypeOf<true>();
  });

  it('system/init is assignable except apiKeySource (and uuid), which the SDK types narrower than the wire', () => {
    expectTypeOf<
      Assignable<Known<SystemInit>, Known<SDKSystemMessage, 'apiKeySource' | 'uuid'>>
    >().toEqualTypeOf<true>();
    expectTypeOf<Assignable<'ANTHROPIC_API_KEY', SDKSystemMessage['apiKeySource']>>().toEqualTypeOf<false>();
    expectTypeOf<Assignable<'ANTHROPIC_API_KEY', SystemInit['apiKeySource']>>().toEqualTypeOf<true>();
  });

  it('assistant is assignable except the BetaMessage fields the wire does not carry', () => {
    expectTypeOf<
      Assignable<Known<AssistantMessage>, Known<SDKAssistantMessage, 'message' | 'uuid'>>
    >().toEqualTypeOf<true>();
    // Required by BetaMessage, not guaranteed on the wire: container/diagnostics/stop_details never
    // seen; context_management is null on assistant lines and absent from stream message_start.
    expectTypeOf<
      Exclude<RequiredKeys<BetaMessage>, RequiredKeys<AssistantMessage['message']>>
    >().toEqualTypeOf<'context_management' | 'container' | 'diagnostics' | 'stop_details'>();
    // Ours is looser on stop_reason (any string: the API adds reasons) and on content block internals.
    expectTypeOf<
      Assignable<BetaMessage['stop_reason'], AssistantMessage['message']['stop_reason']>
    >().toEqualTypeOf<true>();
    // API usage as relayed: only the two token counts are guaranteed (the fake API and older
    // models send no more); BetaUsage requires all of these.
    expectTypeOf<
      Exclude<RequiredKeys<BetaMessage['usage']>, RequiredKeys<AssistantMessage['message']['usage']>>
    >().toEqualTypeOf<
      | 'cache_creation_input_tokens'
      | 'cache_read_input_tokens'
      | 'cache_creation'
      | 'server_tool_use'
      | 'service_tier'
      | 'inference_geo'
      | 'iterations'
      | 'speed'
      | 'fallback_credit'
      | 'output_tokens_details'
    >();
  });

  it('result is assignable except two usage fields the wire does not carry (and uuid)', () => {
    expectTypeOf<
      Assignable<
        Known<Extract<ResultMessage, { subtype: 'success' }>>,
        Known<SdkResultSuccess, 'usage' | 'uuid'>
      >
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Assignable<
        Known<Exclude<ResultMessage, { subtype: 'success' }>>,
        Known<SdkResultError, 'usage' | 'uuid'>
      >
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Exclude<RequiredKeys<SdkResultSuccess['usage']>, RequiredKeys<ResultMessage['usage']>>
    >().toEqualTypeOf<'fallback_credit' | 'output_tokens_details'>();
  });

  it('user envelopes (CLI output and client prompt) are assignable apart from the loosely typed content blocks', () => {
    expectTypeOf<
      Assignable<Known<UserMessage>, Known<SDKUserMessage, 'message' | 'uuid'>>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Assignable<Known<ClientUserMessage>, Known<SDKUserMessage, 'message' | 'uuid' | 'parent_tool_use_id'>>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Assignable<{ role: 'user'; content: string }, UserMessage['message']>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Assignable<{ role: 'user'; content: string }, SDKUserMessage['message']>
    >().toEqualTypeOf<true>();
  });
});
