import { connect } from 'node:net';
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClideError } from '../errors/index.js';
import type { ModelScript } from './model-script.js';
import { EXHAUSTED_PREFIX, type ModelApi, startModelApi } from './server.js';

/**
 * The wire is checked by a real consumer: the official `@anthropic-ai/sdk` client, pointed at the
 * scripted server, must rebuild exactly the scripted messages from our SSE and JSON.
 */

const KEY = 'sk-ant-secret-for-redaction-test';
const started: ModelApi[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((api) => api.close()));
});

async function serve(script: Omit<ModelScript, 'version'>): Promise<{ api: ModelApi; client: Anthropic }> {
  const api = await startModelApi({ script: { version: 1, ...script } });
  started.push(api);
  return { api, client: new Anthropic({ apiKey: KEY, baseURL: api.url, maxRetries: 0 }) };
}

const ask = { model: 'claude-test', max_tokens: 1000, messages: [{ role: 'user' as const, content: 'hi' }] };
/** A conversation-shaped request (it has tools), so side-request detection leaves it alone. */
const conversation = {
  ...ask,
  tools: [
    { name: 'Write', description: 'write a file', input_schema: { type: 'object' as const, properties: {} } },
  ],
};

describe('startModelApi with the official SDK as the client', () => {
  it('streams text, thinking and tool_use blocks the SDK rebuilds exactly', async () => {
    const { api, client } = await serve({
      turns: [
        {
          blocks: [
            { type: 'thinking', thinking: 'I should write the file.', signature: 'sig-1' },
            { type: 'text', text: 'Writing the file for you now.' },
            {
              type: 'tool_use',
              id: 'toolu_abc',
              name: 'Write',
              input: { file_path: '/tmp/a.txt', content: 'x\ny' },
            },
          ],
        },
      ],
    });
    const stream = client.messages.stream(conversation);
    const seen: string[] = [];
    for await (const event of stream) seen.push(event.type);
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'I should write the file.', signature: 'sig-1' },
      { type: 'text', text: 'Writing the file for you now.' },
      {
        type: 'tool_use',
        id: 'toolu_abc',
        name: 'Write',
        input: { file_path: '/tmp/a.txt', content: 'x\ny' },
      },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.model).toBe('claude-test');
    expect(seen.filter((type) => type === 'content_block_delta').length).toBeGreaterThan(3);
    expect(seen.at(0)).toBe('message_start');
    expect(seen.at(-1)).toBe('message_stop');
    expect(api.turnsServed()).toBe(1);
    expect(api.requests.map((r) => [r.method, r.path, r.kind, r.turn, r.status])).toEqual([
      ['POST', '/v1/messages', 'conversation', 0, 200],
    ]);
  });

  it('answers a non-streaming request with the whole message as JSON', async () => {
    const { client } = await serve({
      turns: [
        { blocks: [{ type: 'text', text: 'plain answer' }], usage: { input_tokens: 7, output_tokens: 3 } },
      ],
    });
    const message = await client.messages.create(conversation);
    expect(message.content).toEqual([{ type: 'text', text: 'plain answer' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({ input_tokens: 7, output_tokens: 3 });
  });

  it('plays the turns in order and records the parsed request bodies', async () => {
    const { api, client } = await serve({
      turns: [{ blocks: [{ type: 'text', text: 'first' }] }, { blocks: [{ type: 'text', text: 'second' }] }],
    });
    expect((await client.messages.stream(conversation).finalMessage()).content).toEqual([
      { type: 'text', text: 'first' },
    ]);
    const followUp = {
      ...conversation,
      messages: [...conversation.messages, { role: 'user' as const, content: 'more' }],
    };
    expect((await client.messages.stream(followUp).finalMessage()).content).toEqual([
      { type: 'text', text: 'second' },
    ]);
    expect(api.requests.map((r) => r.turn)).toEqual([0, 1]);
    expect(api.requests[1]?.body).toMatchObject({ messages: followUp.messages });
    expect(api.turnsRemaining()).toBe(0);
    expect(api.problems).toEqual([]);
  });

  it('answers a scripted error with its status and an Anthropic error body, `times` times', async () => {
    const { api, client } = await serve({
      turns: [
        {
          error: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
          times: 2,
          headers: { 'retry-after': '0' },
        },
        { blocks: [{ type: 'text', text: 'recovered' }] },
      ],
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await client.messages
        .stream(conversation)
        .finalMessage()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).status).toBe(529);
      expect((error as APIError).error).toEqual({
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
      });
      expect((error as APIError).headers?.get('retry-after')).toBe('0');
    }
    expect((await client.messages.stream(conversation).finalMessage()).content).toEqual([
      { type: 'text', text: 'recovered' },
    ]);
    expect(api.requests.map((r) => [r.turn, r.status])).toEqual([
      [0, 529],
      [0, 529],
      [1, 200],
    ]);
    expect(api.turnsServed()).toBe(3);
    expect(api.problems).toEqual([]);
  });

  it('fails loudly when the script is exhausted: a 400 naming it, and a problem', async () => {
    const { api, client } = await serve({ turns: [{ blocks: [{ type: 'text', text: 'only one' }] }] });
    await client.messages.stream(conversation).finalMessage();
    const error = await client.messages
      .stream(conversation)
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(400);
    expect((error as APIError).type).toBe('invalid_request_error');
    expect((error as APIError).apiMessage).toContain(EXHAUSTED_PREFIX);
    expect((error as APIError).headers?.get('x-should-retry')).toBe('false');
    expect(api.problems).toHaveLength(1);
    expect(api.problems[0]).toContain(EXHAUSTED_PREFIX);
    expect(api.problems[0]).toContain('all 1 turn(s)');
    expect(api.requests[1]).toMatchObject({ kind: 'conversation', turn: null, status: 400 });
  });

  it('answers side requests without consuming a turn', async () => {
    const { api, client } = await serve({
      turns: [{ blocks: [{ type: 'text', text: 'the conversation' }] }],
    });
    const title = await client.messages
      .stream({
        ...ask,
        output_config: {
          format: {
            type: 'json_schema',
            schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
          },
        },
      })
      .finalMessage();
    expect(title.content[0]?.type === 'text' && JSON.parse(title.content[0].text)).toEqual({
      title: 'clide-conformance side reply',
    });
    const helper = await client.messages.create({ ...ask, max_tokens: 1 });
    expect(helper.content).toEqual([{ type: 'text', text: 'clide-conformance side reply' }]);
    expect((await client.messages.stream(conversation).finalMessage()).content).toEqual([
      { type: 'text', text: 'the conversation' },
    ]);
    expect(api.requests.map((r) => [r.kind, r.turn])).toEqual([
      ['side', null],
      ['side', null],
      ['conversation', 0],
    ]);
    expect(api.requests[0]?.sideReason).toContain('output_config.format');
    expect(api.turnsServed()).toBe(1);
  });

  it('answers a turn with the blocks for a tool the request offers (whenToolOffered)', async () => {
    const report = { type: 'text' as const, text: 'the report' };
    const handback = {
      type: 'tool_use' as const,
      id: 'toolu_01Handback',
      name: 'SubagentHandback',
      input: { message: 'the report' },
    };
    const { api, client } = await serve({
      turns: [
        { blocks: [report], whenToolOffered: { SubagentHandback: [handback] } },
        { blocks: [report], whenToolOffered: { SubagentHandback: [handback] } },
      ],
    });
    const offered = {
      ...conversation,
      tools: [...conversation.tools, { ...conversation.tools[0]!, name: 'SubagentHandback' }],
    };
    const first = await client.messages.stream(offered).finalMessage();
    expect(first.content).toEqual([handback]);
    expect(first.stop_reason).toBe('tool_use');
    const second = await client.messages.stream(conversation).finalMessage();
    expect(second.content).toEqual([report]);
    expect(api.requests.map((r) => r.turn)).toEqual([0, 1]);
  });

  it('counts tokens', async () => {
    const { api, client } = await serve({ turns: [] });
    const count = await client.messages.countTokens({ model: 'claude-test', messages: ask.messages });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect(api.requests[0]?.kind).toBe('count_tokens');
    expect(api.problems).toEqual([]);
  });

  it('redacts credential headers in the request log', async () => {
    const { api, client } = await serve({ turns: [{ blocks: [{ type: 'text', text: 'x' }] }] });
    await client.messages.create(conversation);
    await fetch(`${api.url}/`, {
      headers: { 'x-api-key': 'sk-ant-raw-key', cookie: 'session=secret-cookie' },
    });
    expect(api.requests[0]?.headers.authorization).toBe('[redacted]');
    expect(api.requests[1]?.headers['x-api-key']).toBe('[redacted]');
    expect(api.requests[1]?.headers.cookie).toBe('[redacted]');
    const log = JSON.stringify(api.requests);
    for (const secret of [KEY, 'sk-ant-raw-key', 'secret-cookie']) expect(log).not.toContain(secret);
  });
});

