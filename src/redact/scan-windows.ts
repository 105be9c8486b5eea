/**
 * The leak scan over a text too long for one regex pass: V8 runs a regex on its own stack, and a
 * pattern's loop over one token of several MiB (a base64 blob with no space in a tool result)
 * overflows it (`Maximum call stack size exceeded`, from about 8 MiB of one token). Such a text
 * is scanned in overlapping windows: each window ends `SCAN_OVERLAP` characters after the next one
 * starts, more than the longest secret a detector finds (a PEM private key's body, a few KiB; the
 * entropy detector's tokens, 512 characters), so a secret across the end of one window lies whole
 * in the next. Each find is kept by one window only, the one that owns where it starts: a window
 * owns the starts from `SCAN_CONTEXT` characters after its own start (what comes before is the
 * previous window's, which saw it with its context: a lookbehind, a token's beginning) up to as far
 * into the next window.
 */

/** Texts longer than this (UTF-16 units) are scanned in windows of this size. */
export const SCAN_WINDOW = 1 << 20;
/** How much consecutive windows overlap. */
export const SCAN_OVERLAP = 64 * 1024;
/** The context a find needs before it in its window (a keyword, a token's start). */
export const SCAN_CONTEXT = 1024;

export interface ScanWindow {
  /** The window's text. */
  text: string;
  /** Where the window starts in the whole text. */
  at: number;
  /** The starts (offsets into the window) whose finds this window reports: `[from, to)`. */
  from: number;
  to: number;
}

/** The windows of `text`: one, the whole text, when it is not longer than `size`. */
export function* scanWindows(
  text: string,
  size = SCAN_WINDOW,
  overlap = SCAN_OVERLAP,
  context = SCAN_CONTEXT,
): Generator<ScanWindow> {
  if (text.length <= size) {
    yield { text, at: 0, from: 0, to: Number.POSITIVE_INFINITY };
    return;
  }
  const step = size - overlap;
  for (let at = 0; ; at += step) {
    const end = Math.min(at + size, text.length);
    const last = end === text.length;
    yield {
      text: text.slice(at, end),
      at,
      from: at === 0 ? 0 : context,
      to: last ? Number.POSITIVE_INFINITY : step + context,
    };
    if (last) return;
  }
}

/** Whether a find starting at `start` (in the window) is the window's to report. */
export function owns(window: ScanWindow, start: number): boolean {
  return start >= window.from && start < window.to;
}
