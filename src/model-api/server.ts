import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ClideError } from '../errors/index.js';
import { isRecord } from '../util/json.js';
import { sleep } from '../util/sleep.js';
import {
  buildMessage,
  buildStreamEvents,
  encodeSseEvent,
  errorBody,
  estimateTokens,
  type ReplyContext,
  replyForRequest,
} from './message-reply.js';
import { type ErrorTurn, isErrorTurn, type ModelScript, type ReplyTurn } from './model-script.js';
import { classifyMessagesRequest, sideReplyTurn } from './side-requests.js';
import { unscriptedAnswer } from './unscripted.js';

/**
 * The scripted Anthropic Messages API: a loopback HTTP server that plays a model script. Point
 * the CLI's `ANTHROPIC_BASE_URL` at `url`. Every request is recorded. A route the script does not
 * cover (a probe such as `HEAD /api/hello`, an endpoint a newer CLI calls) is answered as the real
 * API answers it and recorded as an `unscripted` side request, not a problem. What breaks the
 * script (script exhausted, a body that is not JSON) is answered at once with an Anthropic-shaped
 * error and noted in `problems`, so a run fails loudly instead of hanging.
 */

/**
 * What a recorded request was taken for. `unscripted`: a side request on a route the script does
 * not cover, answered as the real API does (`sideReason` says how).
 */
export type RequestKind = 'conversation' | 'side' | 'count_tokens' | 'probe' | 'unscripted';

export interface RecordedRequest {
  /** 0-based arrival order among all requests. */
  index: number;
  method: string;
  /** Path with query string, e.g. `/v1/messages?beta=true`. */
  path: string;
  /** Request headers; values of credential headers (x-api-key, authorization, …) are redacted. */
  headers: Record<string, string>;
  /** The parsed JSON body; the raw text when it is not JSON; `undefined` when empty. */
  body: unknown;
  kind: RequestKind;
  /** Why a request was taken for a side request (`side` or `unscripted`). */
  sideReason?: string;
  /** 0-based index of the script turn that answered it; `null` when no turn was used. */
  turn: number | null;
  /** Milliseconds since the server started. */
  time: number;
  /** The response status, once the response has started. */
  status?: number;
  /** True when the client went away (or the server closed) before the response ended. */
  aborted?: boolean;
}

export interface ModelApiOptions {
  script: ModelScript;
  /** A loopback address; default `127.0.0.1`. Anything else is refused. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Called for every request once it is recorded (before it is answered). */
  onRequest?: (request: RecordedRequest) => void;
  /** Called for every problem as it is recorded. */
  onProblem?: (problem: string) => void;
}

export interface ModelApi {
  /** `http://127.0.0.1:PORT`: the value for `ANTHROPIC_BASE_URL`. */
  url: string;
  port: number;
  /** Every request so far, in arrival order (live array). */
  requests: RecordedRequest[];
  /** Everything that went wrong so far: script exhausted, a body that is not JSON, … (live array). */
  problems: string[];
  /** How many conversation requests were answered from the script (a repeated error counts each time). */
  turnsServed(): number;
  /** How many script turns (entries of `turns`) have not been reached yet. */
  turnsRemaining(): number;
  /** Ends open responses (SSE included) at once and frees the port. Idempotent. */
  close(): Promise<void>;
}

/** The message of the error answered once the script has run out of turns. */
export const EXHAUSTED_PREFIX = 'clide-conformance model script exhausted';

const REDACTED_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie']);
const REDACTED = '[redacted]';
const LOOPBACK = /^(127(?:\.\d{1,3}){3}|::1|localhost)$/;

