import type { Finding, JsonPath } from '../../findings/index.js';
import { type DriftCode, driftSeverity } from '../drift-codes.js';
import { type KindedMessage, kindedMessages } from '../message-kinds.js';
import { renderPath } from '../render-path.js';
import { type Variation, variationMatches } from '../variation.js';
import type { WireLog } from '../wire-log.js';

/** What a wire log recorded besides the CLI's stdout (a plain stdout capture records none of it). */
export interface Recorded {
  exit: boolean;
  stderr: boolean;
  client: boolean;
}

export interface EmitDetails {
  /** The message kind the finding is about (for variation matching; kept in its location). */
  kind?: string;
  path?: JsonPath;
  expected?: unknown;
  actual?: unknown;
  frame?: number;
}

/**
 * Everything the rules share about one comparison: both runs, their messages labelled and grouped
 * by kind, whether the current run hung, what both logs recorded, and `emit`, which drops what the
 * scenario's variation data says varies between runs of the same CLI.
 */
export interface CompareContext {
  baseline: WireLog;
  current: WireLog;
  base: KindedMessage[];
  cur: KindedMessage[];
  baseGroups: Map<string, KindedMessage[]>;
  curGroups: Map<string, KindedMessage[]>;
  /** The current run had to be killed where the baseline ended by itself (or reached fewer results). */
  hang: boolean;
  /** What both logs recorded. */
  recorded: Recorded;
  variation: Variation;
  emitted: Set<DriftCode>;
  findings: Finding[];
  emit(code: DriftCode, message: string, details?: EmitDetails): void;
}

export function recordedBy(log: WireLog): Recorded {
  return log.recorded ?? { exit: true, stderr: true, client: true };
}

export function groupByKind(messages: KindedMessage[]): Map<string, KindedMessage[]> {
  const groups = new Map<string, KindedMessage[]>();
  for (const m of messages) {
    const list = groups.get(m.kind);
    if (list) list.push(m);
    else groups.set(m.kind, [m]);
  }
  return groups;
}

const killedRun = (log: WireLog) => log.signal !== null || (log.complete && log.exitCode === null);

export function createContext(
  baseline: WireLog,
  current: WireLog,
  options: { scenario?: string; variation?: Variation } = {},
): CompareContext {
  const rb = recordedBy(baseline);
  const rc = recordedBy(current);
  const recorded: Recorded = {
    exit: rb.exit && rc.exit,
    stderr: rb.stderr && rc.stderr,
    client: rb.client && rc.client,
  };
  // Answers are labelled with the request they answer only when both logs recorded the requests.
  const base = kindedMessages(baseline, { labelAnswers: recorded.client });
  const cur = kindedMessages(current, { labelAnswers: recorded.client });
  const results = (list: KindedMessage[]) => list.filter((m) => m.type === 'result').length;
  const hang = recorded.exit && killedRun(current) && (!killedRun(baseline) || results(cur) < results(base));
  const variation = options.variation ?? [];
  const findings: Finding[] = [];
  const emitted = new Set<DriftCode>();
  return {
    baseline,
    current,
    base,
    cur,
    baseGroups: groupByKind(base),
    curGroups: groupByKind(cur),
    hang,
    recorded,
    variation,
    emitted,
    findings,
    emit(code, message, details = {}) {
      if (details.kind !== undefined && variationMatches(variation, details.kind, details.path)) return;
      emitted.add(code);
      findings.push({
        code,
        severity: driftSeverity(code),
        message,
        path: details.path ?? [],
        ...(details.expected === undefined ? {} : { expected: details.expected }),
        ...(details.actual === undefined ? {} : { actual: details.actual }),
        location: {
          ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
          ...(details.frame === undefined ? {} : { frame: details.frame }),
          ...(details.kind === undefined ? {} : { kind: details.kind }),
        },
      });
    },
  };
}

export { renderPath };
