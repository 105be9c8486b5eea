/** The changelog as Markdown, fit for a release note. Same input, same bytes. */
import type { Finding } from '../findings/index.js';
import type { FieldChange, NestedField } from './field-diff.js';
import type { Literal } from './field-map.js';
import type { Changelog, ExitStatus, KindChanges, KindDiff, KindSummary, ScenarioChange } from './model.js';

/** Nested fields listed inline before "… N more" (the JSON has them all). */
const MAX_INLINE_FIELDS = 12;

/**
 * Findings of the structural comparison that repeat a fact already stated on the scenario's first
 * lines (exit status, kinds that appear or disappear): left out of the Markdown, kept in the JSON.
 */
const STATED_AS_FACT = new Set(['drift/exit-code-changed', 'drift/message-new', 'drift/message-gone']);

const code = (text: string) => `\`${text.replaceAll('`', "'")}\``;

function fieldText(f: NestedField): string {
  return `${code(`${f.path}${f.optional ? '?' : ''}`)} ${f.type}`;
}

function fieldList(fields: readonly NestedField[]): string {
  if (fields.length === 0) return 'no fields';
  const shown = fields.slice(0, MAX_INLINE_FIELDS).map(fieldText).join(', ');
  return fields.length > MAX_INLINE_FIELDS ? `${shown}, … ${fields.length - MAX_INLINE_FIELDS} more` : shown;
}

function literals(values: readonly Literal[]): string {
  return values.map((v) => code(JSON.stringify(v))).join(', ');
}

export function changeText(c: FieldChange): string {
  switch (c.change) {
    case 'field-added':
    case 'field-removed': {
      const verb = c.change === 'field-added' ? 'added' : 'removed';
      const nested = c.nested.length > 0 ? ` — ${fieldList(c.nested)}` : '';
      return `${verb} ${code(c.path)}: ${c.type}${c.optional ? ' (optional)' : ''}${nested}`;
    }
    case 'branch-added':
    case 'branch-removed': {
      const verb = c.change === 'branch-added' ? 'new variant' : 'variant removed';
      return `${verb} ${code(c.path)} — ${fieldList(c.nested)}`;
    }
    case 'retyped':
      return `${code(c.path)} retyped: ${c.from} → ${c.to}`;
    case 'values-changed': {
      const parts = [];
      if (c.added.length > 0) parts.push(`values added ${literals(c.added)}`);
      if (c.removed.length > 0) parts.push(`values removed ${literals(c.removed)}`);
      return `${code(c.path)}: ${parts.join('; ')}`;
    }
    case 'now-optional':
      return `${code(c.path)} is now optional (was required)`;
    case 'now-required':
      return `${code(c.path)} is now required (was optional)`;
  }
}

function kindLine(k: KindSummary): string {
  return `- ${code(k.kind)} — ${fieldList(k.fields)}`;
}

/** Changed kinds grouped by their `type` (`result/success`, `result/error_max_turns` → `result`). */
function byType(changed: readonly KindChanges[]): KindChanges[][] {
  const groups = new Map<string, KindChanges[]>();
  for (const k of changed) {
    const type = k.kind.split('/')[0]!;
    const list = groups.get(type);
    if (list) list.push(k);
    else groups.set(type, [k]);
  }
  return [...groups.values()];
}

/**
 * Kinds of one type often change alike (every `result/*` gets the same new usage fields): each
 * change is listed once, under exactly the kinds that have it, the widest sets first.
 */
