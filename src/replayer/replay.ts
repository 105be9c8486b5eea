import { setTimeout as sleep } from 'node:timers/promises';
import { packageInfo } from '../config/package-info.js';
import { isClideError } from '../errors/index.js';
import {
  type Fixture,
  type FixtureFrame,
  type FixtureStream,
  fixtureChanged,
  frameBytes,
  memoryStream,
  type RecordedBytes,
  type RecordedTextFrame,
  recordedText,
} from '../fixture/index.js';
import { classify, encodeLine } from '../protocol/index.js';
import { monotonicMs } from '../util/clock.js';
import { jsonDepth, MAX_WALKED_DEPTH } from '../util/deep-json.js';
import { IdBindings } from './bindings.js';
import { type ClientEvent, ClientInput, type StdinRules } from './client-input.js';
import {
  type Candidate,
  closestCandidates,
  type MismatchReport,
  mismatchSummary,
  renderMismatch,
  UNUSED_SHOWN,
} from './diagnostics.js';
import { errorControlResponse, errorResult } from './error-result.js';
import { type ClientLine, labelOf, type MatchResult, matchClientLine } from './handlers.js';
import type { LiveRedaction } from './live-redaction.js';
import type { Pacing, ReplayMode } from './options.js';
import { BatchedOutput, FILE_PATH_KEY, outboundLine, outboundRecordedLine } from './outbound.js';
import { mapJsonStrings, type PathSubstitution } from './paths.js';
import { type ReplayPlan, ReplaySurvey, recordedClientLine } from './plan.js';
import { isNeutralInitialize, recordedInitializeResponse } from './stock-initialize.js';
import { applyToolEffect } from './tool-effects.js';

/** Something text can be written to (a process stream, a PassThrough, a test buffer). */
export interface TextSink {
  write(text: string): unknown;
  /** Resolves once a sink that could not take a write at once has room again (see BatchedOutput). */
  whenWritable?(): Promise<void> | undefined;
}

/**
 * A fixture read a frame at a time (`openFixtureStream`), with the survey that saw its frames while
 * it was checked.
 */
export interface SurveyedFixture {
  stream: FixtureStream;
  survey: ReplaySurvey;
}

export interface ReplaySessionOptions {
  /** The fixture: held in memory, or read a frame at a time from its file. */
  fixture: Fixture | SurveyedFixture;
  /** Name of the fixture in messages (its path). */
  fixtureName: string;
  mode: ReplayMode;
  pacing: Pacing;
  paths: PathSubstitution;
  /** Working folder: where Write/Edit effects are replayed. */
  cwd: string;
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: TextSink;
  stderr: TextSink;
  /** Replay Write/Edit effects in `cwd` (default true). */
  toolEffects?: boolean;
  /**
   * The recording's redaction, applied to live client messages (live-redaction.ts): a message that
   * differs from the recorded one only where the recorder redacted still matches.
   */
  liveRedaction?: LiveRedaction;
  /**
   * How the recorded CLI version reads stdin: with them, a line it cannot read ends the replay as
   * it ends the real CLI (its stderr line, exit code 1). Without, such a line is matched verbatim.
   */
  stdinRules?: StdinRules;
}

export interface ReplayOutcome {
  /** The process exit code: the recorded one, or 1 after a failed replay. */
  exitCode: number;
  /** The signal that ended the recorded CLI, if one did (the caller may re-raise it). */
  signal?: NodeJS.Signals;
  /** False when the replay failed (strict mismatch or unused frames). */
  ok: boolean;
  /** Warnings given in lenient mode, and the failure in strict mode (one per problem). */
  problems: string[];
}

/**
 * How deep a client line may nest for the replayer to compare it (its walks are recursive); real
 * sessions stay far below it.
 */
export const MAX_COMPARED_DEPTH = MAX_WALKED_DEPTH;

class ReplayFailed extends Error {}

/** A turn of the event loop (its I/O callbacks run). */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Every machine placeholder starts with it (`$CWD`, `$HOME`, …). */
const DOLLAR = 0x24;

/** The client sent a line the CLI cannot read: the session ends as the CLI ends it. */
class InputRefused extends Error {}

const SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGPIPE: 13,
  SIGTERM: 15,
};

/**
 * Plays the CLI side of a fixture to whatever client is on the other end: outbound frames in
 * order (paths and the client's ids substituted), each recorded client frame awaited and matched
 * (`handlers.ts`), recorded stderr reproduced, Write/Edit effects replayed, the recorded exit code
 * returned. Never hangs on a mismatch: strict mode fails with a near-miss report on stderr, an error
 * `result` on stdout and exit code 1; lenient mode warns and carries on.
 */
