import { setTimeout as sleep } from 'node:timers/promises';
import { packageInfo } from '../config/package-info.js';
import { isClideError } from '../errors/index.js';
import {
  type Fixture,
  type FixtureFrame,
  fixtureCliVersion,
  frameBytes,
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
} from './diagnostics.js';
import { errorControlResponse, errorResult } from './error-result.js';
import { type ClientLine, labelOf, type MatchResult, matchClientLine } from './handlers.js';
import type { LiveRedaction } from './live-redaction.js';
import type { Pacing, ReplayMode } from './options.js';
import { BatchedOutput, FILE_PATH_KEY, outboundLine, outboundRecordedLine } from './outbound.js';
import { mapJsonStrings, type PathSubstitution } from './paths.js';
import { planReplay, recordedClientLine } from './plan.js';
import { isNeutralInitialize, recordedInitializeResponse } from './stock-initialize.js';
import { applyToolEffect } from './tool-effects.js';

/** Something text can be written to (a process stream, a PassThrough, a test buffer). */
export interface TextSink {
  write(text: string): unknown;
  /** Resolves once a sink that could not take a write at once has room again (see BatchedOutput). */
  whenWritable?(): Promise<void> | undefined;
}

export interface ReplaySessionOptions {
  fixture: Fixture;
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

class ReplaySession {
  private readonly plan;
  private readonly ids = new IdBindings();
  private readonly input: ClientInput;
  private readonly problems: string[] = [];
  private readonly consumed = new Set<number>();
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
    this.plan = planReplay(o.fixture);
    this.input = new ClientInput(o.stdin, o.stdinRules);
  }

  /**
   * The session id an error result carries: that of the last frame played that had one, else of
   * the first frame in the fixture that has one, else a zero uuid.
   */
  private currentSessionId(): string {
    for (let k = this.unreadSessionIds.length - 1; k >= 0; k--) {
      const sid = this.unreadSessionIds[k]!.top.sessionId;
      if (sid !== undefined) {
        this.sessionId = this.o.paths.toReal(sid);
        break;
      }
    }
    this.unreadSessionIds = [];
    if (this.sessionId !== undefined) return this.sessionId;
    for (const f of this.o.fixture.frames) {
      const sid = recordedText(f)?.top.sessionId ?? (f.msg as { session_id?: unknown })?.session_id;
      if (typeof sid === 'string') return sid;
    }
    return '00000000-0000-4000-8000-000000000000';
  }

  async run(): Promise<ReplayOutcome> {
    const { frames, eofGate } = this.plan;
    try {
      let i = 0;
      while (i < frames.length) {
        if (i === eofGate) await this.awaitEndOfInput();
        const frame = frames[i]!;
        if (frame.dir === 'to-cli') {
          i = await this.awaitClient(i);
          continue;
        }
        if (this.o.pacing.kind !== 'instant') await this.pace(frame);
        if (frame.dir === 'from-cli') this.emit(frame);
        else this.o.stderr.write(this.outboundText(frame));
        i += 1;
        // After a batch: the sink's backpressure (a client reading late), else a turn of the loop.
        if (this.output?.wroteBatches()) await (this.output.whenWritable() ?? turn());
      }
      if (eofGate === frames.length) await this.awaitEndOfInput();
    } catch (error) {
      if (error instanceof ReplayFailed) return { exitCode: 1, ok: false, problems: this.problems };
      if (error instanceof InputRefused) return { exitCode: 1, ok: true, problems: this.problems };
      throw error;
    }
    const signal = this.plan.signal as NodeJS.Signals | null;
    const exitCode = signal && this.plan.exitCode === 0 ? 128 + (SIGNALS[signal] ?? 0) : this.plan.exitCode;
    return { exitCode, ok: true, problems: this.problems, ...(signal ? { signal } : {}) };
  }

