import {
  type Fixture,
  type FixtureFrame,
  type FixtureTrailer,
  type FrameVisitor,
  frameBytes,
  recordedText,
} from '../fixture/index.js';
import { classify } from '../protocol/index.js';
import type { ClientLine } from './handlers.js';

/**
 * What a fixture means for playback: how many frames it plays, and when the recorded CLI was waiting
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
  /** How many frames the fixture holds. */
  frameCount: number;
  /** Index of the first frame that waits for the client's end-of-input; `frameCount` = at the end. */
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

/**
 * What a replay needs to know of a whole fixture before it plays the first frame, learnt frame by
 * frame as the fixture is checked (`openFixtureStream`) and keeping none of them: the plan's facts
 * (the last client frame, the CLI's control requests still open, the last CLI message), the `init`
 * event's CLI version, the first session id, and whether the client's `initialize` is recorded.
 * What it holds is a few values, and the control requests still open at the frame it is at.
 */
export class ReplaySurvey implements FrameVisitor {
  #index = 0;
  #lastClient = -1;
  #lastClientIsRaw = false;
  readonly #open = new Map<string, number>();
  #lastFromCli: FixtureFrame | undefined;
  #initVersion: string | undefined;
  #firstSessionId: string | undefined;
  #initializeRecorded = false;

  frame(frame: FixtureFrame): void {
    const index = this.#index;
    this.#index += 1;
    const recorded = recordedText(frame);
    if (frame.dir === 'from-cli') this.#lastFromCli = frame;
    if (this.#firstSessionId === undefined) {
      const sid = recorded?.top.sessionId ?? (frame.msg as { session_id?: unknown } | undefined)?.session_id;
      if (typeof sid === 'string') this.#firstSessionId = sid;
    }
    // A message kept as its text is parsed only when it may be the `init` event.
    if (this.#initVersion === undefined && (!recorded || recorded.type === 'system')) {
      const msg = frame.msg as
        | { type?: unknown; subtype?: unknown; claude_code_version?: unknown }
        | undefined;
      if (msg?.type === 'system' && msg.subtype === 'init' && typeof msg.claude_code_version === 'string')
        this.#initVersion = msg.claude_code_version;
    }
    // A CLI message kept as its text is neither a control request nor a cancel (those are parsed).
    if (recorded) return;
    const c = classify(frame.msg);
    if (frame.dir === 'to-cli') {
      const line = recordedClientLine(frame);
      if (line) {
        this.#lastClient = index;
        this.#lastClientIsRaw = line.kind === 'raw';
      }
      if (c.controlSubtype === 'initialize') this.#initializeRecorded = true;
      if (c.kind === 'control_response' && c.requestId !== undefined) this.#open.delete(c.requestId);
    } else if (frame.dir === 'from-cli') {
      if (c.kind === 'control_request' && c.requestId !== undefined) this.#open.set(c.requestId, index);
      if (c.kind === 'control_cancel_request' && c.requestId !== undefined) this.#open.delete(c.requestId);
    }
  }

  /** The session id of the first frame that has one. */
  get firstSessionId(): string | undefined {
    return this.#firstSessionId;
  }

  /** Whether the fixture holds a client `initialize`. */
  get initializeRecorded(): boolean {
    return this.#initializeRecorded;
  }

  /** The CLI version the fixture was recorded from: header, else trailer, else the `init` event (as `fixtureCliVersion`). */
  cliVersion(fixture: Pick<Fixture, 'header' | 'trailer'>): string | null {
    return fixture.header.cliVersion ?? fixture.trailer?.cliVersion ?? this.#initVersion ?? null;
  }

  /** The plan of the fixture whose frames were all seen, given its trailer. */
  plan(trailer: FixtureTrailer | null): ReplayPlan {
    const frameCount = this.#index;
    const exitCode = trailer?.exitCode ?? (trailer?.signal ? 1 : 0);
    const signal = trailer?.signal ?? null;
    let unanswered = Number.POSITIVE_INFINITY;
    for (const index of this.#open.values()) unanswered = Math.min(unanswered, index);
    let eofGate: number | undefined;
    if (Number.isFinite(unanswered)) eofGate = Math.max(unanswered + 1, this.#lastClient + 1);
    else if (this.#lastClientIsRaw || endedOnFailedInput(this.#lastFromCli)) eofGate = undefined;
    else eofGate = frameCount;
    return { frameCount, eofGate, exitCode, signal };
  }
}

/** The plan of a fixture held in memory (see `ReplaySurvey`). */
export function planReplay(fixture: Pick<Fixture, 'frames' | 'trailer'>): ReplayPlan {
  const survey = new ReplaySurvey();
  for (const frame of fixture.frames) survey.frame(frame);
  return survey.plan(fixture.trailer);
}

function endedOnFailedInput(last: FixtureFrame | undefined): boolean {
  if (last === undefined) return false;
  const recorded = recordedText(last);
  if (recorded && recorded.type !== 'result') return false;
  const msg = last.msg as { type?: unknown; is_error?: unknown; num_turns?: unknown } | undefined;
  return msg?.type === 'result' && msg.is_error === true && msg.num_turns === 0;
}
