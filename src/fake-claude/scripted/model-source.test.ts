import { describe, expect, it } from 'vitest';
import type { Json } from '../behaviour/index.js';
import { type ModelResponse, scriptSource, sseEvents } from './model-source.js';

async function collect(response: ModelResponse): Promise<Json[]> {
  if (!response.ok) return [];
  const out: Json[] = [];
  for await (const event of response.events) out.push(event);
  return out;
}

describe('scriptSource', () => {
  it('plays the turns in order with the ids the scripted Messages API uses, then reports exhaustion', async () => {
    const source = scriptSource({
      version: 1,
      turns: [{ blocks: [{ type: 'text', text: 'one' }] }, { blocks: [{ type: 'text', text: 'two' }] }],
    });
    const signal = new AbortController().signal;
    const first = await source.call({ model: 'm' }, signal);
    expect(first.ok && first.requestId).toBe('req_clide_0001');
    const events = await collect(first);
    expect(events[0]).toMatchObject({ type: 'message_start', message: { id: 'msg_clide_0001', model: 'm' } });
    const second = await source.call({ model: 'm' }, signal);
    expect(second.ok && second.requestId).toBe('req_clide_0002');
    const third = await source.call({ model: 'm' }, signal);
    expect(third.ok).toBe(false);
    expect(!third.ok && third.status).toBe(400);
  });

  it('continues from a saved position (a resumed session)', async () => {
    const script = {
      version: 1 as const,
      turns: [
        { blocks: [{ type: 'text' as const, text: 'one' }] },
        { blocks: [{ type: 'text' as const, text: 'two' }] },
      ],
    };
    const earlier = scriptSource(script);
    await collect(await earlier.call({}, new AbortController().signal));
    const later = scriptSource(script);
    later.seek?.(earlier.position?.() ?? { cursor: 0, repeats: 0, responses: 0 });
    const events = await collect(await later.call({}, new AbortController().signal));
    const text = events
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => (e.delta as Json).text)
      .join('');
    expect(text).toBe('two');
  });

  it('answers an error turn as many times as it says', async () => {
    const source = scriptSource({
      version: 1,
      turns: [{ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' }, times: 2 }],
    });
    const signal = new AbortController().signal;
    expect((await source.call({}, signal)).ok).toBe(false);
    const again = await source.call({}, signal);
    expect(!again.ok && again.status).toBe(529);
    const after = await source.call({}, signal);
    expect(!after.ok && after.status).toBe(400);
  });
});

describe('sseEvents', () => {
  it('parses events split across chunks', async () => {
    const text =
      'event: ping\ndata: {"type":"ping"}\n\nevent: message_stop\r\ndata: {"type":"message_stop"}\r\n\r\n';
    async function* chunks() {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 7) yield bytes.slice(i, i + 7);
    }
    const out: Json[] = [];
    for await (const event of sseEvents(chunks())) out.push(event);
    expect(out).toEqual([{ type: 'ping' }, { type: 'message_stop' }]);
  });
});
