import { appendFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { buildStreamEvents, errorBody, replyForRequest } from '../../model-api/message-reply.js';
import type { ErrorTurn, ModelScript, ReplyTurn } from '../../model-api/model-script.js';
import { stringifyJson } from '../../util/deep-json.js';
import { sleep } from '../../util/sleep.js';
import type { Json } from '../behaviour/index.js';

/**
 * Where the fake's model turns come from: a model script played in-process (scripted mode with a
 * scenario file), or a real Messages API endpoint (`ANTHROPIC_BASE_URL`) called exactly like the
 * real CLI calls it (POST /v1/messages?beta=true, streaming SSE, the tool list, tool results sent
 * back on the next request) — so `clide-conformance mock-api` or a client's own Anthropic mock can
 * drive it.
 */

export type ModelResponse =
  | { ok: true; requestId: string | undefined; headers: Record<string, string>; events: AsyncIterable<Json> }
  | {
      ok: false;
      status: number;
      body: unknown;
      requestId: string | undefined;
      headers: Record<string, string>;
    };

export interface ModelSource {
  /** Sends one conversation request; the events are the SSE `data` objects in order. */
  call(body: Json, signal: AbortSignal): Promise<ModelResponse>;
  /**
   * A script's position (turns consumed, responses numbered), saved with the session so a resumed
   * session continues the script where the earlier process left it. Absent for a live API.
   */
  position?(): { cursor: number; repeats: number; responses: number };
  seek?(position: { cursor: number; repeats: number; responses: number }): void;
}

/** Appends every request body to `CLIDE_FAKE_REQUEST_LOG` (JSONL) when set: what the fake asked. */
export function logRequest(logPath: string | undefined, body: Json): void {
  if (!logPath) return;
  appendFileSync(logPath, `${stringifyJson({ time: new Date().toISOString(), body })}\n`);
}

/** Plays a model script the way `startModelApi` serves it: same ids, same events, same delays. */
export function scriptSource(script: ModelScript): ModelSource {
  let cursor = 0;
  let repeats = 0;
  let responses = 0;
  const take = (): ReplyTurn | ErrorTurn | undefined => {
    const turn = script.turns[cursor];
    if (!turn) return undefined;
    if ('error' in turn && repeats + 1 < (turn.times ?? 1)) repeats += 1;
    else {
      cursor += 1;
      repeats = 0;
    }
    return turn;
  };
  return {
    position: () => ({ cursor, repeats, responses }),
    seek(position) {
      cursor = position.cursor;
      repeats = position.repeats;
      responses = position.responses;
    },
    async call(body, signal) {
      const turn = take();
      if (!turn) {
        const message = `clide-conformance model script exhausted: all ${script.turns.length} turn(s) of the script were already served`;
        return {
          ok: false,
          status: 400,
          body: errorBody('invalid_request_error', message),
          requestId: undefined,
          headers: { 'x-should-retry': 'false' },
        };
      }
      if (turn.firstByteDelayMs) await sleep(turn.firstByteDelayMs, signal);
      if ('error' in turn) {
        return {
          ok: false,
          status: turn.error.status,
          body: errorBody(turn.error.type, turn.error.message),
          requestId: undefined,
          headers: lowerCase(turn.headers),
        };
      }
      responses += 1;
      const model = typeof body.model === 'string' ? body.model : 'clide-conformance-model';
      const events = buildStreamEvents(replyForRequest(turn, body), { responseNumber: responses, model });
      const delay = turn.chunkDelayMs ?? 0;
      async function* play(): AsyncGenerator<Json> {
        for (const [i, event] of events.entries()) {
          if (i > 0 && delay) await sleep(delay, signal);
          if (signal.aborted) return;
          yield event.data;
        }
      }
      return {
        ok: true,
        requestId: `req_clide_${String(responses).padStart(4, '0')}`,
        headers: lowerCase(turn.headers),
        events: play(),
      };
    },
  };
}

function lowerCase(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** Parses a `text/event-stream` body into the `data` objects of its events. */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<Json> {
  const decoder = new TextDecoder();
  let buffer = '';
  const flush = function* (block: string): Generator<Json> {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) return;
    const value = JSON.parse(data) as Json;
    if (value && typeof value === 'object') yield value;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      yield* flush(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
  buffer += decoder.decode();
  if (buffer.trim()) yield* flush(buffer);
}

export interface HttpSourceOptions {
  baseUrl: string;
  headers: Record<string, string>;
  apiKey?: string;
  authToken?: string;
  sessionId: () => string;
}

/** Calls a Messages API at `baseUrl` like the real CLI (streaming, `?beta=true`, its headers). */
export function httpSource(options: HttpSourceOptions): ModelSource {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/messages?beta=true`;
  return {
    async call(body, signal) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'content-type': 'application/json',
        ...options.headers,
        'x-claude-code-session-id': options.sessionId(),
      };
      if (options.apiKey) headers['x-api-key'] = options.apiKey;
      if (options.authToken) headers.authorization = `Bearer ${options.authToken}`;
      const response = await post(url, headers, stringifyJson(body), signal);
      const requestId = header(response, 'request-id');
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        const text = await readText(response);
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // keep the text
        }
        return { ok: false, status, body: parsed, requestId, headers: responseHeaders };
      }
      const type = header(response, 'content-type') ?? '';
      if (!type.includes('text/event-stream')) {
        // A non-streaming answer (some mocks ignore `stream: true`): turn the message into events.
        const message = JSON.parse(await readText(response)) as Json;
        return { ok: true, requestId, headers: responseHeaders, events: messageAsEvents(message) };
      }
      return { ok: true, requestId, headers: responseHeaders, events: sseEvents(response) };
    },
  };
}

/**
 * One POST with `node:http(s)`. Not `fetch`: on Node 20 a process that has used `fetch` takes
 * ~200 ms to exit (undici's WebAssembly HTTP parser is still being compiled in the background),
 * which a client would see after every session of the fake. Imported on first use: a session
 * played from a model script never loads the HTTP stack.
 */
async function post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal) {
  const target = new URL(url);
  const { request: send } =
    target.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, signal },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}

function header(response: IncomingMessage, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

async function readText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function* messageAsEvents(message: Json): AsyncGenerator<Json> {
  const content = Array.isArray(message.content) ? (message.content as Json[]) : [];
  yield { type: 'message_start', message: { ...message, content: [], stop_reason: null } };
  for (const [index, block] of content.entries()) {
    if (block.type === 'tool_use') {
      yield { type: 'content_block_start', index, content_block: { ...block, input: {} } };
      yield {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: stringifyJson(block.input ?? {}) },
      };
    } else if (block.type === 'thinking') {
      yield {
        type: 'content_block_start',
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      };
      yield {
        type: 'content_block_delta',
        index,
        delta: { type: 'thinking_delta', thinking: block.thinking },
      };
      yield {
        type: 'content_block_delta',
        index,
        delta: { type: 'signature_delta', signature: block.signature },
      };
    } else {
      yield { type: 'content_block_start', index, content_block: { type: 'text', text: '' } };
      yield { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text ?? '' } };
    }
    yield { type: 'content_block_stop', index };
  }
  yield {
    type: 'message_delta',
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: message.usage,
  };
  yield { type: 'message_stop' };
}