function changedGroupLines(group: readonly KindChanges[]): string[] {
  const key = (c: FieldChange) => JSON.stringify(c);
  const kindsOf = new Map<string, { change: FieldChange; kinds: string[] }>();
  for (const k of group) {
    for (const c of k.changes) {
      const entry = kindsOf.get(key(c));
      if (entry) entry.kinds.push(k.kind);
      else kindsOf.set(key(c), { change: c, kinds: [k.kind] });
    }
  }
  const bySet = new Map<string, { kinds: string[]; changes: FieldChange[] }>();
  for (const { change, kinds } of kindsOf.values()) {
    const id = kinds.join('\n');
    const entry = bySet.get(id);
    if (entry) entry.changes.push(change);
    else bySet.set(id, { kinds, changes: [change] });
  }
  const sets = [...bySet.values()].sort(
    (a, b) =>
      b.kinds.length - a.kinds.length ||
      (a.kinds.join('\n') < b.kinds.join('\n') ? -1 : a.kinds.join('\n') > b.kinds.join('\n') ? 1 : 0),
  );
  const out: string[] = [];
  for (const { kinds, changes } of sets) {
    const title = kinds.length > 1 ? `${kinds.map(code).join(', ')} (each)` : code(kinds[0]!);
    out.push(`- ${title}`, ...changes.map((c) => `  - ${changeText(c)}`));
  }
  return out;
}

function kindSection(title: string, diff: KindDiff, from: string, to: string): string[] {
  const out = [`## ${title}`, ''];
  if (diff.added.length + diff.removed.length + diff.changed.length === 0) {
    out.push(`No change (${diff.unchanged} the same in both).`, '');
    return out;
  }
  if (diff.added.length > 0) out.push(`**New in ${to}**`, '', ...diff.added.map(kindLine), '');
  if (diff.removed.length > 0) out.push(`**Gone since ${from}**`, '', ...diff.removed.map(kindLine), '');
  if (diff.changed.length > 0) {
    out.push('**Changed**', '');
    for (const group of byType(diff.changed)) out.push(...changedGroupLines(group));
    out.push('');
  }
  out.push(`${diff.unchanged} unchanged.`, '');
  return out;
}

function exitText(s: ExitStatus): string {
  if (!s.complete) return 'no recorded end';
  return s.signal ? `signal ${s.signal}` : `code ${s.exitCode ?? 'none'}`;
}

/** Texts quoted in a finding line are cut to this many characters (the JSON has them whole). */
const MAX_QUOTE = 120;

/** Findings about a text that reads differently: the two texts are quoted. */
const TEXT_CODES = new Set([
  'drift/text-changed',
  'drift/zod-error',
  'drift/reply-now-accepted',
  'drift/auto-denial',
]);

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return code(flat.length > MAX_QUOTE ? `${flat.slice(0, MAX_QUOTE - 1)}…` : flat);
}

/** `<kind> <path> is new` and the like: the field findings of the structural comparison. */
const FIELD_FINDING = /^(.+) (\$\S*) (is new|is gone|is now missing from some messages)$/;

/**
 * Field findings of one code, on one message kind, seen in the same scenarios, become one line
 * listing the paths; every other finding keeps its own line. `where` is appended after a dash.
 */
function groupFieldFindings(items: ReadonlyArray<{ finding: Finding; where: string }>): string[] {
  type Line = { text: string } | { head: string; paths: string[]; where: string };
  const lines: Line[] = [];
  const groups = new Map<string, { head: string; paths: string[]; where: string }>();
  const tail = (where: string) => (where === '' ? '' : ` — ${where}`);
  for (const { finding, where } of items) {
    const match = FIELD_FINDING.exec(finding.message);
    if (!match) {
      lines.push({ text: `${findingLine(finding)}${tail(where)}` });
      continue;
    }
    const [, kind, path, verb] = match as unknown as [string, string, string, string];
    const id = [finding.severity, finding.code, kind, verb, where].join('\u0000');
    const group = groups.get(id);
    if (group) {
      group.paths.push(path);
      continue;
    }
    const made = {
      head: `  - ${finding.severity} ${code(finding.code)}: ${code(kind)} ${verbText(verb)}`,
      paths: [path],
      where,
    };
    groups.set(id, made);
    lines.push(made);
  }
  return lines.map((l) =>
    'text' in l ? l.text : `${l.head}: ${[...l.paths].sort().map(code).join(', ')}${tail(l.where)}`,
  );
}

function verbText(verb: string): string {
  if (verb === 'is new') return 'new fields';
  if (verb === 'is gone') return 'fields gone';
  return 'fields now missing from some messages';
}

