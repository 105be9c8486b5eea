/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type CanaryResult, runCanary } from '../src/canary/index.js';
import { packageInfo } from '../src/config/package-info.js';
import { SEVERITIES } from '../src/findings/index.js';
import {
  type CanaryReport,
  groupDrifts,
  loadSession,
  renderHtml,
  type ScenarioSessions,
  summarize,
} from '../src/report/index.js';
import { CHROMIUM_ARGS, chromiumPath, pngStats } from './support/chromium.js';
import { sharedRunner } from './support/shared-runs.js';

/**
 * report.html opened in a real headless Chromium (driven by playwright-core): the page
 * of a real run against an older baseline, its structure read from the live DOM, no console or
 * page error, no request beyond the file itself, a screenshot that is not blank; and a page built
 * from committed fixtures with markup-shaped strings on the wire, which must show them as text.
 */

const ONLY = ['control/initialize', 'permission/deny'];
const XSS = `</script><script>window.__xss=1</script><img src=x onerror="window.__xss=2">"' & <b>bold</b>`;

let dir: string;
let context: BrowserContext;
let run: CanaryResult;

interface Opened {
  page: Page;
  errors: string[];
  requests: string[];
}

async function open(file: string): Promise<Opened> {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  return { page, errors, requests };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clide-html-'));
  run = await runCanary({
    claudePath: inject('claudeBinary'),
    baseline: '2.1.150',
    only: ONLY,
    reportDir: join(dir, 'run'),
    // Its real-CLI runs are shared with the other files that run them (test/support/shared-runs.ts).
    runScenario: sharedRunner(),
  });
  context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: await chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1400, height: 1000 },
  });
}, 180_000);