export async function startModelApi(options: ModelApiOptions): Promise<ModelApi> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host)) {
    throw new ClideError('usage', `the scripted model API only listens on loopback, not on "${host}"`, {
      hint: 'use 127.0.0.1 (default), another 127.x.y.z address, ::1 or localhost',
    });
  }
  const { script } = options;
  const startedAt = performance.now();
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  const open = new Set<AbortController>();
  const sockets = new Set<Socket>();
  let cursor = 0; // next script turn
  let repeats = 0; // times the current (error) turn was already served
  let served = 0;
  let responses = 0; // numbering of message ids

  const problem = (message: string) => {
    problems.push(message);
    try {
      options.onProblem?.(message);
    } catch {
      // a failing observer must not break the server
    }
  };

  const takeTurn = (): { index: number; turn: ReplyTurn | ErrorTurn } | undefined => {
    const turn = script.turns[cursor];
    if (!turn) return undefined;
    const index = cursor;
    if (isErrorTurn(turn) && repeats + 1 < (turn.times ?? 1)) {
      repeats += 1;
    } else {
      cursor += 1;
      repeats = 0;
    }
    served += 1;
    return { index, turn };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, abort: AbortController) => {
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const pathname = path.split('?')[0] ?? '/';
    const parsed = parseJson(raw);
    const record: RecordedRequest = {
      index: requests.length,
      method,
      path,
      headers: redactHeaders(req.headers),
      body: parsed.ok ? parsed.value : raw.length > 0 ? raw : undefined,
      kind: 'unscripted',
      turn: null,
      time: Math.round(performance.now() - startedAt),
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });
    const notify = () => {
      try {
        options.onRequest?.(record);
      } catch (error) {
        problem(`onRequest observer threw on request #${record.index}: ${(error as Error).message}`);
      }
    };
    const where = `request #${record.index} (${method} ${path})`;

    if ((method === 'HEAD' || method === 'GET') && pathname === '/') {
      record.kind = 'probe';
      notify();
      record.status = 200;
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(method === 'HEAD' ? undefined : 'clide-conformance scripted Anthropic Messages API\n');
      return;
    }

    if (method === 'POST' && pathname === '/v1/messages/count_tokens') {
      record.kind = 'count_tokens';
      notify();
      if (!parsed.ok) return badRequest(res, record, where, 'the body is not JSON');
      sendJson(res, record, 200, { input_tokens: estimateTokens(raw) });
      return;
    }

    if (method === 'POST' && pathname === '/v1/messages') {
      if (!parsed.ok || !isRecord(parsed.value)) {
        record.kind = 'conversation';
        notify();
        return badRequest(res, record, where, 'the body is not a JSON object');
      }
      const body = parsed.value;
      const model = typeof body.model === 'string' ? body.model : 'clide-conformance-model';
      const stream = body.stream === true;
      const klass = classifyMessagesRequest(body, script.sideRequests);
      if (klass.kind === 'side') {
        record.kind = 'side';
        record.sideReason = klass.reason;
        notify();
        responses += 1;
        await sendReply(
          res,
          record,
          sideReplyTurn(body, script.sideRequests),
          { responseNumber: responses, model },
          stream,
          abort,
        );
        return;
      }
      record.kind = 'conversation';
      const next = takeTurn();
      if (!next) {
        notify();
        const message =
          `${EXHAUSTED_PREFIX}: ${where} is conversation request ${countConversation(requests)}, ` +
          `but all ${script.turns.length} turn(s) of the script were already served`;
        problem(message);
        sendJson(res, record, 400, errorBody('invalid_request_error', message), {
          'x-should-retry': 'false',
        });
        return;
      }
      record.turn = next.index;
      notify();
      if (isErrorTurn(next.turn)) {
        await sendError(res, record, next.turn, abort);
        return;
      }
      responses += 1;
      const reply = replyForRequest(next.turn, body);
      await sendReply(res, record, reply, { responseNumber: responses, model }, stream, abort);
      return;
    }

    const answer = unscriptedAnswer(method, pathname);
    record.kind = 'unscripted';
    record.sideReason = answer.reason;
    notify();
    if (answer.body === undefined) {
      record.status = answer.status;
      res.writeHead(answer.status, { 'request-id': unscriptedRequestId(record) });
      res.end();
      return;
    }
    sendJson(res, record, answer.status, answer.body, { 'request-id': unscriptedRequestId(record) });
  };

  const badRequest = (res: ServerResponse, record: RecordedRequest, where: string, what: string) => {
    const message = `clide-conformance: ${where}: ${what}`;
    problem(message);
    sendJson(res, record, 400, errorBody('invalid_request_error', message), { 'x-should-retry': 'false' });
  };

  const sendError = async (
    res: ServerResponse,
    record: RecordedRequest,
    turn: ErrorTurn,
    abort: AbortController,
  ) => {
    if (turn.firstByteDelayMs) await sleep(turn.firstByteDelayMs, abort.signal);
    if (abort.signal.aborted) return;
    sendJson(res, record, turn.error.status, errorBody(turn.error.type, turn.error.message), turn.headers);
  };

  const sendReply = async (
    res: ServerResponse,
    record: RecordedRequest,
    turn: ReplyTurn,
    context: ReplyContext,
    stream: boolean,
    abort: AbortController,
  ) => {
    if (turn.firstByteDelayMs) await sleep(turn.firstByteDelayMs, abort.signal);
    if (abort.signal.aborted) return;
    const requestId = `req_clide_${String(context.responseNumber).padStart(4, '0')}`;
    if (!stream) {
      sendJson(res, record, 200, buildMessage(turn, context), { 'request-id': requestId, ...turn.headers });
      return;
    }
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': requestId,
      ...turn.headers,
    });
    const events = buildStreamEvents(turn, context);
    for (const [i, event] of events.entries()) {
      if (i > 0 && turn.chunkDelayMs) await sleep(turn.chunkDelayMs, abort.signal);
      if (abort.signal.aborted || res.destroyed) return;
      res.write(encodeSseEvent(event));
    }
    res.end();
  };

  const server = createServer((req, res) => {
    const abort = new AbortController();
    open.add(abort);
    res.on('close', () => {
      abort.abort();
      open.delete(abort);
    });
    handle(req, res, abort).catch((error: unknown) => {
      problem(`internal error while answering ${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
        res.end(
          JSON.stringify(
            errorBody('api_error', `clide-conformance internal error: ${(error as Error).message}`),
          ),
        );
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      reject(
        new ClideError(
          'io',
          `the scripted model API cannot listen on ${host}:${options.port ?? 0}: ${error.message}`,
          {
            cause: error,
            hint: 'pick another --port, or 0 for an ephemeral one',
          },
        ),
      );
    };
    server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    if (closing) return closing;
    closing = new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const abort of open) abort.abort();
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };

  return {
    url,
    port,
    requests,
    problems,
    turnsServed: () => served,
    turnsRemaining: () => script.turns.length - cursor,
    close,
  };
}

function unscriptedRequestId(record: RecordedRequest): string {
  return `req_clide_unscripted_${String(record.index).padStart(4, '0')}`;
}

function countConversation(requests: readonly RecordedRequest[]): number {
  return requests.filter((request) => request.kind === 'conversation').length;
}

function sendJson(
  res: ServerResponse,
  record: RecordedRequest,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  record.status = status;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length === 0) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function redactHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = REDACTED_HEADERS.has(name) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
