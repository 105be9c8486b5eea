import { describe, expect, it } from 'vitest';
import { IdBindings } from './bindings.js';
import { matchClientLine } from './handlers.js';

const json = (msg: unknown) => ({ kind: 'json' as const, msg });

describe('matching client messages', () => {
  it('binds a client-chosen request id to the recorded one, then holds it to that binding', () => {
    const ids = new IdBindings();
    const recorded = json({
      type: 'control_request',
      request_id: 'rec-1',
      request: { subtype: 'interrupt' },
    });
    const first = matchClientLine(
      recorded,
      json({ type: 'control_request', request_id: 'live-a', request: { subtype: 'interrupt' } }),
      ids,
    );
    expect(first.diffs).toEqual([]);
    expect([...first.bindings]).toEqual([['live-a', 'rec-1']]);
    for (const [live, rec] of first.bindings) ids.bind(live, rec);
    expect(ids.toLive({ response: { request_id: 'rec-1' } })).toEqual({ response: { request_id: 'live-a' } });
    const other = json({ type: 'control_request', request_id: 'rec-2', request: { subtype: 'interrupt' } });
    const again = matchClientLine(
      other,
      json({ type: 'control_request', request_id: 'live-a', request: { subtype: 'interrupt' } }),
      ids,
    );
    expect(again.diffs.map((d) => d.note)).toEqual(['the live id is bound to rec-1']);
  });

  it('matches client control requests by subtype and their significant fields only', () => {
    const ids = new IdBindings();
    const recorded = json({
      type: 'control_request',
      request_id: 'r',
      request: { subtype: 'set_permission_mode', mode: 'plan' },
    });
    const extra = json({
      type: 'control_request',
      request_id: 'x',
      request: { subtype: 'set_permission_mode', mode: 'plan', note: 'ignored' },
    });
    expect(matchClientLine(recorded, extra, ids).diffs).toEqual([]);
    const mode = json({
      type: 'control_request',
      request_id: 'x',
      request: { subtype: 'set_permission_mode', mode: 'acceptEdits' },
    });
    expect(matchClientLine(recorded, mode, ids).diffs.map((d) => d.path)).toEqual([['request', 'mode']]);
  });

  it('compares an MCP response in full, JSON-RPC result included', () => {
    const ids = new IdBindings();
    const reply = (text: string) =>
      json({
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: 'cli-1',
          response: {
            mcp_response: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text }] } },
          },
        },
      });
    expect(matchClientLine(reply('pong'), reply('pong'), ids).diffs).toEqual([]);
    expect(matchClientLine(reply('pong'), reply('ping'), ids).diffs.map((d) => d.path)).toEqual([
      ['response', 'response', 'mcp_response', 'result', 'content', 0, 'text'],
    ]);
  });

  it('ignores the bookkeeping fields of a user message but not its content or shape', () => {
    const ids = new IdBindings();
    const recorded = json({ type: 'user', message: { role: 'user', content: 'hi' } });
    const sdk = json({
      type: 'user',
      message: { role: 'user', content: 'hi' },
      parent_tool_use_id: null,
      session_id: '',
    });
    expect(matchClientLine(recorded, sdk, ids).diffs).toEqual([]);
    const noContent = json({ type: 'user', message: { role: 'user' } });
    expect(matchClientLine(recorded, noContent, ids).diffs.map((d) => d.note)).toEqual(['missing key']);
  });

  it('a non-JSON line matches only the same text', () => {
    const ids = new IdBindings();
    expect(matchClientLine({ kind: 'raw', text: 'oops' }, { kind: 'raw', text: 'oops' }, ids).diffs).toEqual(
      [],
    );
    expect(matchClientLine({ kind: 'raw', text: 'oops' }, json({ type: 'user' }), ids).diffs).toHaveLength(1);
  });
});
