import { atLeast } from '../findings/index.js';
import { pathText, valueText } from './format.js';
import { joinMarkup, type Markup, xml, xmlEscape } from './markup.js';
import type { CanaryReport, ReportFinding, ScenarioReport } from './model.js';
import { interruptedLine } from './render-text.js';

export { xmlEscape };

/** One finding as text; an accepted one is labelled `[accepted]`, its severity kept beside the reason. */
function findingLine(f: ReportFinding): string {
  const label = f.accepted ? 'accepted' : f.severity;
  const parts = [`[${label}] ${f.code} at ${pathText(f.path)}: ${f.message}`];
  if (f.expected !== undefined) parts.push(`  expected: ${valueText(f.expected, 400)}`);
  if (f.actual !== undefined) parts.push(`  actual:   ${valueText(f.actual, 400)}`);
  if (f.accepted) parts.push(`  accepted (${f.severity}): ${f.accepted}`);
  return parts.join('\n');
}

function testcase(sc: ScenarioReport, failOn: CanaryReport['failOn']): Markup {
  const classname = `clide-conformance.${sc.id.split('/')[0] ?? sc.id}`;
  const time = (sc.durationMs / 1000).toFixed(3);
  const failing = sc.findings.filter((f) => !f.accepted && atLeast(f.severity, failOn));
  const other = sc.findings.filter((f) => !failing.includes(f));
  const lines = [xml`    <testcase classname="${classname}" name="${sc.id}" time="${time}">`];
  if (sc.status === 'untestable') {
    const text = sc.findings
      .filter((f) => !f.accepted)
      .map(findingLine)
      .join('\n');
    const message = `untestable: ${failing[0]?.message ?? 'the scenario could not run'}`;
    lines.push(xml`      <error message="${message}" type="untestable">${text}</error>`);
  } else if (sc.status === 'failed') {
    const message = `${failing.length} finding(s) at or above ${failOn}: ${failing[0]?.code ?? ''}`;
    const type = failing[0]?.severity ?? failOn;
    lines.push(
      xml`      <failure message="${message}" type="${type}">${failing.map(findingLine).join('\n')}</failure>`,
    );
  }
  if (other.length > 0 && sc.status !== 'untestable') {
    lines.push(xml`      <system-out>${other.map(findingLine).join('\n')}</system-out>`);
  }
  lines.push(xml`    </testcase>`);
  return joinMarkup(lines, '\n');
}

/** A scenario an interruption kept from finishing: an error, never a pass or a skip. */
function notRunCase(id: string, interruption: NonNullable<CanaryReport['interruption']>): Markup {
  const classname = `clide-conformance.${id.split('/')[0] ?? id}`;
  const message = `not run: the run was interrupted by ${interruption.signal}`;
  return joinMarkup(
    [
      xml`    <testcase classname="${classname}" name="${id}" time="0.000">`,
      xml`      <error message="${message}" type="interrupted"/>`,
      xml`    </testcase>`,
    ],
    '\n',
  );
}

/** `junit.xml`: one test suite, one test case per scenario; failures and errors carry the findings. */
export function renderJunit(report: CanaryReport): string {
  const s = report.summary;
  const notRun = report.interruption?.notRun ?? [];
  const tests = s.scenarios + notRun.length;
  const errors = s.untestable + notRun.length;
  const time = (report.durationMs / 1000).toFixed(3);
  const suite = `claude ${report.cli.version} vs baseline ${report.baseline.version}`;
  const props: Array<[string, string]> = [
    ['cli.version', report.cli.version],
    ['baseline.version', report.baseline.version],
    ['baseline.schemaVersion', report.baseline.schemaVersion],
    ['failOn', report.failOn],
    ...(report.interruption ? [['interrupted', report.interruption.signal] as [string, string]] : []),
  ];
  const interruption = report.interruption;
  const lines: Markup[] = [
    xml`<?xml version="1.0" encoding="UTF-8"?>`,
    xml`<testsuites name="clide-conformance" tests="${tests}" failures="${s.failed}" errors="${errors}" time="${time}">`,
    xml`  <testsuite name="${suite}" tests="${tests}" failures="${s.failed}" errors="${errors}" skipped="0" time="${time}" timestamp="${report.startedAt}">`,
    xml`    <properties>`,
    ...props.map(([k, v]) => xml`      <property name="${k}" value="${v}"/>`),
    xml`    </properties>`,
    ...report.scenarios.map((sc) => testcase(sc, report.failOn)),
    ...(interruption ? notRun.map((id) => notRunCase(id, interruption)) : []),
    ...(interruption ? [xml`    <system-err>${interruptedLine(interruption)}</system-err>`] : []),
    xml`  </testsuite>`,
    xml`</testsuites>`,
    xml``,
  ];
  return joinMarkup(lines, '\n').text;
}