export async function replaySession(options: ReplaySessionOptions): Promise<ReplayOutcome> {
  const output = new BatchedOutput(options.stdout, options.stderr);
  const session = new ReplaySession({ ...options, stdout: output.stdout, stderr: output.stderr }, output);
  try {
    return await session.run();
  } finally {
    output.flush();
  }
}

/**
 * A client message is matched against the recorded client messages of the run it falls in (the
 * client may send them in another order than recorded: answers to concurrent requests), the next
 * this many of them at most: a replay holds that many frames, never a whole run however long.
 */
export const CLIENT_WINDOW = 1024;

/** Frames played as their bytes whose session ids are left unread, at most (see `settleSessionId`). */
const UNREAD_SESSION_IDS = 256;

/** A recorded client frame waiting for the client's message. */
interface Awaited {
  index: number;
  frame: FixtureFrame;
  line: ClientLine;
}

/** The fixture's frames as the replay plays them, one at a time: the next one seen before it is taken. */
class FrameCursor {
  #next: FixtureFrame | undefined;
  #done = false;
  #index = 0;

  constructor(private readonly frames: Iterator<FixtureFrame>) {}

  /** The index of the next frame. */
  get index(): number {
    return this.#index;
  }

  /** The next frame (undefined at the end). */
  peek(): FixtureFrame | undefined {
    if (this.#next === undefined && !this.#done) {
      const step = this.frames.next();
      if (step.done === true) this.#done = true;
      else this.#next = step.value;
    }
    return this.#next;
  }

  /** Past the next frame. */
  take(): void {
    this.peek();
    this.#next = undefined;
    this.#index += 1;
  }
}

class ReplaySession {
  private readonly stream: FixtureStream;
  private readonly survey: ReplaySurvey;
  private readonly plan: ReplayPlan;
  private readonly ids = new IdBindings();
  private readonly input: ClientInput;
  private readonly problems: string[] = [];
  /**
   * Which recorded client frames were matched (or given up): every one before `consumedBelow`, those
   * of the run being awaited in `taken`, and all of them once the client closed its stdin.
   */
  private consumedBelow = 0;
  private readonly taken = new Set<number>();
  private clientClosed = false;
  /** The session id of the last frame played that had one (see `currentSessionId`). */
  private sessionId: string | undefined;
  /** Frames played as their bytes since `sessionId` was set: their session ids are read when asked for. */
  private unreadSessionIds: RecordedTextFrame[] = [];
  private initializeAnswered = false;
  /** Pacing anchor: a recorded time and the live time it corresponds to. */
  private anchor = { t: 0, live: monotonicMs() };

  constructor(
    private readonly o: ReplaySessionOptions,
    private readonly output?: BatchedOutput,
  ) {
    const fixture = o.fixture;
    if ('stream' in fixture) {
      this.stream = fixture.stream;
      this.survey = fixture.survey;
    } else {
      this.stream = memoryStream(fixture);
      this.survey = new ReplaySurvey();
      for (const frame of fixture.frames) this.survey.frame(frame);
    }
    this.plan = this.survey.plan(this.stream.trailer);
    this.input = new ClientInput(o.stdin, o.stdinRules);
  }

  /**
   * The session id an error result carries: that of the last frame played that had one, else of
   * the first frame in the fixture that has one, else a zero uuid.
   */
  private currentSessionId(): string {
    this.settleSessionId();
    if (this.sessionId !== undefined) return this.sessionId;
    return this.survey.firstSessionId ?? '00000000-0000-4000-8000-000000000000';
  }

  /** Reads the session id of the last frame played as bytes that has one, and forgets those frames. */
  private settleSessionId(): void {
    for (let k = this.unreadSessionIds.length - 1; k >= 0; k--) {
      const sid = this.unreadSessionIds[k]!.top.sessionId;
      if (sid !== undefined) {
        this.sessionId = this.o.paths.toReal(sid);
        break;
      }
    }
    this.unreadSessionIds = [];
  }

  /** A frame played as its bytes: its session id read later (a few hundred frames at a time at most). */
  private unreadSessionId(frame: RecordedTextFrame): void {
    this.unreadSessionIds.push(frame);
    if (this.unreadSessionIds.length >= UNREAD_SESSION_IDS) this.settleSessionId();
  }

  private consumed(seq: number): boolean {
    return this.clientClosed || seq < this.consumedBelow || this.taken.has(seq);
  }

