import { createTwoFilesPatch } from 'diff';
import type { FixtureFrame } from '../fixture/index.js';
import type { IdBindings } from './bindings.js';
import { type FieldDiff, formatDiff } from './compare.js';
import { type ClientLine, labelOf, matchClientLine } from './handlers.js';
import { recordedClientLine } from './plan.js';

/**
 * The near-miss report written to stderr when a client message does not match the fixture:
 * the expected frame, the actual message, the field-level differences, a line diff of both, and
 * the closest other client frames of the fixture (by number of differing fields).
 */

const MAX_DIFFS = 20;
/** The unused client frames a report shows (what a replay keeps of them). */
export const UNUSED_SHOWN = 20;
const MAX_CANDIDATES = 3;

function pretty(line: ClientLine | undefined): string {
  if (line === undefined) return '(nothing)';
  return line.kind === 'raw' ? line.text : JSON.stringify(line.msg, null, 2);
}

function indent(text: string, by = '    '): string {
  return text
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');
}

export interface Candidate {
  seq: number;
  label: string;
  diffs: FieldDiff[];
  /** Lower is closer: the differences, doubled when even the message kind differs. */
  score: number;
  /** The frame was already matched by an earlier client message. */
  used: boolean;
}

/**
 * The recorded client frames closest to `actual` (fewest significant differences), best first:
 * `frames` read once, only the best kept (a fixture's frames may be read from its file, one at a
 * time). `used`: whether a frame was already matched by an earlier client message.
 */
export function closestCandidates(
  frames: Iterable<FixtureFrame>,
  actual: ClientLine,
  ids: IdBindings,
  exclude: ReadonlySet<number>,
  used: (seq: number) => boolean = () => false,
): Candidate[] {
  const out: Candidate[] = [];
  const before = (a: Candidate, b: Candidate) => a.score - b.score || a.seq - b.seq;
  for (const frame of frames) {
    if (frame.dir !== 'to-cli' || exclude.has(frame.seq)) continue;
    const expected = recordedClientLine(frame);
    if (!expected) continue;
    const { diffs } = matchClientLine(expected, actual, ids);
    const sameLabel = labelOf(expected) === labelOf(actual);
    const candidate: Candidate = {
      seq: frame.seq,
      label: labelOf(expected),
      diffs,
      score: sameLabel ? diffs.length : 2 * diffs.length + 1,
      used: used(frame.seq),
    };
    if (out.length === MAX_CANDIDATES && before(candidate, out.at(-1)!) >= 0) continue;
    out.push(candidate);
    out.sort(before);
    if (out.length > MAX_CANDIDATES) out.pop();
  }
  return out;
}

export interface MismatchReport {
  fixture: string;
  mode: 'strict' | 'lenient';
  /** What went wrong, one line. */
  headline: string;
  expected?: { frame: FixtureFrame; line: ClientLine };
  actual?: ClientLine;
  diffs?: FieldDiff[];
  candidates?: Candidate[];
  /** Recorded client frames the client never sent (end of input came first): the first of them… */
  unused?: FixtureFrame[];
  /** …and how many there are (when more than `unused` shows). */
  unusedCount?: number;
}