function findingLine(f: Finding): string {
  const texts =
    TEXT_CODES.has(f.code) && typeof f.expected === 'string' && typeof f.actual === 'string'
      ? ` — was ${quote(f.expected)}, now ${quote(f.actual)}`
      : '';
  return `  - ${f.severity} ${code(f.code)}: ${f.message}${texts}`;
}

/** The findings of a scenario the Markdown shows (facts stated on their own lines left out). */
function shownFindings(s: ScenarioChange): Finding[] {
  return s.findings.filter(
    (f) => !STATED_AS_FACT.has(f.code) && !(isKindLevel(f) && f.code.startsWith('drift/subtype-')),
  );
}

const signature = (f: Finding) => `${f.severity}\u0000${f.code}\u0000${f.message}`;

/** Scenarios named in full when a recurring finding is seen in at most this many. */
const MAX_NAMED_SCENARIOS = 6;
const SEVERITY_ORDER = ['breaking', 'changed', 'additive', 'cosmetic'];

/**
 * Findings seen in more than one scenario are listed once, with where they were seen; each
 * scenario then lists its facts and the findings only it has.
 */
function scenarioSection(changed: readonly ScenarioChange[], compared: number): string[] {
  const seenIn = new Map<string, { finding: Finding; scenarios: string[] }>();
  for (const s of changed) {
    for (const f of shownFindings(s)) {
      const entry = seenIn.get(signature(f));
      if (!entry) seenIn.set(signature(f), { finding: f, scenarios: [s.scenario] });
      else if (!entry.scenarios.includes(s.scenario)) entry.scenarios.push(s.scenario);
    }
  }
  const recurring = [...seenIn.values()]
    .filter((e) => e.scenarios.length > 1)
    .sort(
      (a, b) =>
        b.scenarios.length - a.scenarios.length ||
        SEVERITY_ORDER.indexOf(a.finding.severity) - SEVERITY_ORDER.indexOf(b.finding.severity) ||
        (signature(a.finding) < signature(b.finding) ? -1 : 1),
    );
  const out: string[] = [];
  if (recurring.length > 0) {
    out.push('### Seen in several scenarios', '');
    const items = recurring.map(({ finding, scenarios }) => ({
      finding,
      where:
        scenarios.length <= MAX_NAMED_SCENARIOS
          ? scenarios.map(code).join(', ')
          : `${scenarios.length} of ${compared} scenarios`,
    }));
    out.push(...groupFieldFindings(items).map((line) => line.slice(2)), '');
  }
  const recurringKeys = new Set(recurring.map((e) => signature(e.finding)));
  const quiet: string[] = [];
  const detailed: string[] = [];
  for (const s of changed) {
    const lines = scenarioLines(s, (f) => !recurringKeys.has(signature(f)));
    if (lines.length === 0) quiet.push(s.scenario);
    else detailed.push(`### ${code(s.scenario)}`, '', ...lines, '');
  }
  out.push(...detailed);
  if (quiet.length > 0) {
    out.push(`Differ only by the findings seen in several scenarios: ${quiet.map(code).join(', ')}.`, '');
  }
  return out;
}

function scenarioLines(s: ScenarioChange, own: (f: Finding) => boolean): string[] {
  const out: string[] = [];
  if (s.exit) out.push(`- exit: ${exitText(s.exit.from)} → ${exitText(s.exit.to)}`);
  if (s.results) {
    const list = (r: string[]) => (r.length === 0 ? 'no result' : r.join(', '));
    out.push(`- result: ${list(s.results.from)} → ${list(s.results.to)}`);
  }
  if (s.kindsAppeared.length > 0) out.push(`- now sent: ${s.kindsAppeared.map(code).join(', ')}`);
  if (s.kindsDisappeared.length > 0) out.push(`- no longer sent: ${s.kindsDisappeared.map(code).join(', ')}`);
  const findings = shownFindings(s).filter(own);
  if (findings.length > 0) {
    out.push('- on the wire:', ...groupFieldFindings(findings.map((finding) => ({ finding, where: '' }))));
  }
  return out;
}

