import type { Json } from '../../behaviour/index.js';
import type { HistoryMessage, KindsHost } from './host.js';

/**
 * A side request over the conversation (a prompt suggestion, a compaction's summary) as the CLI
 * makes it: the conversation as the main loop sends it — its cache control on the conversation's
 * last block — then `instructions` as a user message of their own, a string, with the request
 * parameters the version sets otherwise for it (`params`, captured).
 */
export function sideRequestBody(
  host: KindsHost,
  history: HistoryMessage[],
  instructions: string,
  params: Json,
): Json {
  const body = host.requestBody(history);
  body.messages = [...(body.messages as Json[]), { role: 'user', content: instructions }];
  return Object.assign(body, structuredClone(params));
}
