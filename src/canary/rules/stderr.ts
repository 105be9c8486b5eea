import { excerpt, normalizeText } from '../../util/normalize-text.js';
import { stderrOf } from '../wire-log.js';
import type { CompareContext } from './context.js';

const UNKNOWN_OPTION = /unknown option '([^']+)'/;
const ERROR_LINE = /\berror\b/i;

const errorLines = (text: string) =>
  text
    .split('\n')
    .map((line) => normalizeText(line).trim())
    .filter((line) => ERROR_LINE.test(line));

/**
 * Stderr: an unknown-option error (breaking), and error lines the baseline did not print
 * (changed). Not compared when either log did not record stderr.
 */
export function stderrRule(ctx: CompareContext): void {
  if (!ctx.recorded.stderr) return;
  const current = stderrOf(ctx.current);
  const baseline = stderrOf(ctx.baseline);
  const unknown = UNKNOWN_OPTION.exec(current);
  if (unknown && !UNKNOWN_OPTION.test(baseline)) {
    ctx.emit('drift/unknown-flag', `the CLI rejects ${unknown[1]} as an unknown option`, {
      expected: 'the flag accepted',
      actual: excerpt(current, 300),
    });
    return;
  }
  const known = new Set(errorLines(baseline));
  const fresh = errorLines(current).filter((line) => !known.has(line));
  if (fresh.length > 0) {
    ctx.emit(
      'drift/stderr-error',
      `the CLI prints ${fresh.length} error line(s) on stderr the baseline did not`,
      {
        expected: [...known].map((l) => excerpt(l, 200)),
        actual: fresh.slice(0, 5).map((l) => excerpt(l, 200)),
      },
    );
  }
}