/** A subtype finding about a whole message kind (already listed as now sent / no longer sent). */
function isKindLevel(f: Finding): boolean {
  return f.path.length === 1 && (f.path[0] === 'subtype' || f.path[0] === 'type');
}

function summaryTable(log: Changelog): string[] {
  const s = log.summary;
  const row = (name: string, c: { added: number; removed: number; changed: number; fieldChanges: number }) =>
    `| ${name} | ${c.added} | ${c.removed} | ${c.changed} | ${c.fieldChanges} |`;
  const out = [
    `| | new in ${log.to} | gone since ${log.from} | changed | field changes |`,
    '| --- | ---: | ---: | ---: | ---: |',
    row('message kinds (both directions)', s.messages),
    row('control request subtypes (both directions)', s.controlRequests),
    row('control reply payloads', s.controlReplies),
    '',
  ];
  if (s.scenarios) {
    out.push(
      `Scenarios: ${s.scenarios.compared} recorded for both versions, ${s.scenarios.changed} of them behave ` +
        `differently; ${s.scenarios.onlyInFrom} recorded for ${log.from} only, ${s.scenarios.onlyInTo} for ${log.to} only.`,
      '',
    );
  }
  return out;
}

function sourceText(log: Changelog): string {
  const corpus = (v: string, c: Changelog['corpora']['from']) =>
    c.dir === null ? `no corpus for ${v}` : `${code(c.dir)} (${c.scenarios} scenarios)`;
  return (
    `Taken only from the pinned schema sets (${code(`schemas/${log.from}`)}, ${code(`schemas/${log.to}`)}) ` +
    `and the recorded corpora (${corpus(log.from, log.corpora.from)}, ${corpus(log.to, log.corpora.to)}).`
  );
}

export function renderChangelogMarkdown(log: Changelog): string {
  const out = [
    `# Claude Code CLI ${log.from} → ${log.to}: stream-json protocol changes`,
    '',
    sourceText(log),
    '',
  ];
  out.push(...summaryTable(log));
  out.push(...kindSection('Messages, CLI → client (stdout)', log.messages.cliOutput, log.from, log.to));
  out.push(...kindSection('Messages, client → CLI (stdin)', log.messages.clientInput, log.from, log.to));
  out.push(
    ...kindSection(
      'Control requests the CLI sends (the client answers)',
      log.controlRequests.cliOutput,
      log.from,
      log.to,
    ),
  );
  out.push(
    ...kindSection(
      'Control requests the client sends (the CLI answers)',
      log.controlRequests.clientInput,
      log.from,
      log.to,
    ),
  );
  const replies = log.controlReplies;
  out.push(
    ...kindSection(
      'Control reply payloads (success `response`, per request subtype)',
      replies,
      log.from,
      log.to,
    ),
  );
  if (replies.payloadNowRequired.length > 0 || replies.payloadNoLongerRequired.length > 0) {
    out.pop();
    if (replies.payloadNowRequired.length > 0)
      out.push(
        `A success reply must now carry a payload: ${replies.payloadNowRequired.map(code).join(', ')}.`,
      );
    if (replies.payloadNoLongerRequired.length > 0)
      out.push(`A payload is no longer required: ${replies.payloadNoLongerRequired.map(code).join(', ')}.`);
    out.push('');
  }
  out.push('## Behaviour per scenario (recorded corpora)', '');
  const sc = log.scenarios;
  if (!sc) {
    out.push('Not compared: a corpus is missing.', '');
  } else {
    if (sc.onlyInFrom.length > 0)
      out.push(`Recorded for ${log.from} only: ${sc.onlyInFrom.map(code).join(', ')}.`, '');
    if (sc.onlyInTo.length > 0)
      out.push(`Recorded for ${log.to} only: ${sc.onlyInTo.map(code).join(', ')}.`, '');
    out.push(`${sc.unchanged} of ${sc.compared} scenarios recorded for both behave the same.`, '');
    out.push(...scenarioSection(sc.changed, sc.compared));
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
