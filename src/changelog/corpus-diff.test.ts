import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaSet as pinned } from '../../schemas/2.1.150/index.js';
import { createFixtureWriter, fixtureFileName } from '../fixture/index.js';
import { changelogOf } from './build-changelog.js';
import { readCorpus } from './corpus.js';
import { diffCorpora } from './corpus-diff.js';
import type { Changelog, ScenarioChange } from './model.js';
import { renderChangelogJson } from './render-json.js';
import { renderChangelogMarkdown } from './render-markdown.js';

type Frame = ['to-cli' | 'from-cli' | 'stderr', unknown];

const ids = { uuid: 'u', session_id: 's' };
const prompt: Frame = ['to-cli', { type: 'user', message: { role: 'user', content: 'hi' } }];
const init = (extra: Record<string, unknown> = {}): Frame => [
  'from-cli',
  { type: 'system', subtype: 'init', model: 'm', tools: ['Bash'], ...ids, ...extra },
];
const result = (subtype: string, extra: Record<string, unknown> = {}): Frame => [
  'from-cli',
  { type: 'result', subtype, is_error: subtype !== 'success', num_turns: 1, ...ids, ...extra },
];
const setModel: Frame = [
  'to-cli',
  { type: 'control_request', request_id: 'r1', request: { subtype: 'set_model', model: 'x' } },
];
const answer = (outcome: 'success' | 'error'): Frame => [
  'from-cli',
  {
    type: 'control_response',
    response:
      outcome === 'success'
        ? { subtype: 'success', request_id: 'r1', response: {} }
        : { subtype: 'error', request_id: 'r1', error: 'not allowed' },
  },
];

function writeFixture(dir: string, scenario: string, frames: Frame[], exitCode: number): void {
  mkdirSync(dir, { recursive: true });
  const writer = createFixtureWriter(
    join(dir, fixtureFileName(scenario)),
    { argv: ['claude', '-p'], cliVersion: null, scenario, recordedAt: '2026-01-01T00:00:00.000Z' },
    { fsync: 'never', now: () => 0 },
  );
  for (const [dirn, msg] of frames) {
    if (dirn === 'stderr') writer.frame(dirn, { raw: String(msg) }, 0);
    else writer.frame(dirn, { msg }, 0);
  }
  writer.close({ complete: true, exitCode, durationMs: 1 });
}

let root: string;
let log: Changelog;
let byScenario: Map<string, ScenarioChange>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'clide-changelog-'));
  const a = join(root, '1.0.0');
  const b = join(root, '1.1.0');
  // unchanged
  writeFixture(a, 'turn/plain', [prompt, init(), result('success', { result: 'ok' })], 0);
  writeFixture(b, 'turn/plain', [prompt, init(), result('success', { result: 'ok' })], 0);
  // exit code and result subtype change
  writeFixture(a, 'limits/max-turns', [prompt, init(), result('success', { result: 'ok' })], 0);
  writeFixture(b, 'limits/max-turns', [prompt, init(), result('error_max_turns', { errors: ['x'] })], 1);
  // a control request now rejected, a field that appears on the wire, a new message kind
  writeFixture(a, 'control/set-model', [prompt, init(), setModel, answer('success'), result('success')], 0);
  writeFixture(
    b,
    'control/set-model',
    [
      prompt,
      init({ fast_mode_state: 'off' }),
      setModel,
      answer('error'),
      ['from-cli', { type: 'system', subtype: 'notification', text: 'n', ...ids }],
      result('success'),
    ],
    0,
  );
  // shares the new init field with control/set-model, and has one of its own
  writeFixture(a, 'turn/second', [prompt, init(), result('success')], 0);
  writeFixture(
    b,
    'turn/second',
    [prompt, init({ fast_mode_state: 'off', view_mode: 'v' }), result('success')],
    0,
  );
  // only on one side
  writeFixture(a, 'old/gone', [prompt, init(), result('success')], 0);
  writeFixture(b, 'new/fresh', [prompt, init(), result('success')], 0);
  log = await changelogOf(
    { ...pinned, version: '1.0.0' },
    { ...pinned, version: '1.1.0' },
    { from: a, to: b },
  );
  byScenario = new Map(log.scenarios!.changed.map((c) => [c.scenario, c]));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('readCorpus', () => {
  it('reads every fixture of a folder with the fixture reader, keyed by the scenario id of its header', async () => {
    const corpus = await readCorpus(join(root, '1.0.0'));
    expect(corpus.map((e) => [e.scenario, e.file])).toEqual([
      ['control/set-model', 'control__set-model.jsonl'],
      ['limits/max-turns', 'limits__max-turns.jsonl'],
      ['old/gone', 'old__gone.jsonl'],
      ['turn/plain', 'turn__plain.jsonl'],
      ['turn/second', 'turn__second.jsonl'],
    ]);
    expect(corpus[0]!.log.exitCode).toBe(0);
  });
});

