import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ID_KEYS,
  IdPlaceholders,
  idsInText,
  learnIds,
  looksLikeId,
  normalizeIds,
  normalizeIdsInAll,
  restoreIds,
} from './ids.js';
import { framesFromText } from './jsonl-framer.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ANY_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function realSession(): unknown[] {
  const text = readFileSync(
    new URL('./testdata/cli-2.1.150-write-allow-hook.wire.jsonl', import.meta.url),
    'utf8',
  );
  return framesFromText(text).map((f) => (f.ok ? (f.value as { message: unknown }).message : null));
}

describe('IdPlaceholders', () => {
  it('gives shape-preserving placeholders numbered per family in order of first appearance', () => {
    const p = new IdPlaceholders();
    expect(p.learn('c1431e6d-fb02-444d-83be-407182e2b72d')).toBe('00000000-0000-4000-8000-000000000001');
    expect(p.learn('toolu_01ABCDEFabcdef123456')).toBe(`toolu_${'0'.repeat(19)}1`);
    expect(p.learn('msg_1')).toBe('msg_1');
    expect(p.learn('req_011CZyXwVuTsRqPoNmLkJhGf1')).toBe(`req_${'0'.repeat(24)}1`);
    expect(p.learn('toolu_vrtx_01Xy')).toBe('toolu_vrtx_0001');
    expect(p.learn('9f8e7d6c-0000-1111-2222-333344445555')).toBe('00000000-0000-4000-8000-000000000002');
    expect(p.learn('k3j4h5g6f7d8s')).toBe('0000000000001');
    expect(p.learn('init-1')).toBe('init-1');
    expect(p.learn('c1431e6d-fb02-444d-83be-407182e2b72d')).toBe('00000000-0000-4000-8000-000000000001');
    expect(p.size).toBe(8);
    for (const e of p.entries()) if (e.placeholder.includes('-4000-')) expect(e.placeholder).toMatch(UUID_V4);
  });

  it('keeps the reverse map and swaps consistently when originals look like placeholders', () => {
    const p = new IdPlaceholders();
    expect(p.learn('msg_2')).toBe('msg_1');
    expect(p.learn('msg_1')).toBe('msg_2');
    expect(p.originalOf('msg_1')).toBe('msg_2');
    expect(p.originalOf('msg_2')).toBe('msg_1');
    expect(p.replaceIn('msg_1 then msg_2, not msg_10')).toBe('msg_2 then msg_1, not msg_10');
  });

  it('binds a live id to a given placeholder and never hands that placeholder out again', () => {
    const p = new IdPlaceholders();
    expect(p.bind('live-session-id-123', '00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(p.bind('live-session-id-123', '00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(p.bind('other', '00000000-0000-4000-8000-000000000001')).toBe(false);
    expect(p.learn('c1431e6d-fb02-444d-83be-407182e2b72d')).toBe('00000000-0000-4000-8000-000000000002');
    expect(p.originalOf('00000000-0000-4000-8000-000000000001')).toBe('live-session-id-123');
  });

  it('does not leak a UUID embedded in an odd id through a kept prefix', () => {
    const p = new IdPlaceholders();
    const placeholder = p.learn('session-c1431e6d-fb02-444d-83be-407182e2b72d-x');
    expect(placeholder).not.toContain('c1431e6d');
  });
});

describe('id detection', () => {
  it('finds UUIDs and Anthropic-style prefixed ids inside text, not ordinary identifiers', () => {
    expect(
      idsInText(
        '/h/.claude/projects/-tmp-c/c1431e6d-fb02-444d-83be-407182e2b72d.jsonl toolu_01AB, msg_01x req_011C; msg_count req_body',
      ),
    ).toEqual(['c1431e6d-fb02-444d-83be-407182e2b72d', 'toolu_01AB', 'msg_01x', 'req_011C']);
    expect(looksLikeId('toolu_01AB')).toBe(true);
    expect(looksLikeId('my toolu_01AB')).toBe(false);
    expect(looksLikeId('hook_0')).toBe(false);
  });
});

describe('normalizeIds', () => {
  it('replaces ids everywhere in a real 2.1.150 session, paths and texts included, keys untouched', () => {
    const messages = realSession();
    const p = new IdPlaceholders();
    const normal = normalizeIdsInAll(messages, p);
    const text = JSON.stringify(normal);
    const originals = JSON.stringify(messages);
    // Every UUID / toolu / msg / req of the capture is gone...
    for (const id of new Set(idsInText(originals))) expect(text).not.toContain(id);
    // ...replaced by placeholders, the session id inside the transcript path too.
    expect(text.match(ANY_UUID)?.every((u) => u.startsWith('00000000-0000-4000-8000-'))).toBe(true);
    expect(text).toMatch(/"transcript_path":"[^"]*\/00000000-0000-4000-8000-0000000000\d\d\.jsonl"/);
    expect(text).toContain(`"id":"toolu_${'0'.repeat(19)}1"`);
    expect(text).toContain(`"request_id":"req_${'0'.repeat(24)}1"`);
    // Client-chosen short ids are replaced where they are ids (request_id) but not in other texts.
    expect(p.placeholderFor('init-1')).toBe('init-1');
    expect(text).toContain('"callback_id":"hook_0"');
    // Same shape: the key set of every message is unchanged.
    const keys = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(keys) : v && typeof v === 'object' ? Object.keys(v).sort() : typeof v;
    expect(normal.map(keys)).toEqual(messages.map(keys));
    // Pure: the input is unchanged.
    expect(JSON.stringify(messages)).toBe(originals);
    // And back.
    expect(restoreIds(normal, p)).toEqual(messages);
  });

  it('makes two sessions that differ only in random ids equal', () => {
    const messages = realSession();
    // The same session as a second run would write it: every UUID fresh, another tool-use id.
    const fresh = new Map<string, string>();
    const rerandomised = JSON.parse(
      JSON.stringify(messages)
        .replace(ANY_UUID, (u) => {
          if (!fresh.has(u)) fresh.set(u, randomUUID());
          return fresh.get(u)!;
        })
        .replaceAll('toolu_01ABCDEFabcdef123456', 'toolu_01ZZZZZZzzzzzz999999'),
    ) as unknown[];
    expect(rerandomised).not.toEqual(messages);
    const a = normalizeIdsInAll(messages, new IdPlaceholders());
    const b = normalizeIdsInAll(rerandomised, new IdPlaceholders());
    expect(b).toEqual(a);
  });

  it('learns ids from id keys, message/tool_use ids and arrays of ids, but not other ids', () => {
    const p = new IdPlaceholders();
    const out = normalizeIds(
      {
        type: 'x',
        request_id: 'abcdefghij',
        preceding_tool_use_ids: ['fooooooooo1', 'fooooooooo2'],
        message: {
          id: 'plain-message-id',
          type: 'message',
          content: [{ type: 'server_tool_use', id: 'srv-abc-123456' }],
        },
        model: { id: 'claude-opus-4-7' },
        mcp: { jsonrpc: '2.0', id: 3 },
        text: 'see abcdefghij and fooooooooo2',
      },
      p,
    );
    expect(out).toEqual({
      type: 'x',
      request_id: '0000000001',
      preceding_tool_use_ids: ['00000000002', '00000000003'],
      message: {
        id: 'plain-message-01',
        type: 'message',
        content: [{ type: 'server_tool_use', id: 'srv-abc-000001' }],
      },
      model: { id: 'claude-opus-4-7' },
      mcp: { jsonrpc: '2.0', id: 3 },
      text: 'see 0000000001 and 00000000003',
    });
  });

  it('replaces a short id only where it stands as an id', () => {
    const p = new IdPlaceholders();
    const out = normalizeIds({ request_id: '7', response: { request_id: '7', text: '7 of 7' } }, p);
    expect(out).toEqual({ request_id: '1', response: { request_id: '1', text: '7 of 7' } });
  });

  it('honours custom keys (callback_id is opt-in)', () => {
    const p = new IdPlaceholders();
    const out = normalizeIds({ callback_id: 'hook_7' }, p, { keys: [...DEFAULT_ID_KEYS, 'callback_id'] });
    expect(out).toEqual({ callback_id: 'hook_1' });
  });

  it('handles a long session with thousands of distinct uuids', () => {
    const p = new IdPlaceholders();
    const sid = randomUUID();
    let last: unknown;
    for (let i = 0; i < 3000; i++) {
      last = normalizeIds(
        { session_id: sid, uuid: randomUUID(), text: `step ${i} in /tmp/${sid}/t.jsonl` },
        p,
      );
    }
    expect(p.size).toBe(3001);
    expect(last).toEqual({
      session_id: '00000000-0000-4000-8000-000000000001',
      uuid: '00000000-0000-4000-8000-000000003001',
      text: 'step 2999 in /tmp/00000000-0000-4000-8000-000000000001/t.jsonl',
    });
  });

  it('keeps a __proto__ key as data', () => {
    const input = JSON.parse('{"__proto__":{"session_id":"c1431e6d-fb02-444d-83be-407182e2b72d"}}') as object;
    const out = normalizeIds(input, new IdPlaceholders()) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"session_id":"00000000-0000-4000-8000-000000000001"}}');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const idArb = fc.oneof(
  fc.uuid({ version: 4 }),
  fc.stringMatching(/^toolu_01[A-Za-z0-9]{22}$/),
  fc.stringMatching(/^msg_0[1-9][A-Za-z0-9]{0,22}$/),
  fc.stringMatching(/^req_011C[A-Za-z0-9]{4,20}$/),
  fc.stringMatching(/^[a-z0-9]{13}$/),
  fc.constantFrom('init-1', 'init-2', 'int-1', 'hook_0', '1', '2'),
);

const wordArb = fc.constantFrom('see', 'path', 'tool', 'the', 'file', '/tmp/x/', '.jsonl', ' ', ', ');

function messageArb(ids: string[]) {
  const id = fc.constantFrom(...ids);
  const text = fc
    .array(
      fc.oneof(wordArb, fc.constantFrom(...ids.filter((i) => i.length >= 8 || looksLikeId(i)), 'none')),
      {
        maxLength: 6,
      },
    )
    .map((parts) => parts.join(''));
  return fc.record(
    {
      type: fc.constantFrom('assistant', 'user', 'control_request', 'system'),
      session_id: id,
      uuid: id,
      request_id: id,
      message: fc.record({
        id,
        type: fc.constant('message'),
        content: fc.array(
          fc.oneof(
            fc.record({ type: fc.constant('tool_use'), id, name: fc.constant('Write') }),
            fc.record({ type: fc.constant('tool_result'), tool_use_id: id, content: text }),
            fc.record({ type: fc.constant('text'), text }),
          ),
          { maxLength: 4 },
        ),
      }),
      note: text,
    },
    { requiredKeys: ['type'] },
  );
}

const transcriptArb = fc
  .uniqueArray(idArb, { minLength: 1, maxLength: 12 })
  .chain((ids) => fc.array(messageArb(ids), { minLength: 1, maxLength: 6 }));

describe('id placeholder properties', () => {
  test.prop([fc.array(idArb, { maxLength: 40 })])('x == y exactly when ph(x) == ph(y)', (values) => {
    const p = new IdPlaceholders();
    const ph = values.map((v) => p.learn(v));
    for (let i = 0; i < values.length; i++) {
      for (let j = 0; j < values.length; j++) expect(ph[i] === ph[j]).toBe(values[i] === values[j]);
    }
    for (let i = 0; i < values.length; i++) expect(p.originalOf(ph[i]!)).toBe(values[i]);
  });

  test.prop([fc.array(idArb, { maxLength: 20 })])('placeholders keep the shape of the id', (values) => {
    const p = new IdPlaceholders();
    for (const v of values) {
      const ph = p.learn(v);
      if (/^[0-9a-f]{8}-/.test(v)) expect(ph).toMatch(UUID_V4);
      else {
        const prefix = /^((?:[A-Za-z]+[_-])+)/.exec(v)?.[1] ?? '';
        expect(ph.startsWith(prefix)).toBe(true);
        expect(ph.length).toBeGreaterThanOrEqual(v.length);
        expect(looksLikeId(ph)).toBe(looksLikeId(v));
      }
    }
  });

  test.prop([transcriptArb], { numRuns: 150 })('normalising is idempotent and reversible', (messages) => {
    const p = new IdPlaceholders();
    const once = normalizeIdsInAll(messages, p);
    expect(normalizeIdsInAll(once, new IdPlaceholders())).toEqual(once);
    expect(restoreIds(once, p)).toEqual(messages);
    // Message by message (learning as it goes) is idempotent too.
    const q = new IdPlaceholders();
    const stepwise = messages.map((m) => normalizeIds(m, q));
    const r = new IdPlaceholders();
    expect(stepwise.map((m) => normalizeIds(m, r))).toEqual(stepwise);
  });

  test.prop([transcriptArb], { numRuns: 100 })(
    'learning alone changes nothing and is deterministic',
    (messages) => {
      const a = new IdPlaceholders();
      const b = new IdPlaceholders();
      const before = JSON.stringify(messages);
      for (const m of messages) learnIds(m, a);
      for (const m of messages) learnIds(m, b);
      expect(JSON.stringify(messages)).toBe(before);
      expect(a.entries()).toEqual(b.entries());
    },
  );
});

describe('opaque ids next to prefixed ids', () => {
  it('never substitutes a digit-led opaque id inside the body of a prefixed id', () => {
    // Replay binds a client's 11-character request id to the recorded placeholder `00000000001`;
    // the recorded tool-use id `toolu_00000000001` is not bound and must come out unchanged.
    const bindings = new IdPlaceholders();
    expect(bindings.bind('k3j4h5g6f7d', '00000000001')).toBe(true);
    const outbound = {
      request_id: '00000000001',
      content: [{ type: 'tool_use', id: 'toolu_00000000001' }],
      text: 'see toolu_00000000001 and 00000000001',
    };
    expect(restoreIds(outbound, bindings)).toEqual({
      request_id: 'k3j4h5g6f7d',
      content: [{ type: 'tool_use', id: 'toolu_00000000001' }],
      text: 'see toolu_00000000001 and k3j4h5g6f7d',
    });
  });

  it('never substitutes a digit-only placeholder inside a UUID group', () => {
    // Replay binds a client's 11-character request id to the recorded 12-digit placeholder; the
    // recorded session id (a UUID placeholder ending in the same 12 digits) must come out whole.
    const bindings = new IdPlaceholders();
    expect(bindings.bind('k3j4h5g6f7d', '000000000001')).toBe(true);
    expect(bindings.bind('k3j4h5g6', '00000000')).toBe(true);
    const session = '00000000-0000-4000-8000-000000000001';
    expect(restoreIds({ session_id: session, text: `id ${session} and 000000000001` }, bindings)).toEqual({
      session_id: session,
      text: `id ${session} and k3j4h5g6f7d`,
    });
  });
});