export function renderMismatch(report: MismatchReport): string {
  const lines: string[] = [];
  const verdict = report.mode === 'strict' ? 'replay failed' : 'replay warning (lenient mode, carrying on)';
  lines.push(`fake-claude: ${verdict}: ${report.headline}`);
  lines.push(`  fixture: ${report.fixture}`);
  if (report.expected) {
    const f = report.expected.frame;
    lines.push(`  expected (frame seq ${f.seq}, t=${f.t} ms, ${labelOf(report.expected.line)}):`);
    lines.push(indent(pretty(report.expected.line)));
  }
  if (report.actual) {
    lines.push(`  actual (${labelOf(report.actual)}):`);
    lines.push(indent(pretty(report.actual)));
  }
  if (report.diffs && report.diffs.length > 0) {
    lines.push('  differences:');
    for (const d of report.diffs.slice(0, MAX_DIFFS)) lines.push(`    ${formatDiff(d)}`);
    if (report.diffs.length > MAX_DIFFS) lines.push(`    … and ${report.diffs.length - MAX_DIFFS} more`);
  }
  if (report.expected && report.actual) {
    const patch = createTwoFilesPatch(
      'expected',
      'actual',
      `${pretty(report.expected.line)}\n`,
      `${pretty(report.actual)}\n`,
      undefined,
      undefined,
      { context: 2 },
    );
    const body = patch
      .split('\n')
      .filter((l) => !/^=+$/.test(l))
      .join('\n')
      .trimEnd();
    if (body) {
      lines.push('  diff (- expected, + actual):');
      lines.push(indent(body));
    }
  }
  if (report.candidates && report.candidates.length > 0) {
    lines.push('  closest other client frames in the fixture:');
    for (const c of report.candidates) {
      const first = c.diffs[0] ? `; first: ${formatDiff(c.diffs[0])}` : '';
      const used = c.used ? ', already matched' : '';
      lines.push(`    seq ${c.seq} (${c.label}${used}): ${c.diffs.length} difference(s)${first}`);
    }
  }
  if (report.unused && report.unused.length > 0) {
    lines.push('  recorded client frames never sent:');
    for (const f of report.unused.slice(0, UNUSED_SHOWN)) {
      const line = recordedClientLine(f);
      lines.push(
        `    seq ${f.seq} (${line ? labelOf(line) : 'blank'}): ${
          line
            ? pretty(line)
                .replace(/\s*\n\s*/g, ' ')
                .slice(0, 160)
            : ''
        }`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The most of one summary entry: the summary travels inside a result message. */
const MAX_SUMMARY_CHARS = 400;
const SUMMARY_DIFFS = 3;

function clip(text: string): string {
  return text.length > MAX_SUMMARY_CHARS ? `${text.slice(0, MAX_SUMMARY_CHARS - 1)}…` : text;
}

/**
 * The near miss in a few lines, for the error result's `errors` (a client that hides stderr, such
 * as the Agent SDK, shows them joined with "; "): the headline, where and how the client's message
 * differs (the first differences), the closest other client frame, the unused frames, and where
 * the full report is.
 */
export function mismatchSummary(report: MismatchReport): string[] {
  const out = [`fake-claude replay: ${report.headline}`];
  if (report.expected) {
    const f = report.expected.frame;
    const at = `recorded frame seq ${f.seq} (${labelOf(report.expected.line)})`;
    if (report.diffs && report.diffs.length > 0) {
      const shown = report.diffs.slice(0, SUMMARY_DIFFS).map(formatDiff).join(', ');
      const more =
        report.diffs.length > SUMMARY_DIFFS ? ` (and ${report.diffs.length - SUMMARY_DIFFS} more)` : '';
      out.push(clip(`${at} differs at ${shown}${more}`));
    } else out.push(clip(`expected ${at}: ${pretty(report.expected.line).replace(/\s*\n\s*/g, ' ')}`));
  }
  if (!report.expected && report.actual) {
    out.push(clip(`the client sent: ${pretty(report.actual).replace(/\s*\n\s*/g, ' ')}`));
  }
  const closest = report.candidates?.[0];
  if (closest) {
    const first = closest.diffs[0] ? `, first: ${formatDiff(closest.diffs[0])}` : '';
    const used = closest.used ? ', already matched' : '';
    out.push(
      clip(
        `closest other client frame: seq ${closest.seq} (${closest.label}${used}), ${closest.diffs.length} difference(s)${first}`,
      ),
    );
  }
  if (report.unused && report.unused.length > 0) {
    const seqs = report.unused.slice(0, 10).map((f) => f.seq);
    const count = report.unusedCount ?? report.unused.length;
    const more = count > 10 ? `, … ${count - 10} more` : '';
    out.push(`recorded client frames never sent: seq ${seqs.join(', ')}${more}`);
  }
  out.push(clip(`fixture: ${report.fixture} (the full near-miss report is on stderr)`));
  return out;
}
