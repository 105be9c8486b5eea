/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderMatrixHtml } from '../src/matrix/index.js';
import { launchChromium, pngStats } from './support/chromium.js';
import { type RealisticMatrix, realisticMatrix, writeRunReportStubs } from './support/realistic-matrix.js';

/**
 * matrix.html opened in a real headless Chromium: a page of 3 versions × the whole catalogue, its
 * findings the committed drift report's (test/support/realistic-matrix.ts), laid out as a person
 * reads it: every column names its baseline, the column whose failures share one cause names it
 * at its head, the heads stay in view while the rows scroll, no scenario id is broken over two
 * lines (wide or narrow), the page is a screen or two long, and a cell opens its version's run
 * report. CLIDE_SCREENSHOT_DIR=<dir> keeps the screenshots (matrix-1400.png, matrix-700.png).
 */

let dir: string;
let file: string;
let browser: Browser;
let matrix: RealisticMatrix;

interface Opened {
  page: Page;
  errors: string[];
  requests: string[];
}

async function open(width: number): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width, height: 1000 } });
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

async function screenshot(page: Page, name: string): Promise<Buffer> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const png = await page.screenshot();
  writeFileSync(join(dir, name), png);
  const keep = process.env.CLIDE_SCREENSHOT_DIR;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(join(dir, name), join(keep, name));
  }
  return png;
}

/**
 * Every scenario id, finding code and column baseline of the page that lies on more than one
 * line: its boxes (one per line, or per piece of a line) do not all overlap vertically.
 */
function brokenOverLines(page: Page): Promise<string[]> {
  return page.$$eval(
    'table.matrix code.id, table.matrix code.code, table.matrix .nb, table.why code.code',
    (elements) =>
      elements
        .filter((e) => {
          const boxes = [...e.getClientRects()];
          return Math.max(...boxes.map((b) => b.top)) >= Math.min(...boxes.map((b) => b.bottom));
        })
        .map((e) => e.textContent ?? ''),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'clide-matrix-html-'));
  matrix = realisticMatrix();
  writeRunReportStubs(dir, matrix);
  file = join(dir, 'matrix.html');
  writeFileSync(file, renderMatrixHtml(matrix.report, matrix.findingsOf, dir));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('matrix.html of 3 versions × the catalogue, in Chromium at 1400 px', () => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await open(1400);
  });

  test('one row per scenario, one column per version, each head naming its baseline and failures', async () => {
    const heads = await opened.page.$$eval('table.matrix th.version', (ths) =>
      ths.map((th) => ({
        version: th.querySelector('.v')?.textContent,
        baseline: th.querySelector('.baseline')?.textContent,
        tally: th.querySelector('.tally')?.textContent,
      })),
    );
    expect(heads).toEqual([
      { version: '2.1.150', baseline: 'vs 2.1.150 (itself)', tally: 'all 63 passed · run report' },
      { version: '2.1.210', baseline: 'vs 2.1.150', tally: 'all 63 failed · run report' },
      { version: '2.1.332', baseline: 'vs 2.1.150', tally: '9 of 63 failed · run report' },
    ]);
    const rows = await opened.page.$$eval('table.matrix tbody tr', (trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelectorAll('td.cell').length]),
    );
    expect(rows).toEqual(matrix.report.scenarios.map((id) => [id, 3]));
  });

  test('the column whose failures share one cause says so at its head, and only that one', async () => {
    const causes = await opened.page.$$eval('table.matrix th.version', (ths) =>
      ths.map((th) => {
        const cause = th.querySelector<HTMLElement>('.cause');
        if (!cause) return null;
        const box = cause.getBoundingClientRect();
        const head = th.getBoundingClientRect();
        return {
          text: cause.textContent,
          inHead: box.left >= head.left && box.right <= head.right && box.bottom <= head.bottom,
          shown: box.width > 0 && box.height > 0 && getComputedStyle(cause).visibility === 'visible',
        };
      }),
    );
    expect(causes).toEqual([
      null,
      {
        text: 'the shared cause of all 63 failures: drift/field-gone at system/init $.apiKeySource',
        inHead: true,
        shown: true,
      },
      null,
    ]);
  });

  test('no scenario id, finding code or baseline is broken over two lines, and every row is one line high', async () => {
    expect(await brokenOverLines(opened.page)).toEqual([]);
    const heights = await opened.page.$$eval('table.matrix tbody tr', (trs) =>
      trs.map((tr) => tr.getBoundingClientRect().height),
    );
    expect(Math.max(...heights)).toBeLessThan(36);
  });

  test('the page is short: the matrix and the failing changes, the findings left to the run reports', async () => {
    const { height, why } = await opened.page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      why: [...document.querySelectorAll('table.why')].map((t) => t.getAttribute('data-version')),
    }));
    // 63 rows of about 27 px, the heads, the counts and a table of failing changes per failing version.
    expect(height).toBeLessThan(4000);
    expect(why).toEqual(['2.1.210', '2.1.332']);
  });

  test('the heads stay in view while the rows scroll under them', async () => {
    const { page } = opened;
    await page.evaluate(() => window.scrollTo(0, 1200));
    const tops = await page.$$eval('table.matrix thead th', (ths) =>
      ths.map((th) => th.getBoundingClientRect().top),
    );
    const firstRow = await page.$eval('table.matrix tbody tr', (tr) => tr.getBoundingClientRect().top);
    expect(firstRow).toBeLessThan(0);
    for (const top of tops) expect(Math.abs(top)).toBeLessThanOrEqual(1);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test("a cell opens its scenario in its version's run report", async () => {
    const { page } = opened;
    const href = await page.getAttribute('td[data-version="2.1.332"] a', 'href');
    expect(href).toBe('2.1.332/report.html#session-control_2finitialize');
    expect(existsSync(join(dir, '2.1.332', 'report.html'))).toBe(true);
    const other = await open(1400);
    await other.page.click('td[data-version="2.1.332"] a');
    await other.page.waitForURL(/report\.html/);
    expect(other.page.url()).toBe(
      `file://${join(dir, '2.1.332', 'report.html')}#session-control_2finitialize`,
    );
    await other.page.close();
  });

  test('no console or page error, nothing fetched but the file, and a screenshot that is not blank', async () => {
    const { page, errors, requests } = opened;
    expect(errors).toEqual([]);
    expect(requests).toEqual([`file://${file}`]);
    const stats = await pngStats(browser, await screenshot(page, 'matrix-1400.png'));
    expect(stats).toMatchObject({ width: 1400, height: 1000 });
    expect(stats.colours).toBeGreaterThan(50);
    expect(stats.stddev).toBeGreaterThan(10);
    expect(stats.nonWhite).toBeGreaterThan(0.1);
  });
});

describe('matrix.html in a narrow window (700 px)', () => {
  test('no scenario id, finding code or baseline is broken over two lines', async () => {
    const { page, errors } = await open(700);
    expect(await brokenOverLines(page)).toEqual([]);
    await screenshot(page, 'matrix-700.png');
    expect(errors).toEqual([]);
    await page.close();
  });
});
