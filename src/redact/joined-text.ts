/**
 * Secrets as the reader of a fixture sees them: a content block streamed as deltas
 * (`--include-partial-messages` sends text and tool input a few characters at a time) reads as
 * the deltas' joined text, stderr as its lines joined. A secret split over pieces is in no piece
 * whole, so no rule finds it in one; `JoinedText` keeps the recent text of each stream and finds
 * the secrets that reach into the newest piece from the pieces before it.
 */

/** A secret found in a stream's joined text (offsets into the text searched). */
export interface JoinedMatch {
  /** The whole match, context included (`DB_PASSWORD=` and the value). */
  matchStart: number;
  matchEnd: number;
  /** The secret itself, the part that is replaced. */
  start: number;
  end: number;
  /** The placeholder the secret gets (learnt and counted by the redactor when called). */
  placeholder(): string;
  /**
   * False for a rule that redacting a piece by itself does not apply (a secret-shaped key in a
   * tool input's JSON text): its matches are returned even when they lie wholly in the new piece.
   */
  inPieceRule?: false;
}

/**
 * Finds the secrets in a stream's joined text; `json`: the stream is JSON text (a tool input);
 * `patterns`: false when no pattern's keyword can be in `text` (the finder may skip the patterns).
 */
export type JoinedFinder = (text: string, options: { json: boolean; patterns: boolean }) => JoinedMatch[];

/** A part of an earlier piece that belongs to a secret reaching into the newest one. */
export interface EarlierPart<Ref> {
  ref: Ref;
  /** The placeholder of the secret the part belongs to (the one the newest piece gets). */
  placeholder: string;
  /** Offsets into that piece's own text. */
  start: number;
  end: number;
}

export interface JoinPlan<Ref> {
  /** Spans of the new piece to replace before it is written (sorted, disjoint), with their placeholders. */
  current: Array<{ start: number; end: number; placeholder: string }>;
  /** Parts of earlier pieces, already written, to mask where they are. */
  earlier: Array<EarlierPart<Ref>>;
}

interface Piece<Ref> {
  /** Offset of the piece in the stream's joined text. */
  start: number;
  /** The piece's original text (what the CLI sent). */
  text: string;
  /** Characters of the joined text the piece adds (its text and the separator after it). */
  length: number;
  ref: Ref | undefined;
}

interface Stream<Ref> {
  pieces: Array<Piece<Ref>>;
  /** Joined text from `base` on. */
  text: string;
  base: number;
  end: number;
  /** Where a match that reached the end of the text began: it may go on in the next piece. */
  open: number | undefined;
  json: boolean;
  /** The end of the text when a pattern's keyword was last seen in a piece's tail. */
  keywordAt: number | undefined;
}

/** How far back from a new piece a secret (with its context) may begin. */
export const JOINED_LOOKBACK = 1024;
/** How far back a match still going on at the end of the text is followed (a private key's body). */
export const JOINED_MAX_OPEN = 64 * 1024;
/** How much text before a new piece a pattern's keyword can straddle (keywords are short). */
const KEYWORD_SPAN = 256;
/**
 * Streams followed at once, at most. A stream is forgotten when its block or message ends; one
 * that never does (a subagent's block cut short by an interrupt: each subagent has streams of its
 * own) would stay for the rest of the session. Beyond this many, the stream pieces were added to
 * longest ago is forgotten: far more than a session streams at once (a few blocks per agent).
 */
export const MAX_JOINED_STREAMS = 256;

export class JoinedText<Ref> {
  private readonly streams = new Map<string, Stream<Ref>>();

  /**
   * `keywords`: whether a text holds any pattern's keyword (the patterns' combined pre-test); the
   * patterns then run only while a keyword seen lies in the text searched.
   */
  constructor(
    private readonly find: JoinedFinder,
    private readonly keywords: (text: string) => boolean = () => true,
  ) {}

