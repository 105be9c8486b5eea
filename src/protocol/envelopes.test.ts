import { describe, expect, it } from 'vitest';
import { classify } from './classify.js';
import {
  controlCancel,
  controlError,
  controlRequest,
  controlSuccess,
  newRequestId,
  userMessage,
} from './envelopes.js';
import { encodeLine } from './jsonl-framer.js';

describe('envelopes', () => {
  it('builds a control_request the classifier reads back', () => {
    const m = controlRequest('r-1', { subtype: 'initialize', hooks: {} });
    expect(m).toEqual({
      type: 'control_request',
      request_id: 'r-1',
      request: { subtype: 'initialize', hooks: {} },
    });
    expect(classify(m)).toMatchObject({
      kind: 'control_request',
      requestId: 'r-1',
      controlSubtype: 'initialize',
    });
  });

  it('builds success responses with and without payload, omitting the key when absent', () => {
    expect(controlSuccess('r-2', { behavior: 'deny', message: 'no' })).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'r-2', response: { behavior: 'deny', message: 'no' } },
    });
    const bare = controlSuccess('r-3');
    expect(bare).toEqual({ type: 'control_response', response: { subtype: 'success', request_id: 'r-3' } });
    // Byte-identical to what 2.1.150 itself writes for an interrupt.
    expect(encodeLine(bare)).toBe(
      '{"type":"control_response","response":{"subtype":"success","request_id":"r-3"}}\n',
    );
  });

  it('builds error responses like the CLI does', () => {
    expect(encodeLine(controlError('bogus-1', 'Unsupported control request subtype: x'))).toBe(
      '{"type":"control_response","response":{"subtype":"error","request_id":"bogus-1","error":"Unsupported control request subtype: x"}}\n',
    );
  });

  it('builds a cancel', () => {
    expect(controlCancel('r-4')).toEqual({ type: 'control_cancel_request', request_id: 'r-4' });
  });

  it('builds the minimal user message, extra fields after it', () => {
    expect(encodeLine(userMessage('hello'))).toBe(
      '{"type":"user","message":{"role":"user","content":"hello"}}\n',
    );
    const m = userMessage([{ type: 'text', text: 'hi' }], { session_id: '', parent_tool_use_id: null });
    expect(encodeLine(m)).toBe(
      '{"type":"user","message":{"role":"user","content":[{"type":"text","text":"hi"}]},"session_id":"","parent_tool_use_id":null}\n',
    );
  });

  it('keeps the envelope valid whatever extra says', () => {
    expect(userMessage('x', { type: 'assistant', message: 'oops', uuid: 'u' })).toEqual({
      type: 'user',
      message: { role: 'user', content: 'x' },
      uuid: 'u',
    });
  });

  it('makes distinct UUID request ids', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newRequestId()));
    expect(ids.size).toBe(100);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
