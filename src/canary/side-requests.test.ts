import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { packageInfo } from '../config/package-info.js';
import type { Transcript } from '../driver/index.js';
import type { RecordedRequest } from '../model-api/index.js';
import type { ScenarioRun } from '../scenarios/index.js';
import { checkScenarioRun } from './check-run.js';
import { compareWireLogs } from './compare.js';
import { diffFixtures } from './diff-fixtures.js';
import {
  readSideRequestsFile,
  SIDE_REQUESTS_FILE,
  sideRequestChanges,
  unscriptedRequests,
  updateSideRequestsFile,
} from './side-requests.js';
import type { WireLog } from './wire-log.js';
import { readWireLog, writeWireLog } from './wire-log-files.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clide-side-requests-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const request = (
  index: number,
  method: string,
  path: string,
  kind: RecordedRequest['kind'],
): RecordedRequest => ({
  index,
  method,
  path,
  headers: {},
  body: undefined,
  kind,
  turn: null,
  time: index,
});

/** A real run: the pinned corpus' fixture of one plain turn, as a transcript and as a wire log. */
const FIXTURE = join(packageInfo().root, 'fixtures', '2.1.150', 'api__rate-limit-event.jsonl');
let recorded: WireLog;
beforeAll(async () => {
  recorded = await readWireLog(FIXTURE);
});

const transcript = (): Transcript => ({
  binary: 'claude',
  argv: ['-p'],
  startedAt: '2026-01-01T00:00:00.000Z',
  frames: recorded.frames.map((f, i) => ({ ...f, t: i })) as Transcript['frames'],
  exitCode: recorded.exitCode,
  signal: null,
  durationMs: 3,
  findings: [],
});

const log = (sideRequests?: string[]): WireLog => {
  const { sideRequests: _none, ...rest } = recorded;
  return { ...rest, ...(sideRequests ? { sideRequests } : {}) };
};

const codes = (findings: ReadonlyArray<{ code: string; severity: string; path: readonly unknown[] }>) =>
  findings.map((f) => `${f.severity} ${f.code} ${f.path.join('')}`);

describe('unscriptedRequests', () => {
  it('keeps only the requests outside the script, once each, without query strings', () => {
    const requests = [
      request(0, 'HEAD', '/api/hello', 'unscripted'),
      request(1, 'HEAD', '/', 'probe'),
      request(2, 'POST', '/v1/messages?beta=true', 'conversation'),
      request(3, 'POST', '/v1/messages?beta=true', 'side'),
      request(4, 'GET', '/v1/models?limit=5', 'unscripted'),
      request(5, 'HEAD', '/api/hello', 'unscripted'),
    ];
    expect(unscriptedRequests(requests)).toEqual(['GET /v1/models', 'HEAD /api/hello']);
  });
});

describe('sideRequestChanges', () => {
  it('makes each new request one additive change', () => {
    const changes = sideRequestChanges([], ['HEAD /api/hello', 'GET /v1/models']);
    expect(changes.map((c) => [c.code, c.path[0]])).toEqual([
      ['drift/side-request-new', 'GET /v1/models'],
      ['drift/side-request-new', 'HEAD /api/hello'],
    ]);
  });

  it('calls a request that takes the place of one the baseline made (same method or same path) a change', () => {
    const changes = sideRequestChanges(['HEAD /api/ping', 'GET /api/hello'], ['HEAD /api/hello']);
    expect(changes).toEqual([
      {
        code: 'drift/side-request-changed',
        message: expect.stringContaining('replaces'),
        path: ['HEAD /api/hello'],
        expected: 'GET /api/hello',
        actual: 'HEAD /api/hello',
      },
      {
        code: 'drift/side-request-gone',
        message: expect.stringContaining('HEAD /api/ping'),
        path: ['HEAD /api/ping'],
        expected: 'HEAD /api/ping',
      },
    ]);
  });

  it('says nothing when the run made the same requests as the baseline', () => {
    expect(sideRequestChanges(['HEAD /api/hello'], ['HEAD /api/hello'])).toEqual([]);
    expect(sideRequestChanges([], [])).toEqual([]);
  });

  it('does not pair unrelated requests', () => {
    const changes = sideRequestChanges(['POST /v1/other'], ['HEAD /api/hello']);
    expect(changes.map((c) => c.code)).toEqual(['drift/side-request-new', 'drift/side-request-gone']);
  });
});