  /**
   * Adds `text`, the next piece of stream `key` (`separator` joins it to the next one: `\n`
   * between stderr lines), and returns what a secret reaching into it from earlier pieces
   * changes: the spans of `text` to replace, and the parts of earlier pieces to mask. A secret
   * wholly inside `text` is not returned (redacting the piece by itself finds it) unless its
   * rule is one that redaction does not apply (`inPieceRule: false`).
   */
  push(
    key: string,
    text: string,
    options: { separator?: string; json?: boolean; inside?: boolean } = {},
  ): JoinPlan<Ref> {
    let stream = this.streams.get(key);
    // The most recently added to last: the first is the one to forget.
    if (stream !== undefined) this.streams.delete(key);
    else {
      if (this.streams.size >= MAX_JOINED_STREAMS) this.streams.delete(this.streams.keys().next().value!);
      stream = {
        pieces: [],
        text: '',
        base: 0,
        end: 0,
        open: undefined,
        json: options.json ?? false,
        keywordAt: undefined,
      };
    }
    this.streams.set(key, stream);
    const separator = options.separator ?? '';
    const pieceStart = stream.end;
    const piece: Piece<Ref> = {
      start: pieceStart,
      text,
      length: text.length + separator.length,
      ref: undefined,
    };
    stream.pieces.push(piece);
    stream.text += text + separator;
    stream.end += piece.length;

    const from = Math.max(
      stream.base,
      pieceStart - JOINED_MAX_OPEN,
      Math.min(pieceStart - JOINED_LOOKBACK, stream.open ?? Number.POSITIVE_INFINITY),
    );
    this.trim(stream, from);
    const plan: JoinPlan<Ref> = { current: [], earlier: [] };
    const window = stream.text.slice(from - stream.base);
    let open: number | undefined;
    const pieceEnd = pieceStart + text.length;
    /** Matches wholly inside the new piece that its own redaction would find. */
    const inside: Array<{ start: number; end: number; placeholder: () => string }> = [];
    // A keyword that reaches into the new piece is in its tail; one wholly before it was seen then.
    const tailFrom = Math.max(from, pieceStart - KEYWORD_SPAN);
    if (this.keywords(stream.text.slice(tailFrom - stream.base))) stream.keywordAt = stream.end;
    const patterns = stream.open !== undefined || (stream.keywordAt !== undefined && stream.keywordAt > from);
    if (window.length >= 2) {
      for (const m of this.find(window, { json: stream.json, patterns })) {
        const matchStart = from + m.matchStart;
        const matchEnd = from + m.matchEnd;
        if (matchEnd >= stream.end - separator.length) open = Math.min(open ?? matchStart, matchStart);
        const start = from + m.start;
        const end = from + m.end;
        if (end <= start || matchEnd <= pieceStart) continue; // found when the earlier pieces were written
        if (matchStart >= pieceStart && m.inPieceRule !== false) {
          // Its own redaction finds it — unless a secret from before changes the piece first.
          inside.push({
            start: start - pieceStart,
            end: Math.min(end, pieceEnd) - pieceStart,
            placeholder: () => m.placeholder(),
          });
          continue;
        }
        const placeholder = m.placeholder();
        if (end > pieceStart && start < pieceEnd)
          plan.current.push({
            start: Math.max(start, pieceStart) - pieceStart,
            end: Math.min(end, pieceEnd) - pieceStart,
            placeholder,
          });
        for (const p of stream.pieces) {
          if (p === piece || p.ref === undefined) continue;
          const a = Math.max(start, p.start);
          const b = Math.min(end, p.start + p.text.length);
          if (a < b) plan.earlier.push({ ref: p.ref, placeholder, start: a - p.start, end: b - p.start });
        }
      }
    }
    stream.open = open;
    // A secret from before changes the piece: what its own redaction would have found there (a
    // private key's BEGIN line the change takes away) is replaced with it, from the whole text.
    if (plan.current.length > 0 && options.inside !== false)
      for (const m of inside)
        if (m.end > m.start) plan.current.push({ start: m.start, end: m.end, placeholder: m.placeholder() });
    plan.current = mergeSpans(plan.current);
    return plan;
  }

  /** Ties the newest piece of `key` to where it was written, so a later secret can reach back into it. */
  written(key: string, ref: Ref): void {
    const piece = this.streams.get(key)?.pieces.at(-1);
    if (piece) piece.ref = ref;
  }

  /** How many streams are followed (for the tests: bounded by `MAX_JOINED_STREAMS`). */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Forgets stream `key` (its block ended). */
  end(key: string): void {
    this.streams.delete(key);
  }

  /** Forgets every stream whose key starts with `prefix`. */
  endAll(prefix: string): void {
    for (const key of [...this.streams.keys()]) if (key.startsWith(prefix)) this.streams.delete(key);
  }

  /** Drops the pieces that end before `from`: nothing found from `from` on can reach them. */
  private trim(stream: Stream<Ref>, from: number): void {
    let drop = 0;
    while (
      drop < stream.pieces.length - 1 &&
      stream.pieces[drop]!.start + stream.pieces[drop]!.length <= from
    )
      drop += 1;
    if (drop === 0) return;
    stream.pieces.splice(0, drop);
    const base = stream.pieces[0]!.start;
    stream.text = stream.text.slice(base - stream.base);
    stream.base = base;
  }
}

/** Spans sorted and merged where they overlap (the first placeholder stands for the merged span). */
function mergeSpans<T extends { start: number; end: number }>(spans: T[]): T[] {
  if (spans.length < 2) return spans;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: T[] = [sorted[0]!];
  for (const span of sorted.slice(1)) {
    const last = out.at(-1)!;
    if (span.start < last.end) last.end = Math.max(last.end, span.end);
    else out.push(span);
  }
  return out;
}
