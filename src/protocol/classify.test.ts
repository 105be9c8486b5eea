import { describe, expect, it } from 'vitest';
import { classify, describeMessage, isControlMessage, oppositeDirection } from './classify.js';

describe('classify', () => {
  it('reads a control_request envelope', () => {
    expect(
      classify({
        type: 'control_request',
        request_id: 'r1',
        request: { subtype: 'can_use_tool', tool_name: 'Write' },
      }),
    ).toEqual({
      type: 'control_request',
      kind: 'control_request',
      requestId: 'r1',
      controlSubtype: 'can_use_tool',
    });
  });

  it('reads the request id and success/error subtype inside a control_response', () => {
    expect(
      classify({ type: 'control_response', response: { subtype: 'error', request_id: 'r2', error: 'no' } }),
    ).toEqual({
      type: 'control_response',
      kind: 'control_response',
      requestId: 'r2',
      controlSubtype: 'error',
    });
  });

  it('reads a control_cancel_request', () => {
    expect(classify({ type: 'control_cancel_request', request_id: 'r3' })).toEqual({
      type: 'control_cancel_request',
      kind: 'control_cancel_request',
      requestId: 'r3',
    });
  });

  it('classifies other typed messages as stream, with subtype and stream event type', () => {
    expect(classify({ type: 'system', subtype: 'init', session_id: 's' })).toEqual({
      type: 'system',
      subtype: 'init',
      kind: 'stream',
    });
    expect(classify({ type: 'stream_event', event: { type: 'content_block_delta' } })).toEqual({
      type: 'stream_event',
      kind: 'stream',
      eventType: 'content_block_delta',
    });
    // An assistant message carries the API request id as `request_id`: not a control id.
    expect(classify({ type: 'assistant', request_id: 'req_011C', message: {} })).toEqual({
      type: 'assistant',
      kind: 'stream',
    });
  });

  it('never throws on junk and calls it unknown', () => {
    for (const junk of [null, undefined, 42, 'x', [], [{ type: 'user' }], {}, { type: 7 }]) {
      expect(classify(junk)).toEqual({ type: undefined, kind: 'unknown' });
    }
  });

  it('tolerates malformed control envelopes', () => {
    expect(classify({ type: 'control_request', request_id: 5, request: 'nope' })).toEqual({
      type: 'control_request',
      kind: 'control_request',
    });
    expect(classify({ type: 'control_response', response: null })).toEqual({
      type: 'control_response',
      kind: 'control_response',
    });
  });
});

describe('describeMessage', () => {
  it('gives short stable labels', () => {
    expect(
      describeMessage({ type: 'control_request', request_id: 'a', request: { subtype: 'can_use_tool' } }),
    ).toBe('control_request/can_use_tool');
    expect(
      describeMessage({ type: 'control_response', response: { subtype: 'success', request_id: 'a' } }),
    ).toBe('control_response/success');
    expect(describeMessage({ type: 'control_cancel_request', request_id: 'a' })).toBe(
      'control_cancel_request',
    );
    expect(describeMessage({ type: 'system', subtype: 'init' })).toBe('system/init');
    expect(describeMessage({ type: 'assistant', message: {} })).toBe('assistant');
    expect(describeMessage({ type: 'result', subtype: 'success' })).toBe('result/success');
    expect(describeMessage({ type: 'stream_event', event: { type: 'content_block_delta' } })).toBe(
      'stream_event/content_block_delta',
    );
    expect(describeMessage({ foo: 1 })).toBe('(no type)');
    expect(describeMessage('text')).toBe('(not an object)');
  });
});

describe('helpers', () => {
  it('knows the control envelopes and the opposite direction', () => {
    expect(isControlMessage({ type: 'control_cancel_request', request_id: 'x' })).toBe(true);
    expect(isControlMessage({ type: 'user' })).toBe(false);
    expect(oppositeDirection('from-cli')).toBe('to-cli');
    expect(oppositeDirection('to-cli')).toBe('from-cli');
  });
});