describe('diffCorpora', () => {
  it('lists the scenarios recorded for one version only, and counts the unchanged', () => {
    expect(log.scenarios!.onlyInFrom).toEqual(['old/gone']);
    expect(log.scenarios!.onlyInTo).toEqual(['new/fresh']);
    expect(log.scenarios!.compared).toBe(4);
    expect(log.scenarios!.unchanged).toBe(1);
    expect([...byScenario.keys()]).toEqual(['control/set-model', 'limits/max-turns', 'turn/second']);
  });

  it('reports a changed exit code and result subtype', () => {
    const c = byScenario.get('limits/max-turns')!;
    expect(c.exit).toEqual({
      from: { exitCode: 0, signal: null, complete: true },
      to: { exitCode: 1, signal: null, complete: true },
    });
    expect(c.results).toEqual({ from: ['success'], to: ['error_max_turns'] });
    expect(c.kindsAppeared).toEqual(['result/error_max_turns']);
    expect(c.kindsDisappeared).toEqual(['result/success']);
    expect(c.findings.map((f) => f.code)).toContain('drift/exit-code-changed');
  });

  it('reports a control reply success → error, a field and a message kind appearing on the wire', () => {
    const c = byScenario.get('control/set-model')!;
    expect(c.exit).toBeUndefined();
    expect(c.results).toBeUndefined();
    expect(c.kindsAppeared).toEqual(['control_response/error (set_model)', 'system/notification']);
    expect(c.kindsDisappeared).toEqual(['control_response/success (set_model)']);
    const codes = c.findings.map((f) => f.code);
    expect(codes).toContain('drift/request-now-rejected');
    expect(c.findings.find((f) => f.code === 'drift/field-new')).toMatchObject({
      path: ['fast_mode_state'],
      message: 'system/init $.fast_mode_state is new',
    });
  });

  it('finds nothing between a corpus and itself', async () => {
    const corpus = await readCorpus(join(root, '1.0.0'));
    const same = diffCorpora(corpus, corpus);
    expect(same.changed).toEqual([]);
    expect(same.unchanged).toBe(5);
  });
});

describe('changelog rendering', () => {
  it('has a summary, every section, and the scenario facts in Markdown', () => {
    const md = renderChangelogMarkdown(log);
    expect(md).toMatch(/^# Claude Code CLI 1\.0\.0 → 1\.1\.0: stream-json protocol changes\n/);
    expect(md).toContain('| message kinds (both directions) | 0 | 0 | 0 | 0 |');
    expect(md).toContain(
      'Scenarios: 4 recorded for both versions, 3 of them behave differently; 1 recorded for 1.0.0 only, 1 for 1.1.0 only.',
    );
    expect(md).toContain('## Messages, CLI → client (stdout)');
    expect(md).toContain('## Control reply payloads');
    expect(md).toContain(
      '### `limits/max-turns`\n\n- exit: code 0 → code 1\n- result: success → error_max_turns\n',
    );
    expect(md).toContain('Recorded for 1.0.0 only: `old/gone`.');
    expect(md).toContain(
      'breaking `drift/request-now-rejected`: the set_model request is now rejected: not allowed',
    );
  });

  it('lists a finding seen in several scenarios once, with where, and groups field findings by kind', () => {
    const md = renderChangelogMarkdown(log);
    expect(md).toContain(
      '### Seen in several scenarios\n\n- additive `drift/field-new`: `system/init` new fields: `$.fast_mode_state` — `control/set-model`, `turn/second`\n',
    );
    expect(md).toContain(
      '### `turn/second`\n\n- on the wire:\n  - additive `drift/field-new`: `system/init` new fields: `$.view_mode`\n',
    );
    expect(md.match(/\$\.fast_mode_state/g)).toHaveLength(1);
  });

  it('is deterministic and round-trips as JSON', () => {
    expect(renderChangelogMarkdown(log)).toBe(renderChangelogMarkdown(log));
    const json = JSON.parse(renderChangelogJson(log)) as Changelog;
    expect(json.format).toBe('clide-changelog/1');
    expect(json.summary.scenarios).toEqual({ compared: 4, changed: 3, onlyInFrom: 1, onlyInTo: 1 });
  });

  it('says so when a corpus is missing instead of comparing', async () => {
    const partial = await changelogOf(
      { ...pinned, version: '1.0.0' },
      { ...pinned, version: '1.1.0' },
      { from: join(root, '1.0.0'), to: null },
    );
    expect(partial.scenarios).toBeNull();
    expect(partial.corpora.to).toEqual({ dir: null, scenarios: 0 });
    expect(renderChangelogMarkdown(partial)).toContain('Not compared: a corpus is missing.');
  });
});
