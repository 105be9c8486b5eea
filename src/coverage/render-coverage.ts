/**
 * The coverage report as Markdown (for people: a summary, then one table per kind, then every
 * contradiction) and JSON (the `CoverageReport` as it is).
 */
import type { CoverageReport, CoverageRow } from './coverage.js';

const KIND_TITLES: Record<CoverageRow['kind'], string> = {
  'control-request': 'Control requests',
  message: 'Messages',
  option: 'Options (`query()` options and what they become)',
  'hook-event': 'Hook events',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function scenarios(row: CoverageRow): string {
  if (row.exercisedBy.length === 0) return '—';
  const shown = row.exercisedBy.slice(0, 3).map((s) => `\`${s}\``);
  return `${shown.join(', ')}${row.exercisedBy.length > 3 ? ` +${row.exercisedBy.length - 3}` : ''}`;
}

function schemaCell(row: CoverageRow): string {
  const parts: string[] = [row.schema];
  if (row.contradictions.length > 0) parts.push(`**${row.contradictions.length} contradiction(s)**`);
  if (row.untypedFields.length > 0) parts.push(`${row.untypedFields.length} untyped field(s)`);
  return parts.join(', ');
}

function fakeCell(row: CoverageRow): string {
  return row.fakeNote ? `${row.fake} (${cell(row.fakeNote).slice(0, 80)})` : row.fake;
}

export function renderCoverageMarkdown(report: CoverageReport): string {
  const t = report.totals;
  const lines = [
    `# Protocol coverage: claude ${report.cliVersion} against Agent SDK ${report.sdkVersion}`,
    '',
    `Every protocol item the Agent SDK ${report.sdkVersion} declares (\`sdk.d.ts\`, inventory`,
    `\`schemas/sdk/${report.sdkVersion}.json\`), and what the kit knows of it for CLI ${report.cliVersion}.`,
    'Written by `clide-conformance coverage`; what each column means: docs/coverage.md.',
    '',
    '| | count |',
    '| --- | --- |',
    `| items | ${t.items} (${Object.entries(t.byKind)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}) |`,
    `| schema: typed before this pin's SDK reconciliation (its corpus, on the set it amends) | ${t.schema.typed} |`,
    `| schema: typed only by this pin's SDK reconciliation (the SDK's declared shape) | ${t.schema['sdk-declared']} |`,
    `| schema: untyped | ${t.schema.untyped} |`,
    `| contradictions (SDK-declared values the schema rejects) | ${t.contradictions} |`,
    `| SDK-declared fields left untyped | ${t.untypedFields} |`,
    `| exercised by a catalogue scenario against the real CLI | ${t.exercised} |`,
    `| fake: emulated / answered / accepted | ${t.fake.emulated} / ${t.fake.answered} / ${t.fake.accepted} |`,
    `| fake: refused | ${t.fake.refused} |`,
    `| fake: not emulated | ${t.fake['not-emulated']} |`,
    '',
  ];
  for (const kind of Object.keys(KIND_TITLES) as Array<CoverageRow['kind']>) {
    const rows = report.rows.filter((r) => r.kind === kind);
    if (rows.length === 0) continue;
    lines.push(`## ${KIND_TITLES[kind]}`, '');
    if (kind === 'option') {
      lines.push('| option | becomes | exercised by | fake |', '| --- | --- | --- | --- |');
      for (const r of rows) {
        const b = r.becomes;
        const becomes = b
          ? [
              ...b.argv.map((f) => `\`${f}\``),
              ...b.initialize.map((f) => `initialize.${f}`),
              ...b.env.map((e) => `env ${e}`),
            ].join(', ') || (b.probe === 'not-probed' ? 'not probed' : 'nothing seen')
          : '';
        lines.push(`| \`${r.id.slice('option:'.length)}\` | ${becomes} | ${scenarios(r)} | ${fakeCell(r)} |`);
      }
    } else {
      lines.push(
        '| item | direction | SDK type | schema | exercised by | fake |',
        '| --- | --- | --- | --- | --- | --- |',
      );
      for (const r of rows)
        lines.push(
          `| \`${r.id}\` | ${r.direction ?? ''} | ${r.sdkType ?? ''} | ${schemaCell(r)} | ${scenarios(r)} | ${fakeCell(r)} |`,
        );
    }
    lines.push('');
  }
  const contradicting = report.rows.filter((r) => r.contradictions.length > 0 || r.untypedFields.length > 0);
  lines.push('## Contradictions and untyped fields', '');
  if (contradicting.length === 0) lines.push('None: the schemas accept every value the SDK declares.', '');
  for (const r of contradicting) {
    lines.push(`- \`${r.id}\``);
    for (const i of [...r.contradictions, ...r.untypedFields])
      lines.push(
        `  - ${i.code} at \`${i.at}\`${i.key === undefined ? '' : ` field \`${i.key}\``}: SDK ${cell(i.expected).slice(0, 160)}; schema ${cell(i.actual).slice(0, 80)}`,
      );
  }
  const narrower = report.rows.filter((r) => r.narrower.length > 0);
  if (narrower.length > 0) {
    lines.push(
      '',
      '## Narrower than the SDK on purpose',
      '',
      "Answers the client writes to the CLI's own requests: the CLI's parser is the judge of what it accepts, so these keep the CLI's shape.",
      '',
    );
    for (const r of narrower)
      lines.push(
        `- \`${r.id}\`: ${r.narrower.length} place(s), e.g. \`${r.narrower[0]!.at}\`${r.narrower[0]!.key ? ` field \`${r.narrower[0]!.key}\`` : ''}`,
      );
  }
  lines.push('');
  return lines.join('\n');
}

export function renderCoverageJson(report: CoverageReport): string {
  return `${JSON.stringify(report, null, 1)}\n`;
}
