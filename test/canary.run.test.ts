import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import { type CanaryResult, readWireLog, runCanary } from '../src/canary/index.js';
import { main } from '../src/cli/main.js';
import { packageInfo } from '../src/config/package-info.js';
import { liveProcessGroups } from '../src/driver/index.js';
import type { CanaryReport } from '../src/report/index.js';
import { SCENARIOS } from '../src/scenarios/index.js';
import { sharedRunner } from './support/shared-runs.js';

/** The CLI the suite's `claudeBinary` is: the default pin. */
const PINNED = packageInfo().pinned;

/**
 * `clide-conformance run` end to end against the real pinned CLI: reports written and well formed,
 * exit codes per --fail-on, `diff` over the wire logs, and a hang reported with no process left.
 */

/** Minimal XML well-formedness check: balanced tags, quoted attributes, only known entities in text. */
function parseXml(xml: string): Array<{ name: string; attrs: Record<string, string> }> {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const elements: Array<{ name: string; attrs: Record<string, string> }> = [];
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[A-Za-z][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let consumed = 0;
  for (let match = token.exec(body); match !== null; match = token.exec(body)) {
    consumed = token.lastIndex;
    const [, closing, name, attrText, selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad entity in ${text.slice(0, 40)}`);
      continue;
    }
    if (closing) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (attrText ?? '').matchAll(/([A-Za-z][\w.-]*)="([^"]*)"/g)) attrs[a[1]!] = a[2]!;
    elements.push({ name: name!, attrs });
    if (!selfClosing) stack.push(name!);
  }
  if (consumed !== body.length)
    throw new Error(`not XML at offset ${consumed}: ${body.slice(consumed, consumed + 40)}`);
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  return elements;
}

let binary: string;
let dir: string;
let first: CanaryResult;
let progress: string[];
const ONLY = ['control/get-binary-version', 'permission/deny'];

beforeAll(async () => {
  binary = inject('claudeBinary');
  dir = mkdtempSync(join(tmpdir(), 'clide-canary-run-'));
  progress = [];
  first = await runCanary({
    claudePath: binary,
    only: ONLY,
    reportDir: join(dir, 'first'),
    onProgress: (line) => progress.push(line),
    // Real-CLI runs shared with the files that run these scenarios on the same binary.
    runScenario: sharedRunner(),
  });
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

/** Runs the CLI in-process; returns its exit code and what it printed on stdout. */
async function cli(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  process.exitCode = undefined;
  const code = await main(argv);
  vi.restoreAllMocks();
  process.exitCode = undefined;
  return { code, stdout };
}

describe('clide-conformance run against the pinned CLI', () => {
  test('passes on the pinned CLI, with progress lines and every report written', () => {
    expect(first.exitCode).toBe(0);
    expect(progress.filter((l) => /^\[\d\/2\] \S+ … passed \(/.test(l))).toHaveLength(2);
    const out = join(dir, 'first');
    for (const name of ['report.json', 'report.md', 'junit.xml'])
      expect(existsSync(join(out, name)), name).toBe(true);

    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as CanaryReport;
    expect(report.format).toBe('clide-canary-report/1');
    expect(report.cli.version).toBe(PINNED);
    expect(report.baseline).toMatchObject({ version: PINNED, schemaVersion: PINNED });
    expect(report.summary).toMatchObject({ scenarios: 2, passed: 2, failed: 0, untestable: 0, exitCode: 0 });
    expect(report.scenarios.map((s) => s.id).sort()).toEqual([...ONLY].sort());
    for (const s of report.scenarios) {
      const scenario = SCENARIOS.find((x) => x.id === s.id)!;
      expect(s).toMatchObject({
        status: 'passed',
        requirement: scenario.requirement,
        spec: scenario.spec,
        exitCode: 0,
      });
      expect(s.findings.filter((f) => f.severity === 'breaking')).toEqual([]);
    }
  });

  test('junit.xml is well-formed XML with one test case per scenario', () => {
    const elements = parseXml(readFileSync(join(dir, 'first', 'junit.xml'), 'utf8'));
    const cases = elements.filter((e) => e.name === 'testcase');
    expect(cases.map((c) => c.attrs.name).sort()).toEqual([...ONLY].sort());
    expect(elements.filter((e) => e.name === 'failure' || e.name === 'error')).toEqual([]);
    expect(elements.find((e) => e.name === 'testsuites')?.attrs).toMatchObject({ tests: '2', failures: '0' });
  });

  test('report.md opens with the summary table and lists every scenario', () => {
    const md = readFileSync(join(dir, 'first', 'report.md'), 'utf8');
    expect(md).toMatch(
      new RegExp(
        `^## clide-conformance canary: claude ${PINNED.replaceAll('.', '\\.')} vs baseline ${PINNED.replaceAll('.', '\\.')} — ✅ passed`,
      ),
    );
    expect(md).toContain(
      '| Scenarios | ✅ passed | ❌ failed | ⚠️ untestable | breaking | changed | additive | cosmetic |',
    );
    expect(md).toContain('| 2 | 2 | 0 | 0 | 0 |');
    for (const id of ONLY) expect(md).toContain(`| ✅ | \`${id}\` |`);
  });

  test('the wire logs are loadable fixtures of each run', async () => {
    const log = await readWireLog(join(dir, 'first', 'wire', 'permission__deny.jsonl'));
    expect(log.cliVersion).toBe(PINNED);
    expect(log.exitCode).toBe(0);
    expect(
      log.frames.some((f) => f.dir === 'from-cli' && (f.msg as { type?: string })?.type === 'result'),
    ).toBe(true);
  });

  test('--fail-on decides the exit code: additive drift passes at breaking, fails at additive', async () => {
    // Baseline = the first run's wire log without the field get_binary_version answers with.
    const baseline = join(dir, 'baseline');
    cpSync(join(dir, 'first', 'wire'), baseline, { recursive: true });
    const file = join(baseline, 'control__get-binary-version.jsonl');
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const reply = lines.find(
      (l) => l.kind === 'frame' && l.dir === 'from-cli' && l.msg?.type === 'control_response',
    );
    delete reply.msg.response.response.version;
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

    const args = [
      'run',
      '--claude',
      binary,
      '--only',
      'control/get-binary-version',
      '--baseline-dir',
      baseline,
      '-q',
    ];
    const lenient = await cli([...args, '--report-dir', join(dir, 'lenient'), '--format', 'json']);
    expect(lenient.code).toBe(0);
    const report = JSON.parse(lenient.stdout) as CanaryReport;
    expect(report.scenarios[0]!.baselineFixture).toContain('control__get-binary-version.jsonl');
    expect(report.scenarios[0]!.findings).toContainEqual(
      expect.objectContaining({
        code: 'drift/field-new',
        severity: 'additive',
        path: ['response', 'response', 'version'],
      }),
    );
    const strict = await cli([...args, '--report-dir', join(dir, 'strict'), '--fail-on', 'additive']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('drift/field-new');

    // diff over the same two folders: the same finding, the same exit-code rules.
    const diff = await cli(['diff', baseline, join(dir, 'first', 'wire'), '--format', 'json']);
    expect(diff.code).toBe(0);
    const diffReport = JSON.parse(diff.stdout) as {
      pairs: Array<{ name: string; findings: Array<{ code: string }> }>;
    };
    expect(diffReport.pairs.map((p) => [p.name, p.findings.map((f) => f.code)])).toEqual([
      // The new field, and the reply's payload that now carries other keys (a client reading it looks again).
      ['control__get-binary-version.jsonl', ['drift/reply-payload-changed', 'drift/field-new']],
      ['permission__deny.jsonl', []],
    ]);
    expect((await cli(['diff', baseline, join(dir, 'first', 'wire'), '--fail-on', 'additive'])).code).toBe(1);
  }, 120_000);

  test('usage errors exit 2 before anything runs', async () => {
    expect((await cli(['run', '--fail-on', 'sometimes'])).code).toBe(2);
    expect((await cli(['run', '--only', 'no-such-family/'])).code).toBe(2);
    expect((await cli(['run', '--live', '--claude', binary])).code).toBe(2);
    expect((await cli(['diff', join(dir, 'first', 'report.json'), join(dir, 'first')])).code).toBe(2);
  });

  test('a hang is reported as a hang, before the deadline, and leaves no process behind', async () => {
    const hang = SCENARIOS.find((s) => s.id === 'hang/unanswered-can-use-tool')!;
    const result = await runCanary({
      claudePath: binary,
      catalogue: [hang],
      writeFiles: false,
      expectedFile: null,
    });
    const [scenario] = result.report.scenarios;
    expect(scenario!.status).toBe('passed');
    const codes = scenario!.findings.map((f) => f.code);
    expect(codes).toContain('hang/unanswered-control-request');
    expect(codes).not.toContain('hang/deadline-exceeded');
    expect(liveProcessGroups()).toEqual([]);
  }, 60_000);
});
