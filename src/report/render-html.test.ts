import { describe, expect, test } from 'vitest';
import { type CanaryReport, type ScenarioReport, summarize } from './model.js';
import { renderHtml } from './render-html.js';
import { renderMarkdown } from './render-markdown.js';
import { renderText } from './render-text.js';
import type { ScenarioSessions } from './report-sessions.js';

const scenario: ScenarioReport = {
  id: 'turn/plain',
  requirement: 'r',
  spec: '§1',
  tier: 'model',
  status: 'passed',
  durationMs: 10,
  exitCode: 0,
  signal: null,
  baselineFixture: 'fixtures/x/turn__plain.jsonl',
  wireLog: 'wire/turn__plain.jsonl',
  findings: [],
};

function report(extra: Partial<CanaryReport> = {}): CanaryReport {
  return {
    format: 'clide-canary-report/1',
    tool: { name: 'clide-conformance', version: '0.0.0' },
    cli: { version: '2.1.332', binary: '/x/claude', live: false },
    baseline: { version: '2.1.150', schemaVersion: '2.1.150', fixturesDir: 'fixtures/x', fixtures: 1 },
    expectedFile: null,
    failOn: 'breaking',
    selection: [],
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    durationMs: 1000,
    machine: { platform: 'linux', arch: 'x64', node: 'v20', cpus: 2 },
    summary: summarize([scenario]),
    scenarios: [scenario],
    ...extra,
  };
}

const frames = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ dir: 'from-cli' as const, msg: { type: 'assistant', i }, t: i }));
const loaded = (path: string, n: number) => ({
  path,
  cliVersion: null,
  frames: frames(n),
  exitCode: 0,
  signal: null,
});

describe('report.html', () => {
  test('a missing baseline fixture is named on its side and the run is shown alone', () => {
    const sessions = new Map<string, ScenarioSessions>([
      [
        scenario.id,
        {
          run: loaded('wire/turn__plain.jsonl', 2),
          baseline: { path: 'fixtures/x/turn__plain.jsonl', error: 'the file does not exist' },
        },
      ],
    ]);
    const html = renderHtml(report(), sessions);
    expect(html).toContain(
      '<code>fixtures/x/turn__plain.jsonl</code> — <strong>the file does not exist</strong>',
    );
    expect(html.match(/data-side="run" data-col="cli"><div class="frame"/g)).toHaveLength(2);
    expect(html.match(/data-side="baseline" data-col="cli"><div class="frame"/g)).toBeNull();
    expect(html).toContain('<span class="differing">0</span> row(s) differ');
  });

  test('a shard and an interrupted run say so, in the page as in report.md and the terminal', () => {
    const shard = { index: 2, count: 3, selected: ['a', 'b', 'turn/plain'] };
    const line = 'Shard 2/3 of 3 selected scenario(s)';
    const sharded = report({ shard });
    expect(renderHtml(sharded, new Map())).toContain(line);
    expect(renderMarkdown(sharded)).toContain(`> ${line}`);
    expect(renderText(sharded)).toContain(line);
    const interrupted = renderHtml(
      report({ interrupted: true, interruption: { signal: 'SIGTERM', notRun: ['a'] } }),
      new Map(),
    );
    expect(interrupted).toContain('data-verdict="interrupted"');
    expect(interrupted).toContain(
      'INTERRUPTED by SIGTERM: the report holds only the finished scenarios; not run: a',
    );
  });
});
