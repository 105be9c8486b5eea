import type { Transcript } from '../driver/index.js';

/** Which way a captured line went (the same three directions as transcripts and fixtures). */
export type WireDirection = 'to-cli' | 'from-cli' | 'stderr';

/** One captured line: the parsed message, or the raw text when it was not JSON (and for stderr). */
export interface WireFrame {
  dir: WireDirection;
  msg?: unknown;
  raw?: string;
}

/**
 * The view of one CLI run that the structural comparison needs, whatever it came from: a live
 * transcript (a canary run) or a fixture file (the baseline corpus, a wire log of an earlier run).
 */
export interface WireLog {
  /** Where it came from, for messages: a fixture path or `run of <scenario>`. */
  source: string;
  /** CLI version, when known. */
  cliVersion: string | null;
  frames: WireFrame[];
  exitCode: number | null;
  signal: string | null;
  /**
   * False when the capture stopped before the CLI ended on its own (a recorder that was killed,
   * a fixture without trailer). The exit code of an incomplete log is not compared.
   */
  complete: boolean;
  /**
   * What the log recorded besides stdout; omitted: everything (a fixture or a live run). A plain
   * stdout capture records no exit status, no stderr and no client side: those are not compared.
   */
  recorded?: { exit: boolean; stderr: boolean; client: boolean };
  /**
   * The requests the CLI made to the model API that the model script does not cover, as sorted
   * `METHOD /path` keys (`HEAD /api/hello`); omitted: none recorded (see side-requests.ts).
   */
  sideRequests?: readonly string[];
}

/** The wire log of a live run. A run the driver had to kill is complete: the kill is the outcome. */
export function wireLogFromTranscript(
  transcript: Transcript,
  source: string,
  cliVersion: string | null = null,
): WireLog {
  return {
    source,
    cliVersion,
    frames: transcript.frames.map((f) => ({
      dir: f.dir,
      ...(f.msg !== undefined ? { msg: f.msg } : {}),
      ...(f.raw !== undefined ? { raw: f.raw } : {}),
    })),
    exitCode: transcript.exitCode,
    signal: transcript.signal,
    complete: true,
  };
}

/** The parsed stdout messages of a wire log, in order. */
export function fromCliMessages(log: Pick<WireLog, 'frames'>): unknown[] {
  return log.frames.filter((f) => f.dir === 'from-cli' && f.msg !== undefined).map((f) => f.msg);
}

/** The stderr of a wire log as one text. */
export function stderrOf(log: Pick<WireLog, 'frames'>): string {
  return log.frames
    .filter((f) => f.dir === 'stderr')
    .map((f) => `${f.raw ?? ''}\n`)
    .join('');
}
