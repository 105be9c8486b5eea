/** The changelog as Markdown, fit for a release note. Same input, same bytes. */
import type { Finding } from '../findings/index.js';
import type { FieldChange, NestedField } from './field-diff.js';
import type { Literal } from './field-map.js';
import type { Changelog, ExitStatus, KindDiff, KindSummary, ScenarioChange } from './model.js';

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
    for (const k of diff.changed) {
      out.push(`- ${code(k.kind)}`, ...k.changes.map((c) => `  - ${changeText(c)}`));
    }
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

function findingLine(f: Finding): string {
  const texts =
    TEXT_CODES.has(f.code) && typeof f.expected === 'string' && typeof f.actual === 'string'
      ? ` — was ${quote(f.expected)}, now ${quote(f.actual)}`
      : '';
  return `  - ${f.severity} ${code(f.code)}: ${f.message}${texts}`;
}

function scenarioLines(s: ScenarioChange): string[] {
  const out = [`### ${code(s.scenario)}`, ''];
  if (s.exit) out.push(`- exit: ${exitText(s.exit.from)} → ${exitText(s.exit.to)}`);
  if (s.results) {
    const list = (r: string[]) => (r.length === 0 ? 'no result' : r.join(', '));
    out.push(`- result: ${list(s.results.from)} → ${list(s.results.to)}`);
  }
  if (s.kindsAppeared.length > 0) out.push(`- now sent: ${s.kindsAppeared.map(code).join(', ')}`);
  if (s.kindsDisappeared.length > 0) out.push(`- no longer sent: ${s.kindsDisappeared.map(code).join(', ')}`);
  const findings = s.findings.filter(
    (f) => !STATED_AS_FACT.has(f.code) && !(isKindLevel(f) && f.code.startsWith('drift/subtype-')),
  );
  if (findings.length > 0) out.push('- on the wire:', ...findings.map(findingLine));
  out.push('');
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
    for (const s of sc.changed) out.push(...scenarioLines(s));
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
