import { atLeast } from '../findings/index.js';
import { pathText, valueText } from './format.js';
import type { CanaryReport, ReportFinding, ScenarioReport } from './model.js';
import { interruptedLine } from './render-text.js';

/** Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One finding as text; an accepted one is labelled `[accepted]`, its severity kept beside the reason. */
function findingLine(f: ReportFinding): string {
  const label = f.accepted ? 'accepted' : f.severity;
  const parts = [`[${label}] ${f.code} at ${pathText(f.path)}: ${f.message}`];
  if (f.expected !== undefined) parts.push(`  expected: ${valueText(f.expected, 400)}`);
  if (f.actual !== undefined) parts.push(`  actual:   ${valueText(f.actual, 400)}`);
  if (f.accepted) parts.push(`  accepted (${f.severity}): ${f.accepted}`);
  return parts.join('\n');
}

function testcase(sc: ScenarioReport, failOn: CanaryReport['failOn']): string {
  const name = xmlEscape(sc.id);
  const classname = xmlEscape(`clide-conformance.${sc.id.split('/')[0] ?? sc.id}`);
  const time = (sc.durationMs / 1000).toFixed(3);
  const failing = sc.findings.filter((f) => !f.accepted && atLeast(f.severity, failOn));
  const other = sc.findings.filter((f) => !failing.includes(f));
  const lines = [`    <testcase classname="${classname}" name="${name}" time="${time}">`];
  if (sc.status === 'untestable') {
    const text = sc.findings
      .filter((f) => !f.accepted)
      .map(findingLine)
      .join('\n');
    lines.push(
      `      <error message="${xmlEscape(`untestable: ${failing[0]?.message ?? 'the scenario could not run'}`)}" type="untestable">${xmlEscape(text)}</error>`,
    );
  } else if (sc.status === 'failed') {
    const message = `${failing.length} finding(s) at or above ${failOn}: ${failing[0]?.code ?? ''}`;
    lines.push(
      `      <failure message="${xmlEscape(message)}" type="${xmlEscape(failing[0]?.severity ?? failOn)}">${xmlEscape(failing.map(findingLine).join('\n'))}</failure>`,
    );
  }
  if (other.length > 0 && sc.status !== 'untestable') {
    lines.push(`      <system-out>${xmlEscape(other.map(findingLine).join('\n'))}</system-out>`);
  }
  lines.push('    </testcase>');
  return lines.join('\n');
}

/** A scenario an interruption kept from finishing: an error, never a pass or a skip. */
function notRunCase(id: string, interruption: NonNullable<CanaryReport['interruption']>): string {
  const classname = xmlEscape(`clide-conformance.${id.split('/')[0] ?? id}`);
  return [
    `    <testcase classname="${classname}" name="${xmlEscape(id)}" time="0.000">`,
    `      <error message="${xmlEscape(`not run: the run was interrupted by ${interruption.signal}`)}" type="interrupted"/>`,
    '    </testcase>',
  ].join('\n');
}

/** `junit.xml`: one test suite, one test case per scenario; failures and errors carry the findings. */
export function renderJunit(report: CanaryReport): string {
  const s = report.summary;
  const notRun = report.interruption?.notRun ?? [];
  const tests = s.scenarios + notRun.length;
  const errors = s.untestable + notRun.length;
  const time = (report.durationMs / 1000).toFixed(3);
  const suite = xmlEscape(`claude ${report.cli.version} vs baseline ${report.baseline.version}`);
  const props = [
    ['cli.version', report.cli.version],
    ['baseline.version', report.baseline.version],
    ['baseline.schemaVersion', report.baseline.schemaVersion],
    ['failOn', report.failOn],
    ...(report.interruption ? [['interrupted', report.interruption.signal]] : []),
  ]
    .map(([k, v]) => `      <property name="${xmlEscape(k!)}" value="${xmlEscape(v!)}"/>`)
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="clide-conformance" tests="${tests}" failures="${s.failed}" errors="${errors}" time="${time}">`,
    `  <testsuite name="${suite}" tests="${tests}" failures="${s.failed}" errors="${errors}" skipped="0" time="${time}" timestamp="${xmlEscape(report.startedAt)}">`,
    '    <properties>',
    props,
    '    </properties>',
    ...report.scenarios.map((sc) => testcase(sc, report.failOn)),
    ...(report.interruption ? notRun.map((id) => notRunCase(id, report.interruption!)) : []),
    ...(report.interruption
      ? [`    <system-err>${xmlEscape(interruptedLine(report.interruption))}</system-err>`]
      : []),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
