import type { Finding } from '../findings/index.js';

/** Which way a frame went: client → CLI (stdin), CLI → client (stdout), or the CLI's stderr. */
export type FrameDirection = 'to-cli' | 'from-cli' | 'stderr';

/** One captured line. `msg` when it was JSON, `raw` (the exact text) when it was not or for stderr. */
export interface TranscriptFrame {
  seq: number;
  /** Milliseconds since the process was spawned. */
  t: number;
  dir: FrameDirection;
  msg?: unknown;
  raw?: string;
}

/** Everything one run of a CLI side produced: both directions, stderr, exit, and what went wrong. */
export interface Transcript {
  binary: string;
  argv: string[];
  startedAt: string;
  frames: TranscriptFrame[];
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  /** Hangs, deadlines, unanswered requests, non-JSON lines seen by the driver. */
  findings: Finding[];
}

/** The parsed stdout messages of a transcript, in order. */
export function cliMessages(transcript: Pick<Transcript, 'frames'>): Record<string, unknown>[] {
  return transcript.frames
    .filter((f) => f.dir === 'from-cli' && f.msg !== undefined)
    .map((f) => f.msg as Record<string, unknown>);
}

/** The CLI's stderr as one text. */
export function stderrText(transcript: Pick<Transcript, 'frames'>): string {
  return transcript.frames
    .filter((f) => f.dir === 'stderr')
    .map((f) => `${f.raw ?? ''}\n`)
    .join('');
}

/** The transcript of a run that never started (e.g. its set-up failed). */
export function emptyTranscript(binary: string): Transcript {
  return {
    binary,
    argv: [],
    startedAt: new Date().toISOString(),
    frames: [],
    exitCode: null,
    signal: null,
    durationMs: 0,
    findings: [],
  };
}
