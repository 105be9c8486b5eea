import type { FixtureFrame } from '../fixture/index.js';
import { isRecord } from '../util/json.js';

/**
 * The streams a reader of a fixture joins, and which piece of which stream a line is: a content
 * block's deltas (per parent and block index: text, thinking, tool input JSON), stderr's lines,
 * raw (non-JSON) stdout lines. Shared by the redaction of joined text (joined-frames.ts) and the
 * leak scan's look at it (leak-scan.ts), so both see the same streams.
 */

/** The field of a frame that holds a piece's text. */
export type PieceField = 'raw' | 'text' | 'partial_json' | 'thinking';

export type StreamStep =
  /** The line is the next piece of stream `key`. */
  | { kind: 'piece'; key: string; field: PieceField; text: string; json: boolean; separator: string }
  /** Stream `key` ended (its block started anew or stopped). */
  | { kind: 'end'; key: string }
  /** Every stream of a parent ended (a message started or stopped). */
  | { kind: 'endAll'; prefix: string };

const DELTA_FIELDS: Record<string, PieceField> = {
  text_delta: 'text',
  input_json_delta: 'partial_json',
  thinking_delta: 'thinking',
};

/** What a CLI message is to the streams: a `stream_event` delta is a piece, a block's or message's start or stop an end. */
export function messageStep(msg: unknown): StreamStep | undefined {
  if (!isRecord(msg) || msg.type !== 'stream_event' || !isRecord(msg.event)) return undefined;
  const event = msg.event;
  const parent = `${typeof msg.parent_tool_use_id === 'string' ? msg.parent_tool_use_id : ''}/`;
  const key = `${parent}${String(event.index)}`;
  switch (event.type) {
    case 'content_block_start':
    case 'content_block_stop':
      return { kind: 'end', key };
    case 'message_start':
    case 'message_stop':
      return { kind: 'endAll', prefix: parent };
    case 'content_block_delta': {
      const delta = event.delta;
      if (!isRecord(delta) || typeof delta.type !== 'string') return undefined;
      const field = DELTA_FIELDS[delta.type];
      const text = field === undefined ? undefined : delta[field];
      if (field === undefined || typeof text !== 'string') return undefined;
      return { kind: 'piece', key, field, text, json: field === 'partial_json', separator: '' };
    }
    default:
      return undefined;
  }
}

/** A raw line is the next piece of its direction's stream (`stderr`, or `stdout` for raw stdout lines). */
export function rawStep(stream: 'stderr' | 'stdout', text: string): StreamStep & { kind: 'piece' } {
  return { kind: 'piece', key: stream, field: 'raw', text, json: false, separator: '\n' };
}

/** The piece's text in a frame, as written. */
export function pieceOf(frame: Pick<FixtureFrame, 'msg' | 'raw'>, field: PieceField): string | undefined {
  if (field === 'raw') return frame.raw;
  const msg = frame.msg as { event?: { delta?: Record<string, unknown> } } | undefined;
  const value = msg?.event?.delta?.[field];
  return typeof value === 'string' ? value : undefined;
}

/** The frame with its piece's text replaced (nothing else changed). */
export function withPiece<F extends Pick<FixtureFrame, 'msg' | 'raw'>>(
  frame: F,
  field: PieceField,
  text: string,
): F {
  if (field === 'raw') return { ...frame, raw: text };
  const msg = frame.msg as { event: { delta: Record<string, unknown> } };
  return {
    ...frame,
    msg: { ...msg, event: { ...msg.event, delta: { ...msg.event.delta, [field]: text } } },
  };
}
