import { classify, describe } from '../protocol/classify.js';
import type { WireLog } from './wire-log.js';

/** A CLI→client message with the label the comparison groups it by. */
export interface KindedMessage {
  /**
   * `system/init`, `assistant`, `result/success`, `control_request/can_use_tool`,
   * `stream_event/content_block_delta`, and for the CLI's answers to the client's requests the
   * request they answer: `control_response/success (initialize)`, `control_response/error (set_model)`.
   */
  kind: string;
  /** The top-level `type` (`(none)` when there is none). */
  type: string;
  msg: unknown;
  /** Index of the frame in the wire log. */
  frame: number;
}

/**
 * The CLI's stdout messages of a log, labelled. Client requests are used only to label the answers
 * (`labelAnswers: false` leaves them unlabelled, for a log that did not record the client side).
 */
export function kindedMessages(
  log: Pick<WireLog, 'frames'>,
  options: { labelAnswers?: boolean } = {},
): KindedMessage[] {
  const label = options.labelAnswers ?? true;
  const clientRequests = new Map<string, string>();
  const out: KindedMessage[] = [];
  log.frames.forEach((frame, index) => {
    if (frame.msg === undefined) return;
    const c = classify(frame.msg);
    if (frame.dir === 'to-cli') {
      if (c.kind === 'control_request' && c.requestId !== undefined) {
        clientRequests.set(c.requestId, c.controlSubtype ?? '?');
      }
      return;
    }
    if (frame.dir !== 'from-cli') return;
    let kind = describe(frame.msg);
    if (label && c.kind === 'control_response' && c.requestId !== undefined) {
      const answered = clientRequests.get(c.requestId);
      if (answered !== undefined) kind = `${kind} (${answered})`;
    }
    out.push({ kind, type: c.type ?? '(none)', msg: frame.msg, frame: index });
  });
  return out;
}

/**
 * The kind of every JSON frame of a log, by frame index: the CLI's messages labelled as
 * {@link kindedMessages} labels them, the client's as `client <kind>`, its answers to the CLI's
 * requests labelled with the request they answer (`client control_response/success (can_use_tool)`).
 */
export function frameKinds(log: Pick<WireLog, 'frames'>): Map<number, string> {
  const kinds = new Map<number, string>();
  for (const m of kindedMessages(log)) kinds.set(m.frame, m.kind);
  const cliRequests = new Map<string, string>();
  log.frames.forEach((frame, index) => {
    if (frame.msg === undefined) return;
    const c = classify(frame.msg);
    if (frame.dir === 'from-cli') {
      if (c.kind === 'control_request' && c.requestId !== undefined) {
        cliRequests.set(c.requestId, c.controlSubtype ?? '?');
      }
      return;
    }
    if (frame.dir !== 'to-cli') return;
    const answered =
      c.kind === 'control_response' && c.requestId !== undefined ? cliRequests.get(c.requestId) : undefined;
    kinds.set(index, `client ${describe(frame.msg)}${answered === undefined ? '' : ` (${answered})`}`);
  });
  return kinds;
}

/** Messages whose number and position depend on timing, not on the protocol: never counted or ordered. */
export function isTimingDependent(kind: string): boolean {
  return kind === 'rate_limit_event' || kind === 'keep_alive' || kind.startsWith('stream_event/');
}