afterAll(async () => {
  await context?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('report.html of a real run, in Chromium', () => {
  let opened: Opened;
  let report: CanaryReport;
  beforeAll(async () => {
    report = run.report;
    opened = await open(join(dir, 'run', 'report.html'));
  });

  test('the summary counts are the report’s', async () => {
    const counts = await opened.page.$$eval('[data-count]', (els) =>
      Object.fromEntries(
        els.map((e) => [e.getAttribute('data-count'), Number(e.querySelector('dd')?.textContent)]),
      ),
    );
    const s = report.summary;
    expect(counts).toEqual({
      scenarios: s.scenarios,
      passed: s.passed,
      failed: s.failed,
      untestable: s.untestable,
      changes: groupDrifts(report.scenarios).length,
      ...s.bySeverity,
      accepted: s.accepted,
    });
    expect(counts.changed! + counts.additive!).toBeGreaterThan(0);
    const verdict = await opened.page.getAttribute('[data-verdict]', 'data-verdict');
    expect(verdict).toBe(s.exitCode === 0 ? 'passed' : 'failed');
  });

  test('the distinct changes come first, each once, its scenarios linking to their sessions', async () => {
    const changes = await opened.page.$$eval('tr.change', (rows) =>
      rows.map((r) => ({
        code: r.getAttribute('data-code'),
        targets: [...r.querySelectorAll('a')].map((a) =>
          document.getElementById(a.getAttribute('href')!.slice(1))?.getAttribute('data-scenario'),
        ),
      })),
    );
    const entries = groupDrifts(report.scenarios);
    expect(changes).toEqual(entries.map((e) => ({ code: e.code, targets: e.scenarios })));
    const order = await opened.page.$$eval('main > section', (sections) => sections.map((s) => s.id));
    expect(order.slice(0, 3)).toEqual(['summary', 'changes', 'scenarios']);
  });

  test('one scenario row per scenario, with its status, linking to its session', async () => {
    const rows = await opened.page.$$eval('tr.scenario', (els) =>
      els.map((e) => ({
        id: e.getAttribute('data-scenario'),
        status: e.getAttribute('data-status'),
        badge: e.querySelector('.status')?.textContent,
        target: document
          .getElementById(e.querySelector('a')!.getAttribute('href')!.slice(1))
          ?.getAttribute('data-scenario'),
      })),
    );
    expect(rows).toEqual(
      report.scenarios.map((sc) => ({ id: sc.id, status: sc.status, badge: sc.status, target: sc.id })),
    );
  });

  test('the findings are grouped by severity, every one of them listed', async () => {
    const groups = await opened.page.$$eval('details.severity', (els) =>
      els.map((e) => ({
        severity: e.getAttribute('data-severity'),
        n: Number(e.querySelector('.n')?.textContent),
        rows: e.querySelectorAll('tr.finding').length,
      })),
    );
    const expected: Array<{ severity: string; n: number; rows: number }> = SEVERITIES.map((sev) => ({
      severity: sev,
      n: report.summary.bySeverity[sev],
      rows: report.summary.bySeverity[sev],
    })).filter((g) => g.n > 0);
    if (report.summary.accepted > 0) {
      expected.push({ severity: 'accepted', n: report.summary.accepted, rows: report.summary.accepted });
    }
    expect(groups).toEqual(expected);
  });

  test('each session is a two-column timeline per side, every frame in its direction’s column', async () => {
    for (const sc of report.scenarios) {
      const session = await opened.page.$eval(`details.session[data-scenario="${sc.id}"]`, (d) => {
        const head = [...d.querySelectorAll('thead tr:last-child th')].map(
          (th) => `${th.classList.contains('side-run') ? 'run' : 'baseline'}:${th.getAttribute('data-col')}`,
        );
        const frames = [...d.querySelectorAll('.frame')].map((f) => {
          const td = f.closest('td')!;
          return {
            side: td.getAttribute('data-side'),
            col: td.getAttribute('data-col'),
            dir: f.getAttribute('data-dir'),
          };
        });
        return { head, frames };
      });
      expect(session.head).toEqual(['baseline:client', 'baseline:cli', 'run:client', 'run:cli']);
      for (const f of session.frames) expect(f.col).toBe(f.dir === 'to-cli' ? 'client' : 'cli');
      const lines = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n').length - 2;
      expect(session.frames.filter((f) => f.side === 'run')).toHaveLength(
        lines(join(dir, 'run', sc.wireLog!)),
      );
      expect(session.frames.filter((f) => f.side === 'baseline')).toHaveLength(lines(sc.baselineFixture!));
    }
  });

  test('the frames that differ from the baseline are highlighted, and the filter keeps only them', async () => {
    const { page } = opened;
    await page.click('#expand-all');
    const differing = await page.$$eval('tr.row.differs', (rows) =>
      rows.map((r) => ({
        diff: r.getAttribute('data-diff'),
        background: getComputedStyle(r.querySelector('td.side-run') ?? r.querySelector('td')!)
          .backgroundColor,
      })),
    );
    expect(differing.length).toBeGreaterThan(0);
    const same = await page.$eval(
      'tr.row[data-diff="same"] td.side-run',
      (td) => getComputedStyle(td).backgroundColor,
    );
    expect(differing.filter((d) => d.diff === 'changed').every((d) => d.background !== same)).toBe(true);
    // Changed rows carry the codes of the findings that point at their frame.
    const marks = await page.$$eval('tr.row[data-diff="changed"] .mark', (m) =>
      m.map((e) => e.getAttribute('data-code')),
    );
    expect(marks.length).toBeGreaterThan(0);

    await page.check('#only-diff');
    const visible = await page.$$eval('tr.row', (rows) =>
      rows.filter((r) => getComputedStyle(r).display !== 'none').map((r) => r.getAttribute('data-diff')),
    );
    expect(visible).not.toContain('same');
    expect(visible.length).toBeGreaterThanOrEqual(differing.length);
    await page.uncheck('#only-diff');
  });

  test('no console or page error, nothing fetched but the file, and a screenshot that is not blank', async () => {
    const { page, errors, requests } = opened;
    expect(errors).toEqual([]);
    expect(requests).toEqual([`file://${join(dir, 'run', 'report.html')}`]);
    await page.evaluate(() => window.scrollTo(0, 0));
    const png = await page.screenshot();
    writeFileSync(join(dir, 'report.png'), png);
    expect(png.length).toBeGreaterThan(20_000);
    const stats = await pngStats(context, png);
    expect(stats).toMatchObject({ width: 1400, height: 1000 });
    expect(stats.colours).toBeGreaterThan(50);
    expect(stats.stddev).toBeGreaterThan(10);
    expect(stats.nonWhite).toBeGreaterThan(0.03);
  });
});

describe('markup on the wire and in the report, in Chromium', () => {
  let opened: Opened;
  beforeAll(async () => {
    // Committed fixtures through the real renderer, with markup-shaped strings in every place a
    // string from the CLI, a scenario or a finding reaches the page.
    const { root } = packageInfo();
    const baseline = loadSession(
      join(root, 'fixtures/2.1.150/control__initialize.jsonl'),
      'baseline <b>x</b>.jsonl',
    );
    const current = loadSession(
      join(root, 'fixtures/2.1.332/control__initialize.jsonl'),
      `wire/${XSS}.jsonl`,
    );
    if (!('frames' in current) || !('frames' in baseline))
      throw new Error('the committed fixtures did not load');
    current.frames.push(
      {
        dir: 'from-cli',
        msg: { type: 'assistant', message: { content: [{ type: 'text', text: XSS }] } },
        t: 1,
      },
      { dir: 'stderr', raw: XSS, t: 2 },
      { dir: 'from-cli', raw: XSS, t: 3 },
    );
    const id = `control/${XSS}`;
    const scenarios: CanaryReport['scenarios'] = [
      {
        id,
        requirement: XSS,
        spec: XSS,
        tier: 'offline',
        status: 'failed',
        durationMs: 1000,
        exitCode: 0,
        signal: null,
        baselineFixture: baseline.path,
        wireLog: current.path,
        findings: [
          {
            code: `drift/${XSS}`,
            severity: 'breaking',
            message: XSS,
            path: [XSS],
            expected: XSS,
            actual: { [XSS]: XSS },
            location: { frame: current.frames.length - 3 },
          },
        ],
      },
    ];
    const report: CanaryReport = {
      ...run.report,
      cli: { ...run.report.cli, version: XSS },
      selection: [XSS],
      expectedFile: XSS,
      summary: summarize(scenarios),
      scenarios,
    };
    const sessions = new Map<string, ScenarioSessions>([[id, { run: current, baseline }]]);
    writeFileSync(join(dir, 'xss.html'), renderHtml(report, sessions));
    opened = await open(join(dir, 'xss.html'));
  });

  test('no injected script runs and no injected element exists', async () => {
    const { page, errors } = opened;
    await page.click('#expand-all');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.$$('img')).toHaveLength(0);
    expect(await page.$$('script')).toHaveLength(1);
    expect(await page.$$('b')).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  test('the strings are shown as the text they are', async () => {
    const { page } = opened;
    expect(await page.textContent('tr.scenario td:nth-child(3)')).toBe(XSS);
    expect(await page.textContent('tr.finding td:nth-child(4)')).toBe(XSS);
    const stderr = await page.$$eval('.frame[data-dir="stderr"] pre', (p) => p.map((e) => e.textContent));
    expect(stderr).toContain(XSS);
    const text = await page.$$eval('.frame[data-dir="from-cli"] pre', (p) =>
      p.map((e) => e.textContent ?? ''),
    );
    expect(text.some((t) => t.includes(JSON.stringify(XSS).slice(1, -1)))).toBe(true);
    expect(await page.title()).toContain(XSS);
    const flagged = await page.$eval('.mark', (m) => m.getAttribute('data-code'));
    expect(flagged).toBe(`drift/${XSS}`);
  });
});