  /** Handles the run of consecutive recorded client frames at `start`; returns the index after it. */
  private async awaitClient(start: number): Promise<number> {
    const { frames, eofGate } = this.plan;
    const window: number[] = [];
    let end = start;
    while (end < frames.length && end !== eofGate && frames[end]!.dir === 'to-cli') {
      if (recordedClientLine(frames[end]!) && !this.consumed.has(frames[end]!.seq)) window.push(end);
      end += 1;
    }
    while (window.length > 0) {
      const event = await this.input.next();
      if (event.kind === 'fatal') this.refuse(event.stderr);
      if (event.kind === 'eof') {
        this.unusedFrames(window);
        break;
      }
      if (this.tooDeep(event)) continue;
      const actual = this.normalised(event.line);
      const expected = window.map((index) => ({ index, line: recordedClientLine(frames[index]!)! }));
      let taken: { index: number; match: MatchResult } | undefined;
      for (const candidate of expected) {
        const match = matchClientLine(candidate.line, actual, this.ids);
        if (match.diffs.length === 0) {
          taken = { index: candidate.index, match };
          break;
        }
      }
      // Then as the recorder would have written it: what it redacted compares as redacted.
      const redaction = this.o.liveRedaction;
      const redacted = taken || !redaction ? undefined : this.normalised(redaction.redact(event.line));
      if (redaction && redacted) {
        for (const candidate of expected) {
          const unified = redaction.unify(candidate.line, redacted);
          const match = matchClientLine(candidate.line, unified.line, this.ids);
          if (match.diffs.length === 0) {
            redaction.bind(unified.pairs);
            taken = { index: candidate.index, match };
            break;
          }
        }
      }
      if (!taken && this.answerUnrecordedInitialize(actual)) continue;
      if (!taken) {
        const first = expected[0]!;
        // The differences that are left once the recording's redaction is applied.
        const shown = redaction && redacted ? redaction.unify(first.line, redacted).line : actual;
        const match = matchClientLine(first.line, shown, this.ids);
        this.mismatch(
          `the client's message does not match the recorded one (${match.handler})`,
          { ...event, line: shown },
          first.index,
          match,
        );
        taken = { index: first.index, match };
      }
      for (const [live, recorded] of taken.match.bindings) this.ids.bind(live, recorded);
      this.consumed.add(frames[taken.index]!.seq);
      window.splice(window.indexOf(taken.index), 1);
      this.anchor = { t: frames[taken.index]!.t, live: monotonicMs() };
    }
    return end;
  }

  /**
   * A neutral `initialize` the fixture does not hold (the SDK always sends one) is answered with
   * the recorded response of the same CLI version (see stock-initialize.ts). Once per session.
   */
  private answerUnrecordedInitialize(actual: ClientLine): boolean {
    if (this.initializeAnswered || actual.kind !== 'json' || !isNeutralInitialize(actual.msg)) return false;
    const recorded = this.plan.frames.some(
      (f) => f.dir === 'to-cli' && classify(f.msg).controlSubtype === 'initialize',
    );
    if (recorded) return false;
    const payload = recordedInitializeResponse(fixtureCliVersion(this.o.fixture) ?? packageInfo().pinned);
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
      this.unreadSessionIds.push(recorded!);
      return;
    }
    if (!recorded && frame.msg === undefined) {
      this.o.stdout.write(this.outboundText(frame));
      return;
    }
    const { line, message } = recorded
      ? outboundRecordedLine(recorded, this.o.paths, this.ids)
      : outboundLine(frame.msg, this.o.paths, this.ids);
    if (recorded && !message) this.unreadSessionIds.push(recorded);
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
    index: number,
    match: MatchResult,
  ): void {
    const frame = this.plan.frames[index]!;
    const candidates: Candidate[] = closestCandidates(
      this.plan.frames,
      event.line,
      this.ids,
      new Set([frame.seq]),
      this.consumed,
    );
    this.report(
      {
        headline,
        expected: { frame, line: recordedClientLine(frame)! },
        actual: event.line,
        diffs: match.diffs,
        candidates,
      },
      event.line,
    );
  }

  private unexpected(event: Extract<ClientEvent, { kind: 'line' }>): void {
    const actual = this.normalised(event.line);
    const candidates = closestCandidates(this.plan.frames, actual, this.ids, new Set(), this.consumed);
    this.report(
      {
        headline: `the client sent ${labelOf(actual)} (stdin line ${event.lineNo}) but the fixture expects no more client messages`,
        actual,
        candidates,
      },
      event.line,
    );
  }

  /** End of input with recorded client frames still to come: every one of them is unused. */
  private unusedFrames(window: number[]): void {
    const from = window[0]!;
    const rest = this.plan.frames.filter(
      (f, index) => index >= from && f.dir === 'to-cli' && !this.consumed.has(f.seq) && recordedClientLine(f),
    );
    for (const f of rest) this.consumed.add(f.seq);
    window.length = 0;
    this.report({
      headline: `the client closed stdin with ${rest.length} recorded client frame(s) unused`,
      unused: rest,
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
