/**
 * The type-level twin of parts-agree.test.ts, on the committed `.d.ts` files: each family's type
 * is the type of the members its unions have there (CliOutputMessage, ClientInputMessage,
 * ControlResponsePayloads), for every pinned version.
 */
import { describe, expectTypeOf, it } from 'vitest';

/** The members of union `U` whose `type` is `T`. */
type Of<U, T extends string> = Extract<U, { type: T }>;
/** The `request` of `U`'s control_request members whose `subtype` is `S`. */
type Request<U, S extends string> =
  Of<U, 'control_request'> extends { request: infer R } ? Extract<R, { subtype: S }> : never;

type Out150 = import('./2.1.150/generated/cli-output-message.js').CliOutputMessage;
type In150 = import('./2.1.150/generated/client-input-message.js').ClientInputMessage;
type Payloads150 = import('./2.1.150/generated/control-response-payloads.js').ControlResponsePayloads;
describe('schemas/2.1.150/generated/*.d.ts', () => {
  it("each family type is its unions' members there", () => {
    expectTypeOf<import('./2.1.150/generated/system.js').SystemMessage>().toEqualTypeOf<
      Of<Out150, 'system'>
    >();
    expectTypeOf<import('./2.1.150/generated/assistant.js').AssistantMessage>().toEqualTypeOf<
      Of<Out150, 'assistant'>
    >();
    expectTypeOf<import('./2.1.150/generated/user.js').UserMessage>().toEqualTypeOf<Of<Out150, 'user'>>();
    expectTypeOf<import('./2.1.150/generated/client-user.js').ClientUserMessage>().toEqualTypeOf<
      Of<In150, 'user'>
    >();
    expectTypeOf<import('./2.1.150/generated/result.js').ResultMessage>().toEqualTypeOf<
      Of<Out150, 'result'>
    >();
    expectTypeOf<import('./2.1.150/generated/stream-event.js').StreamEventMessage>().toEqualTypeOf<
      Of<Out150, 'stream_event'>
    >();
    expectTypeOf<import('./2.1.150/generated/rate-limit.js').RateLimitEvent>().toEqualTypeOf<
      Of<Out150, 'rate_limit_event'>
    >();
    expectTypeOf<import('./2.1.150/generated/keep-alive.js').KeepAlive>().toEqualTypeOf<
      Of<Out150 | In150, 'keep_alive'>
    >();
    expectTypeOf<import('./2.1.150/generated/control-request-from-cli.js').CliControlRequest>().toEqualTypeOf<
      Of<Out150, 'control_request'>
    >();
    expectTypeOf<
      import('./2.1.150/generated/control-request-from-client.js').ClientControlRequest
    >().toEqualTypeOf<Of<In150, 'control_request'>>();
    expectTypeOf<import('./2.1.150/generated/control-response.js').ControlResponse>().toEqualTypeOf<
      Of<Out150 | In150, 'control_response'>
    >();
    expectTypeOf<import('./2.1.150/generated/permission-decision.js').PermissionDecision>().toEqualTypeOf<
      NonNullable<Payloads150['can_use_tool']>
    >();
    expectTypeOf<import('./2.1.150/generated/hook-input.js').HookInput>().toEqualTypeOf<
      Request<Out150, 'hook_callback'>['input']
    >();
    expectTypeOf<import('./2.1.150/generated/mcp.js').JsonRpcMessage>().toEqualTypeOf<
      | Request<Out150 | In150, 'mcp_message'>['message']
      | NonNullable<Payloads150['mcp_message']>['mcp_response']
    >();
  });
});

type Out332 = import('./2.1.332/generated/cli-output-message.js').CliOutputMessage;
type In332 = import('./2.1.332/generated/client-input-message.js').ClientInputMessage;
type Payloads332 = import('./2.1.332/generated/control-response-payloads.js').ControlResponsePayloads;
describe('schemas/2.1.332/generated/*.d.ts', () => {
  it("each family type is its unions' members there", () => {
    expectTypeOf<import('./2.1.332/generated/system.js').SystemMessage>().toEqualTypeOf<
      Of<Out332, 'system'>
    >();
    expectTypeOf<import('./2.1.332/generated/assistant.js').AssistantMessage>().toEqualTypeOf<
      Of<Out332, 'assistant'>
    >();
    expectTypeOf<import('./2.1.332/generated/user.js').UserMessage>().toEqualTypeOf<Of<Out332, 'user'>>();
    expectTypeOf<import('./2.1.332/generated/client-user.js').ClientUserMessage>().toEqualTypeOf<
      Of<In332, 'user'>
    >();
    expectTypeOf<import('./2.1.332/generated/result.js').ResultMessage>().toEqualTypeOf<
      Of<Out332, 'result'>
    >();
    expectTypeOf<import('./2.1.332/generated/stream-event.js').StreamEventMessage>().toEqualTypeOf<
      Of<Out332, 'stream_event'>
    >();
    expectTypeOf<import('./2.1.332/generated/rate-limit.js').RateLimitEvent>().toEqualTypeOf<
      Of<Out332, 'rate_limit_event'>
    >();
    expectTypeOf<import('./2.1.332/generated/keep-alive.js').KeepAlive>().toEqualTypeOf<
      Of<Out332 | In332, 'keep_alive'>
    >();
    expectTypeOf<import('./2.1.332/generated/control-request-from-cli.js').CliControlRequest>().toEqualTypeOf<
      Of<Out332, 'control_request'>
    >();
    expectTypeOf<
      import('./2.1.332/generated/control-request-from-client.js').ClientControlRequest
    >().toEqualTypeOf<Of<In332, 'control_request'>>();
    expectTypeOf<import('./2.1.332/generated/control-response.js').ControlResponse>().toEqualTypeOf<
      Of<Out332 | In332, 'control_response'>
    >();
    expectTypeOf<import('./2.1.332/generated/permission-decision.js').PermissionDecision>().toEqualTypeOf<
      NonNullable<Payloads332['can_use_tool']>
    >();
    expectTypeOf<import('./2.1.332/generated/hook-input.js').HookInput>().toEqualTypeOf<
      Request<Out332, 'hook_callback'>['input']
    >();
    expectTypeOf<import('./2.1.332/generated/mcp.js').JsonRpcMessage>().toEqualTypeOf<
      | Request<Out332 | In332, 'mcp_message'>['message']
      | NonNullable<Payloads332['mcp_message']>['mcp_response']
    >();
  });
});