  async run(): Promise<ReplayOutcome> {
    const { frameCount, eofGate } = this.plan;
    const frames = new FrameCursor(this.stream.frames());
    try {
      while (frames.index < frameCount) {
        if (frames.index === eofGate) await this.awaitEndOfInput();
        const frame = frames.peek();
        // The file gave fewer frames than when it was checked.
        if (frame === undefined) throw fixtureChanged(this.o.fixtureName);
        if (frame.dir === 'to-cli') {
          await this.awaitClient(frames);
          continue;
        }
        if (this.o.pacing.kind !== 'instant') await this.pace(frame);
        if (frame.dir === 'from-cli') this.emit(frame);
        else this.o.stderr.write(this.outboundText(frame));
        frames.take();
        // After a batch: the sink's backpressure (a client reading late), else a turn of the loop.
        if (this.output?.wroteBatches()) await (this.output.whenWritable() ?? turn());
      }
      if (eofGate === frameCount) await this.awaitEndOfInput();
    } catch (error) {
      if (error instanceof ReplayFailed) return { exitCode: 1, ok: false, problems: this.problems };
      if (error instanceof InputRefused) return { exitCode: 1, ok: true, problems: this.problems };
      throw error;
    }
    const signal = this.plan.signal as NodeJS.Signals | null;
    const exitCode = signal && this.plan.exitCode === 0 ? 128 + (SIGNALS[signal] ?? 0) : this.plan.exitCode;
    return { exitCode, ok: true, problems: this.problems, ...(signal ? { signal } : {}) };
  }

  /**
   * Handles the run of consecutive recorded client frames at the cursor (`CLIENT_WINDOW` of them
   * awaited at a time); leaves the cursor after it.
   */
  private async awaitClient(frames: FrameCursor): Promise<void> {
    const { eofGate } = this.plan;
    const start = frames.index;
    this.consumedBelow = start;
    this.taken.clear();
    const window: Awaited[] = [];
    // The run's next frames, up to the window's size (past the run's rest once the client closed stdin).
    const fill = () => {
      for (
        let frame = frames.peek();
        frame?.dir === 'to-cli' && (frames.index === start || frames.index !== eofGate);
        frame = frames.peek()
      ) {
        if (window.length >= CLIENT_WINDOW) return;
        const line = this.clientClosed ? undefined : recordedClientLine(frame);
        if (line) window.push({ index: frames.index, frame, line });
        frames.take();
      }
    };
    fill();
    while (window.length > 0) {
      const event = await this.input.next();
      if (event.kind === 'fatal') this.refuse(event.stderr);
      if (event.kind === 'eof') {
        this.unusedFrames(window, frames);
        fill();
        break;
      }
      if (this.tooDeep(event)) continue;
      const actual = this.normalised(event.line);
      let taken: { awaited: Awaited; match: MatchResult } | undefined;
      for (const awaited of window) {
        const match = matchClientLine(awaited.line, actual, this.ids);
        if (match.diffs.length === 0) {
          taken = { awaited, match };
          break;
        }
      }
      // Then as the recorder would have written it: what it redacted compares as redacted.
      const redaction = this.o.liveRedaction;
      const redacted = taken || !redaction ? undefined : this.normalised(redaction.redact(event.line));
      if (redaction && redacted) {
        for (const awaited of window) {
          const unified = redaction.unify(awaited.line, redacted);
          const match = matchClientLine(awaited.line, unified.line, this.ids);
          if (match.diffs.length === 0) {
            redaction.bind(unified.pairs);
            taken = { awaited, match };
            break;
          }
        }
      }
      if (!taken && this.answerUnrecordedInitialize(actual)) continue;
      if (!taken) {
        const first = window[0]!;
        // The differences that are left once the recording's redaction is applied.
        const shown = redaction && redacted ? redaction.unify(first.line, redacted).line : actual;
        const match = matchClientLine(first.line, shown, this.ids);
        this.mismatch(
          `the client's message does not match the recorded one (${match.handler})`,
          { ...event, line: shown },
          first,
          match,
        );
        taken = { awaited: first, match };
      }
      for (const [live, recorded] of taken.match.bindings) this.ids.bind(live, recorded);
      this.taken.add(taken.awaited.frame.seq);
      window.splice(window.indexOf(taken.awaited), 1);
      this.anchor = { t: taken.awaited.frame.t, live: monotonicMs() };
      fill();
    }
    this.consumedBelow = frames.index;
    this.taken.clear();
  }

