import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ID_KEYS,
  IdPlaceholders,
  idsInText,
  isHashedPlaceholder,
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

describe('a mapping with maxNumbered: numbered up to the cap, hashed beyond, memory bounded', () => {
  const KEY = new Uint8Array(32).fill(7);
  const HASHED_UUID = /^00000000-[0-9a-f]{4}-4[0-9a-f]{3}-b[0-9a-f]{3}-[0-9a-f]{12}$/;
  const toolu = (n: number) => `toolu_01${String(n).padStart(22, 'A')}`;

  it('numbers exactly as an unbounded mapping while under the cap (a real session is byte-identical)', () => {
    const messages = realSession();
    const distinct = new IdPlaceholders();
    for (const m of messages) learnIds(m, distinct);
    const unbounded = messages.map((m) => normalizeIds(m, new IdPlaceholders()));
    const reference = new IdPlaceholders();
    const expected = messages.map((m) => normalizeIds(m, reference));
    const capped = new IdPlaceholders({ maxNumbered: distinct.size, hashKey: KEY });
    expect(messages.map((m) => normalizeIds(m, capped))).toEqual(expected);
    expect(capped.hashedCount).toBe(0);
    expect(capped.entries()).toEqual(reference.entries());
    expect(unbounded.length).toBe(messages.length);
  });

  it('beyond the cap gives a uuid a hashed placeholder: a v4 uuid, the same for the same id, kept nowhere', () => {
    const p = new IdPlaceholders({ maxNumbered: 2, hashKey: KEY });
    expect(p.learn('c1431e6d-fb02-444d-83be-407182e2b72d')).toBe('00000000-0000-4000-8000-000000000001');
    expect(p.learn('9f8e7d6c-0000-1111-2222-333344445555')).toBe('00000000-0000-4000-8000-000000000002');
    const id = 'a6f1c9e0-3b7d-4c21-9e55-0d4b2f8a7c13';
    const hashed = p.learn(id);
    expect(hashed).toMatch(HASHED_UUID);
    expect(hashed).toMatch(UUID_V4);
    expect(isHashedPlaceholder(hashed)).toBe(true);
    expect(p.learn(id)).toBe(hashed);
    // The numbered ids stay numbered.
    expect(p.learn('c1431e6d-fb02-444d-83be-407182e2b72d')).toBe('00000000-0000-4000-8000-000000000001');
    for (let i = 0; i < 5000; i++) p.learn(randomUUID());
    expect(p.size).toBe(2);
    expect(p.entries()).toHaveLength(2);
    expect(p.hashedCount).toBe(5002);
    // Another mapping with the same key agrees; one with another key does not.
    expect(new IdPlaceholders({ maxNumbered: 0, hashKey: KEY }).learn(id)).toBe(hashed);
    expect(new IdPlaceholders({ maxNumbered: 0 }).learn(id)).not.toBe(hashed);
  });

  it('beyond the cap, the same id maps to the same placeholder in slots, tool results, rewinds and texts', () => {
    const p = new IdPlaceholders({ maxNumbered: 1, hashKey: KEY });
    const session = 'c1431e6d-fb02-444d-83be-407182e2b72d';
    const uuid = 'a6f1c9e0-3b7d-4c21-9e55-0d4b2f8a7c13';
    const tool = 'toolu_01ABCDEFabcdef123456XYZ9';
    const msg = 'msg_01Zq8xT2mW9vR4kL7pN3sB6y';
    const assistant = normalizeIds(
      {
        type: 'assistant',
        session_id: session,
        uuid,
        message: { id: msg, type: 'message', content: [{ type: 'tool_use', id: tool, name: 'Bash' }] },
      },
      p,
    );
    const result = normalizeIds(
      {
        type: 'user',
        session_id: session,
        message: { content: [{ type: 'tool_result', tool_use_id: tool, content: `ran ${tool} (${msg})` }] },
        note: `rewind to ${uuid}; session ${session}`,
      },
      p,
    );
    const rewind = normalizeIds({ subtype: 'rewind_files', user_message_id: uuid }, p);
    const h = {
      uuid: assistant.uuid,
      tool: assistant.message.content[0]!.id,
      msg: assistant.message.id,
    };
    expect(assistant.session_id).toBe('00000000-0000-4000-8000-000000000001');
    expect(h.uuid).toMatch(HASHED_UUID);
    expect(h.tool).toMatch(/^toolu_0x[0-9a-f]{22}$/);
    expect(h.tool).toHaveLength(tool.length);
    expect(h.msg).toMatch(/^msg_0x[0-9a-f]{22}$/);
    expect(result.message.content[0]!.tool_use_id).toBe(h.tool);
    expect(result.message.content[0]!.content).toBe(`ran ${h.tool} (${h.msg})`);
    expect(result.note).toBe(`rewind to ${h.uuid}; session 00000000-0000-4000-8000-000000000001`);
    expect(rewind.user_message_id).toBe(h.uuid);
    // Hashed placeholders are ids to `idsInText` too, and keep the id's shape.
    expect(looksLikeId(h.tool)).toBe(true);
    expect(idsInText(`x ${h.uuid} ${h.msg}`)).toEqual([h.uuid, h.msg]);
    expect(p.size).toBe(1);
  });

  it('numbers beyond the cap what it cannot hash: short bodies, ids no text search finds', () => {
    const p = new IdPlaceholders({ maxNumbered: 1, hashKey: KEY });
    p.learn(randomUUID());
    expect(p.learn('msg_clide_0001')).toBe('msg_clide_0001');
    expect(p.learn('k3j4h5g6f7d8s')).toBe('0000000000001');
    expect(p.learn('file_011CNha8iCJcU1wXNR6q4V8w')).toBe(`file_${'0'.repeat(23)}1`);
    expect(p.size).toBe(4);
    expect(p.replaceIn('see k3j4h5g6f7d8s and msg_clide_0001')).toBe('see 0000000000001 and msg_clide_0001');
  });

  it('is idempotent: a fixture normalised past the cap normalises to itself', () => {
    const first = new IdPlaceholders({ maxNumbered: 3, hashKey: KEY });
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const tools = Array.from({ length: 20 }, (_, i) => toolu(i));
    const messages = ids.map((uuid, i) => ({
      type: 'stream_event',
      uuid,
      parent_tool_use_id: tools[i],
      text: `after ${ids[Math.max(0, i - 1)]} came ${tools[i]}`,
    }));
    const once = normalizeIdsInAll(messages, first);
    const twice = normalizeIdsInAll(once, new IdPlaceholders({ maxNumbered: 3 }));
    expect(twice).toEqual(once);
    expect(JSON.stringify(once)).not.toMatch(/toolu_01A/);
    for (const id of ids) expect(JSON.stringify(once)).not.toContain(id);
  });

  test.prop([fc.array(fc.uuid({ version: 4 }), { minLength: 1, maxLength: 40 }), fc.nat({ max: 45 })])(
    'beyond any cap: distinct ids keep distinct placeholders, equal ids equal ones, and the shape of a uuid',
    (uuids, cap) => {
      const p = new IdPlaceholders({ maxNumbered: cap });
      const first = uuids.map((u) => p.learn(u));
      const again = uuids.map((u) => p.replaceIn(`<${u}>`).slice(1, -1));
      expect(again).toEqual(first);
      for (const [i, u] of uuids.entries())
        for (const [j, v] of uuids.entries()) expect(first[i] === first[j]).toBe(u === v);
      for (const placeholder of first) expect(placeholder).toMatch(UUID_V4);
      expect(p.size).toBeLessThanOrEqual(cap);
    },
  );
});
