import { describe, expect, test } from 'vitest';
import type { CanaryReport, ScenarioReport } from './model.js';
import { summarize } from './model.js';
import { renderJunit, xmlEscape } from './render-junit.js';
import { MARKDOWN_BUDGET, renderMarkdown } from './render-markdown.js';
import { renderText } from './render-text.js';

function report(scenarios: ScenarioReport[]): CanaryReport {
  return {
    format: 'clide-canary-report/1',
    tool: { name: 'clide-conformance', version: '0.0.0' },
    cli: { version: '9.9.9', binary: '/x/claude', live: false },
    baseline: { version: '2.1.150', schemaVersion: '2.1.150', fixturesDir: null, fixtures: 0 },
    expectedFile: null,
    failOn: 'breaking',
    selection: [],
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    durationMs: 1000,
    machine: { platform: 'linux', arch: 'x64', node: 'v20', cpus: 2 },
    summary: summarize(scenarios),
    scenarios,
  };
}

const scenario = (id: string, status: ScenarioReport['status'], message = 'm'): ScenarioReport => ({
  id,
  requirement: 'r | with a pipe',
  spec: '§2',
  tier: 'model',
  status,
  durationMs: 1500,
  exitCode: 0,
  signal: null,
  baselineFixture: null,
  wireLog: null,
  findings:
    status === 'passed'
      ? []
      : [
          {
            code: status === 'untestable' ? 'scenario/untestable' : 'drift/hang',
            severity: 'breaking',
            message,
            path: [],
          },
        ],
});

describe('report renderers', () => {
  test('xmlEscape escapes markup and drops characters XML cannot carry', () => {
    expect(xmlEscape('a<b>&"c\'\u0001')).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });

  test('junit: failures for failed scenarios, errors for untestable ones, counts in the suite', () => {
    const xml = renderJunit(
      report([
        scenario('a/ok', 'passed'),
        scenario('a/bad', 'failed', '<hang> & more'),
        scenario('a/x', 'untestable'),
      ]),
    );
    expect(xml).toContain('<testsuites name="clide-conformance" tests="3" failures="1" errors="1"');
    expect(xml).toMatch(/<testcase classname="clide-conformance.a" name="a\/bad" time="1.500">\s*<failure /);
    expect(xml).toContain('&lt;hang&gt; &amp; more');
    expect(xml).toMatch(/name="a\/x"[^>]*>\s*<error /);
  });

  test('markdown: the summary table first, pipes in cells escaped', () => {
    const md = renderMarkdown(report([scenario('a/bad', 'failed')]));
    expect(md.split('\n')[0]).toBe(
      '## clide-conformance canary: claude 9.9.9 vs baseline 2.1.150 — ❌ failed',
    );
    expect(md).toContain('| 1 | 0 | 1 | 0 | 1 | 0 | 0 | 0 | 0 | breaking |');
    expect(md).toContain('r \\| with a pipe');
  });

  test('markdown and the terminal lead with each distinct change once, naming its scenarios', () => {
    const gone = (frame: number) => ({
      code: 'drift/list-item-gone',
      severity: 'changed' as const,
      message: 'system/init $.tools[*]: "Glob" gone',
      path: ['tools', '*'],
      expected: ['Glob'],
      location: { frame, kind: 'system/init' },
    });
    const ids = ['a/one', 'a/two', 'b/three'];
    const r = report(ids.map((id, i) => ({ ...scenario(id, 'passed'), findings: [gone(i + 1)] })));
    const md = renderMarkdown(r);
    expect(md).toContain('### Distinct changes: 1');
    const rows = md.split('\n').filter((l) => l.startsWith('| `drift/list-item-gone`'));
    expect(rows).toEqual([
      '| `drift/list-item-gone` | `system/init $.tools[*]` | `["Glob"]` |  | `a/one`, `a/two`, `b/three` |',
    ]);
    expect(md.indexOf('### Distinct changes')).toBeLessThan(md.indexOf('### Scenarios'));
    const text = renderText(r).split('\n');
    expect(text).toContain(
      '  1 distinct change(s) from 3 finding(s): 0 breaking, 1 changed, 0 additive, 0 cosmetic, 0 accepted',
    );
    expect(text.filter((l) => l.includes('drift/list-item-gone —'))).toEqual([
      '  drift/list-item-gone — all 3 scenarios — system/init $.tools[*]: "Glob" gone',
    ]);
  });

  test('markdown stays within a PR comment however many findings there are, and says what it left out', () => {
    const many = scenario('a/many', 'failed');
    many.findings = Array.from({ length: 5000 }, (_, i) => ({
      code: 'drift/field-new',
      severity: 'additive' as const,
      message: `field ${i} is new ${'x'.repeat(100)}`,
      path: ['f', i],
    }));
    many.findings.push({ code: 'drift/hang', severity: 'breaking', message: 'hang', path: [] });
    const md = renderMarkdown(report([many]));
    expect(md.length).toBeLessThan(MARKDOWN_BUDGET + 1000);
    expect(md).toContain('drift/hang');
    expect(md).toContain('| `drift/hang` |');
    // The additive table is cut to what fits, and says how many rows it left out.
    expect(md).toMatch(/\| … \| \d+ more in `report.json` \|/);
    expect(md).toMatch(/Left out to fit a PR comment \(see `report.json`\): part of additive changes\./);
  });
});