  /**
   * A neutral `initialize` the fixture does not hold (the SDK always sends one) is answered with
   * the recorded response of the same CLI version (see stock-initialize.ts). Once per session.
   */
  private answerUnrecordedInitialize(actual: ClientLine): boolean {
    if (this.initializeAnswered || actual.kind !== 'json' || !isNeutralInitialize(actual.msg)) return false;
    if (this.survey.initializeRecorded) return false;
    const payload = recordedInitializeResponse(this.survey.cliVersion(this.stream) ?? packageInfo().pinned);
    if (payload === undefined) return false;
    this.initializeAnswered = true;
    const requestId = String(classify(actual.msg).requestId);
    const response = mapJsonStrings(payload, (s) => this.o.paths.toReal(s));
    this.o.stdout.write(
      encodeLine({
        type: 'control_response',
        response: { subtype: 'success', request_id: requestId, response },
      }),
    );
    return true;
  }

  /** Waits for the client to close stdin; any message before that is one the fixture does not have. */
  private async awaitEndOfInput(): Promise<void> {
    for (;;) {
      const event = await this.input.next();
      if (event.kind === 'fatal') this.refuse(event.stderr);
      if (event.kind === 'eof') return;
      if (this.tooDeep(event)) continue;
      if (this.answerUnrecordedInitialize(this.normalised(event.line))) continue;
      this.unexpected(event);
    }
  }

  /**
   * A client line nested deeper than the replayer compares (`MAX_COMPARED_DEPTH`) matches no
   * recorded line: reported like any mismatch (strict: an error result, exit 1; lenient: a
   * warning, and the line is skipped). True when it was such a line.
   */
  private tooDeep(event: Extract<ClientEvent, { kind: 'line' }>): boolean {
    if (event.line.kind !== 'json') return false;
    if (jsonDepth(event.line.msg, MAX_COMPARED_DEPTH) <= MAX_COMPARED_DEPTH) return false;
    this.report({
      headline: `the client's stdin line ${event.lineNo} nests deeper than ${MAX_COMPARED_DEPTH} levels, more than the replayer compares`,
    });
    return true;
  }

  /** A line the CLI cannot read: its error on stderr, nothing more, exit code 1. */
  private refuse(stderr: string): never {
    this.o.stderr.write(`${stderr}\n`);
    throw new InputRefused(stderr);
  }

  private async pace(frame: FixtureFrame): Promise<void> {
    if (this.o.pacing.kind === 'instant') return;
    const due = this.anchor.live + Math.max(0, frame.t - this.anchor.t) * this.o.pacing.factor;
    const wait = due - monotonicMs();
    if (wait > 1) await sleep(wait);
  }

  private emit(frame: FixtureFrame): void {
    const recorded = recordedText(frame);
    const bytes = recorded?.bytes;
    if (bytes !== undefined && this.output !== undefined && this.playsAsRecorded(recorded!, bytes)) {
      // The line as the client gets it is the recorded text: its bytes, as they are.
      this.output.writeBytes(bytes, frame.eol !== false);
      this.unreadSessionId(recorded!);
      return;
    }
    if (!recorded && frame.msg === undefined) {
      this.o.stdout.write(this.outboundText(frame));
      return;
    }
    const { line, message } = recorded
      ? outboundRecordedLine(recorded, this.o.paths, this.ids)
      : outboundLine(frame.msg, this.o.paths, this.ids);
    if (recorded && !message) this.unreadSessionId(recorded);
    else {
      const sid = ((message ?? frame.msg) as { session_id?: unknown }).session_id;
      if (typeof sid === 'string') {
        this.sessionId = message ? sid : this.o.paths.toReal(sid);
        this.unreadSessionIds = [];
      }
    }
    if (message && this.o.toolEffects !== false) this.applyEffect(message, frame);
    this.o.stdout.write(frame.eol === false ? line.slice(0, -1) : line);
  }

  /**
   * Replays a recorded Write/Edit (tool-effects.ts). One that cannot be applied is a fixture error:
   * the client gets an error result instead of the tool's success, and the error ends the session.
   */
  private applyEffect(message: unknown, frame: FixtureFrame): void {
    try {
      applyToolEffect(message, this.o.cwd, { where: `${this.o.fixtureName} frame seq ${frame.seq}` });
    } catch (error) {
      if (!isClideError(error)) throw error;
      const reason = [
        `fake-claude replay: ${error.message}`,
        `fixture: ${error.where ?? this.o.fixtureName}`,
      ];
      this.o.stdout.write(encodeLine(errorResult(this.currentSessionId(), reason)));
      throw error;
    }
  }

