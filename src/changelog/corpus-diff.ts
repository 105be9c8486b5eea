/**
 * The behaviour half of the changelog: the two corpora compared scenario by scenario with the
 * canary's structural comparison (src/canary/compare.ts), plus the facts a release note leads with
 * (exit status, result subtypes, message kinds that appear or disappear).
 */
import { compareWireLogs } from '../canary/compare.js';
import { kindedMessages } from '../canary/message-kinds.js';
import type { WireLog } from '../canary/wire-log.js';
import { sortFindings } from '../report/model.js';
import type { CorpusEntry } from './corpus.js';
import type { ExitStatus, ScenarioChange, ScenariosDiff } from './model.js';

function exitStatus(log: WireLog): ExitStatus {
  return { exitCode: log.exitCode, signal: log.signal, complete: log.complete };
}

function resultSubtypes(log: WireLog): string[] {
  return kindedMessages(log)
    .filter((m) => m.type === 'result')
    .map((m) => m.kind.slice('result/'.length) || '(none)');
}

function kinds(log: WireLog): Set<string> {
  return new Set(kindedMessages(log).map((m) => m.kind));
}

const sorted = (values: Iterable<string>) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The differences of one scenario's two recordings; undefined when they compare equal. */
export function diffScenario(
  scenario: string,
  from: CorpusEntry,
  to: CorpusEntry,
): ScenarioChange | undefined {
  const findings = sortFindings(compareWireLogs(from.log, to.log, { scenario }));
  const change: ScenarioChange = {
    scenario,
    files: { from: from.file, to: to.file },
    kindsAppeared: [],
    kindsDisappeared: [],
    findings,
  };
  const a = exitStatus(from.log);
  const b = exitStatus(to.log);
  if (a.exitCode !== b.exitCode || a.signal !== b.signal || a.complete !== b.complete) {
    change.exit = { from: a, to: b };
  }
  const ra = resultSubtypes(from.log);
  const rb = resultSubtypes(to.log);
  if (ra.join('\n') !== rb.join('\n')) change.results = { from: ra, to: rb };
  const ka = kinds(from.log);
  const kb = kinds(to.log);
  change.kindsAppeared = sorted([...kb].filter((k) => !ka.has(k)));
  change.kindsDisappeared = sorted([...ka].filter((k) => !kb.has(k)));
  const differs =
    findings.length > 0 ||
    change.exit !== undefined ||
    change.results !== undefined ||
    change.kindsAppeared.length > 0 ||
    change.kindsDisappeared.length > 0;
  return differs ? change : undefined;
}

/** Both corpora, matched by scenario id. */
export function diffCorpora(from: readonly CorpusEntry[], to: readonly CorpusEntry[]): ScenariosDiff {
  const before = new Map(from.map((e) => [e.scenario, e]));
  const after = new Map(to.map((e) => [e.scenario, e]));
  const out: ScenariosDiff = {
    compared: 0,
    unchanged: 0,
    onlyInFrom: sorted([...before.keys()].filter((s) => !after.has(s))),
    onlyInTo: sorted([...after.keys()].filter((s) => !before.has(s))),
    changed: [],
  };
  for (const scenario of sorted(before.keys())) {
    const b = after.get(scenario);
    if (!b) continue;
    out.compared += 1;
    const change = diffScenario(scenario, before.get(scenario)!, b);
    if (change) out.changed.push(change);
    else out.unchanged += 1;
  }
  return out;
}