describe('the comparison of two runs', () => {
  it('reports a new side request as one additive finding, and none for what both made', () => {
    expect(codes(compareWireLogs(log(), log(['HEAD /api/hello']), { scenario: 'a/b' }))).toEqual([
      'additive drift/side-request-new HEAD /api/hello',
    ]);
    expect(compareWireLogs(log(['HEAD /api/hello']), log(['HEAD /api/hello']))).toEqual([]);
    expect(codes(compareWireLogs(log(['HEAD /api/hello']), log([])))).toEqual([
      'changed drift/side-request-gone HEAD /api/hello',
    ]);
  });

  it('compares nothing when the current log recorded no side requests, or one side is a plain capture', () => {
    expect(compareWireLogs(log(['HEAD /api/hello']), log())).toEqual([]);
    const capture: WireLog = { ...log(), recorded: { exit: false, stderr: false, client: false } };
    expect(compareWireLogs(capture, log(['HEAD /api/hello']))).toEqual([]);
  });
});

describe('checkScenarioRun', () => {
  const run = (requests: RecordedRequest[]): ScenarioRun => ({
    scenario: 'a/b',
    transcript: transcript(),
    modelRequests: requests,
    findings: [],
    passed: true,
    durationMs: 3,
  });

  it('turns an unscripted request into one finding that does not fail the scenario, with or without a baseline', () => {
    const probing = run([
      request(0, 'HEAD', '/api/hello', 'unscripted'),
      request(1, 'HEAD', '/api/hello', 'unscripted'),
    ]);
    for (const baseline of [log(), undefined]) {
      const findings = checkScenarioRun(probing, {
        baseline,
        schemaVersion: '2.1.150',
        cliVersion: '2.1.270',
      });
      expect(codes(findings.filter((f) => f.code.startsWith('drift/side-request')))).toEqual([
        'additive drift/side-request-new HEAD /api/hello',
      ]);
      expect(findings.filter((f) => f.code !== 'drift/side-request-new')).toEqual([]);
    }
  });

  it('finds nothing when the baseline made the same unscripted request', () => {
    const findings = checkScenarioRun(run([request(0, 'HEAD', '/api/hello', 'unscripted')]), {
      baseline: log(['HEAD /api/hello']),
      schemaVersion: '2.1.150',
      cliVersion: '2.1.150',
    });
    expect(findings).toEqual([]);
  });
});

describe('where a baseline keeps its side requests', () => {
  it('a wire log keeps them in its header, and reads them back', async () => {
    const path = join(tempDir(), 'a__b.jsonl');
    writeWireLog(path, transcript(), {
      scenario: 'a/b',
      cliVersion: '2.1.270',
      sideRequests: ['HEAD /api/hello'],
    });
    expect(JSON.parse(readFileSync(path, 'utf8').split('\n')[0]!).meta).toEqual({
      sideRequests: ['HEAD /api/hello'],
    });
    expect((await readWireLog(path)).sideRequests).toEqual(['HEAD /api/hello']);
  });

  it('a corpus keeps them in side-requests.json, read for each of its fixtures', async () => {
    const dir = tempDir();
    writeWireLog(join(dir, 'a__b.jsonl'), transcript(), { scenario: 'a/b', cliVersion: '2.1.270' });
    writeWireLog(join(dir, 'a__c.jsonl'), transcript(), { scenario: 'a/c', cliVersion: '2.1.270' });
    expect((await readWireLog(join(dir, 'a__b.jsonl'))).sideRequests).toBeUndefined();
    updateSideRequestsFile(dir, { 'a/b': ['HEAD /api/hello'], 'a/c': [] });
    expect(readSideRequestsFile(dir)).toEqual({ 'a/b': ['HEAD /api/hello'] });
    expect((await readWireLog(join(dir, 'a__b.jsonl'))).sideRequests).toEqual(['HEAD /api/hello']);
    expect((await readWireLog(join(dir, 'a__c.jsonl'))).sideRequests).toEqual([]);
    // A scenario recorded again without them loses its entry; the file stays.
    updateSideRequestsFile(dir, { 'a/b': [] });
    expect(readSideRequestsFile(dir)).toEqual({});
  });

  it('writes no file for a corpus whose scenarios made none', () => {
    const dir = tempDir();
    updateSideRequestsFile(dir, { 'a/b': [] });
    expect(readSideRequestsFile(dir)).toBeUndefined();
  });

  it('refuses a file that is not one', () => {
    const dir = tempDir();
    writeFileSync(join(dir, SIDE_REQUESTS_FILE), '{"scenarios": {}}');
    expect(() => readSideRequestsFile(dir)).toThrow(/clide-side-requests\/1/);
  });

  it('diff of two folders compares them', async () => {
    const [a, b] = [tempDir(), tempDir()];
    writeWireLog(join(a, 'a__b.jsonl'), transcript(), { scenario: 'a/b', cliVersion: '2.1.150' });
    writeWireLog(join(b, 'a__b.jsonl'), transcript(), {
      scenario: 'a/b',
      cliVersion: '2.1.270',
      sideRequests: ['HEAD /api/hello'],
    });
    const report = await diffFixtures(a, b);
    expect(codes(report.pairs[0]!.findings)).toContain('additive drift/side-request-new HEAD /api/hello');
  });
});