describe('startModelApi routes', () => {
  it('answers the HEAD / and GET / probes and accepts query strings', async () => {
    const { api } = await serve({ turns: [] });
    expect((await fetch(`${api.url}/`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${api.url}/?x=1`)).status).toBe(200);
    expect(api.requests.map((r) => r.kind)).toEqual(['probe', 'probe']);
    expect(api.problems).toEqual([]);
  });

  it('answers an unscripted route as the real API does (its JSON 404), as a side request and not a problem', async () => {
    const { api } = await serve({ turns: [] });
    const response = await fetch(`${api.url}/v1/models?limit=5`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'Not Found' },
    });
    const head = await fetch(`${api.url}/v1/unknown`, { method: 'DELETE' });
    expect(head.status).toBe(404);
    expect(api.problems).toEqual([]);
    expect(api.requests.map((r) => [r.kind, r.method, r.path, r.status])).toEqual([
      ['unscripted', 'GET', '/v1/models?limit=5', 404],
      ['unscripted', 'DELETE', '/v1/unknown', 404],
    ]);
    expect(api.requests[0]?.sideReason).toContain('404 not_found_error');
  });

  it('answers the HEAD /api/hello probe with a 200 and no body, recorded as an unscripted side request', async () => {
    const { api, client } = await serve({ turns: [{ blocks: [{ type: 'text', text: 'after the probe' }] }] });
    const probe = await fetch(`${api.url}/api/hello`, { method: 'HEAD' });
    expect(probe.status).toBe(200);
    expect(await probe.text()).toBe('');
    expect((await fetch(`${api.url}/api/hello`)).status).toBe(200);
    // The probe takes no turn: the conversation still gets the script's first one.
    const message = await client.messages.create(conversation);
    expect(message.content).toEqual([{ type: 'text', text: 'after the probe' }]);
    expect(api.requests.map((r) => r.kind)).toEqual(['unscripted', 'unscripted', 'conversation']);
    expect(api.requests[0]?.sideReason).toContain('answered 200');
    expect(api.problems).toEqual([]);
  });

  it('answers a body that is not JSON with a 400 and records a problem', async () => {
    const { api } = await serve({ turns: [{ blocks: [{ type: 'text', text: 'x' }] }] });
    const response = await fetch(`${api.url}/v1/messages?beta=true`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(api.problems).toEqual([expect.stringContaining('not a JSON object')]);
    expect(api.requests[0]?.body).toBe('not json');
    expect(api.turnsServed()).toBe(0);
  });

  it('refuses to listen on a non-loopback address', async () => {
    const error = await startModelApi({ script: { version: 1, turns: [] }, host: '0.0.0.0' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClideError);
    expect((error as ClideError).code).toBe('usage');
  });

  it('records a stream the client abandons midway as aborted', async () => {
    const { api } = await serve({
      turns: [{ blocks: [{ type: 'text', text: 'slow words here' }], chunkDelayMs: 60_000 }],
    });
    const abort = new AbortController();
    const response = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...conversation, stream: true }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^event: message_start\ndata: /);
    abort.abort();
    await vi.waitFor(() => expect(api.requests[0]?.aborted).toBe(true), { timeout: 10_000 });
  });

  it('close() ends an open SSE response and frees the port', async () => {
    const api = await startModelApi({
      script: {
        version: 1,
        turns: [{ blocks: [{ type: 'text', text: 'never finished' }], chunkDelayMs: 60_000 }],
      },
    });
    const response = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ ...conversation, stream: true }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    const rest = (async () => {
      try {
        for (;;) if ((await reader.read()).done) return 'ended';
      } catch {
        return 'errored';
      }
    })();
    await api.close();
    expect(['ended', 'errored']).toContain(await rest);
    expect(api.requests[0]?.aborted).toBe(true);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(api.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    await api.close();
  });
});