  /**
   * Whether a message held as bytes is played exactly as recorded (what `outboundRecordedLine`
   * would give back as it is): no placeholder in it (a `$`), no bound id, and no file effect to
   * replay (a user message naming a `filePath`).
   */
  private playsAsRecorded(frame: RecordedTextFrame, bytes: RecordedBytes): boolean {
    if (frame.mayHoldPlaceholder && bytes.buffer.subarray(bytes.start, bytes.end).indexOf(DOLLAR) >= 0)
      return false;
    const ids = this.ids.escapedRecorded();
    if (ids.length === 0 && frame.type !== 'user') return true;
    const message = bytes.buffer.subarray(bytes.start, bytes.end);
    for (const id of ids) if (message.indexOf(id) >= 0) return false;
    return frame.type !== 'user' || message.indexOf(FILE_PATH_KEY) < 0;
  }

  /** A raw outbound line (stderr, a non-JSON stdout line) with paths and ids substituted. */
  private outboundText(frame: FixtureFrame): string {
    const bytes = frameBytes(frame);
    const text = frame.rawBase64 !== undefined ? bytes.toString('latin1') : bytes.toString('utf8');
    const out = this.ids.toLiveIn(this.o.paths.toReal(text));
    return frame.eol === false ? out : `${out}\n`;
  }

  private normalised(line: ClientLine): ClientLine {
    if (line.kind === 'raw') return { kind: 'raw', text: this.o.paths.toPlaceholders(line.text) };
    return { kind: 'json', msg: mapJsonStrings(line.msg, (s) => this.o.paths.toPlaceholders(s)) };
  }

  private mismatch(
    headline: string,
    event: Extract<ClientEvent, { kind: 'line' }>,
    expected: Awaited,
    match: MatchResult,
  ): void {
    const candidates: Candidate[] = closestCandidates(
      this.stream.frames(),
      event.line,
      this.ids,
      new Set([expected.frame.seq]),
      (seq) => this.consumed(seq),
    );
    this.report(
      {
        headline,
        expected: { frame: expected.frame, line: expected.line },
        actual: event.line,
        diffs: match.diffs,
        candidates,
      },
      event.line,
    );
  }

  private unexpected(event: Extract<ClientEvent, { kind: 'line' }>): void {
    const actual = this.normalised(event.line);
    const candidates = closestCandidates(this.stream.frames(), actual, this.ids, new Set(), (seq) =>
      this.consumed(seq),
    );
    this.report(
      {
        headline: `the client sent ${labelOf(actual)} (stdin line ${event.lineNo}) but the fixture expects no more client messages`,
        actual,
        candidates,
      },
      event.line,
    );
  }

  /**
   * End of input with recorded client frames still to come (those awaited in `window`, then every
   * one after the cursor, read again from the fixture to be counted): every one of them is unused.
   */
  private unusedFrames(window: Awaited[], frames: FrameCursor): void {
    const unused = window.slice(0, UNUSED_SHOWN).map((awaited) => awaited.frame);
    let count = window.length;
    const from = frames.index;
    let index = 0;
    for (const frame of this.stream.frames()) {
      if (index++ < from || frame.dir !== 'to-cli' || !recordedClientLine(frame)) continue;
      count += 1;
      if (unused.length < UNUSED_SHOWN) unused.push(frame);
    }
    window.length = 0;
    this.clientClosed = true;
    this.report({
      headline: `the client closed stdin with ${count} recorded client frame(s) unused`,
      unused,
      unusedCount: count,
    });
  }

  /** Strict: report, answer the client's pending request with an error, error result, stop. Lenient: warn. */
  private report(report: Omit<MismatchReport, 'fixture' | 'mode'>, actual?: ClientLine): void {
    const full: MismatchReport = { ...report, fixture: this.o.fixtureName, mode: this.o.mode };
    this.o.stderr.write(renderMismatch(full));
    this.problems.push(report.headline);
    if (this.o.mode === 'lenient') {
      // A client request the fixture cannot answer still gets an answer, so the client never hangs.
      if (actual && !report.expected) this.answerWithError(actual, report.headline);
      return;
    }
    if (actual) this.answerWithError(actual, report.headline);
    this.o.stdout.write(encodeLine(errorResult(this.currentSessionId(), mismatchSummary(full))));
    throw new ReplayFailed(report.headline);
  }

  private answerWithError(actual: ClientLine, reason: string): void {
    if (actual.kind !== 'json') return;
    const c = classify(actual.msg);
    if (c.kind === 'control_request' && c.requestId !== undefined) {
      this.o.stdout.write(encodeLine(errorControlResponse(c.requestId, `fake-claude replay: ${reason}`)));
    }
  }
}
