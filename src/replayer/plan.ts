import { type Fixture, type FixtureFrame, frameBytes, recordedText } from '../fixture/index.js';
import { classify } from '../protocol/index.js';
import type { ClientLine } from './handlers.js';

/**
 * What a fixture means for playback: the frames in order, and when the recorded CLI was waiting
 * for its stdin to close. The format records no end-of-input, so it is inferred:
 *
 * - a CLI `control_request` that the client never answered and the CLI never cancelled blocks the
 *   turn until stdin closes (the CLI then fails the prompt, "Tool permission stream closed"), so
 *   every frame after it and after the last client frame waits for end-of-input;
 * - otherwise the CLI waits for end-of-input after its last frame, as `-p --input-format
 *   stream-json` does, and then exits with the recorded code;
 * - except when the CLI ended by itself: after a non-JSON stdin line (a parse error is fatal) or a
 *   failed input (an error `result` with `num_turns: 0` as the last output, e.g. a user message
 *   without `message.content`); then it exits right after its last frame.
 */
export interface ReplayPlan {
  frames: FixtureFrame[];
  /** Index of the first frame that waits for the client's end-of-input; `frames.length` = at the end. */
  eofGate: number | undefined;
  exitCode: number;
  signal: string | null;
}

/** The client line a recorded `to-cli` frame holds (undefined for a blank line, which matches nothing). */
export function recordedClientLine(frame: FixtureFrame): ClientLine | undefined {
  if (frame.msg !== undefined) return { kind: 'json', msg: frame.msg };
  // Invalid UTF-8 decodes to U+FFFD, as the replayer's own stdin framer decodes the client's bytes.
  const text =
    frame.raw ?? new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(frameBytes(frame));
  const line = text.endsWith('\r') ? text.slice(0, -1) : text;
  return line.trim() === '' ? undefined : { kind: 'raw', text: line };
}

export function planReplay(fixture: Pick<Fixture, 'frames' | 'trailer'>): ReplayPlan {
  const frames = fixture.frames;
  let lastClient = -1;
  let lastClientIsRaw = false;
  const open = new Map<string, number>();
  frames.forEach((frame, index) => {
    // A CLI message kept as its text is neither a control request nor a cancel (those are parsed).
    if (recordedText(frame)) return;
    const c = classify(frame.msg);
    if (frame.dir === 'to-cli') {
      const line = recordedClientLine(frame);
      if (line) {
        lastClient = index;
        lastClientIsRaw = line.kind === 'raw';
      }
      if (c.kind === 'control_response' && c.requestId !== undefined) open.delete(c.requestId);
    } else if (frame.dir === 'from-cli') {
      if (c.kind === 'control_request' && c.requestId !== undefined) open.set(c.requestId, index);
      if (c.kind === 'control_cancel_request' && c.requestId !== undefined) open.delete(c.requestId);
    }
  });
  const exitCode = fixture.trailer?.exitCode ?? (fixture.trailer?.signal ? 1 : 0);
  const signal = fixture.trailer?.signal ?? null;
  const unanswered = Math.min(...open.values());
  let eofGate: number | undefined;
  if (Number.isFinite(unanswered)) eofGate = Math.max(unanswered + 1, lastClient + 1);
  else if (lastClientIsRaw || endedOnFailedInput(frames)) eofGate = undefined;
  else eofGate = frames.length;
  return { frames, eofGate, exitCode, signal };
}

function endedOnFailedInput(frames: FixtureFrame[]): boolean {
  const last = frames.findLast((f) => f.dir === 'from-cli');
  const msg = last?.msg as { type?: unknown; is_error?: unknown; num_turns?: unknown } | undefined;
  return msg?.type === 'result' && msg.is_error === true && msg.num_turns === 0;
}
