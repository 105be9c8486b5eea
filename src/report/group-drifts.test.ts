import { describe, expect, test } from 'vitest';
import type { Finding } from '../findings/index.js';
import { driftCounts, groupDrifts } from './group-drifts.js';
import type { ReportFinding, ScenarioReport } from './model.js';

const scenario = (id: string, findings: ReportFinding[]): ScenarioReport => ({
  id,
  requirement: 'r',
  spec: '§1',
  tier: 'model',
  status: 'passed',
  durationMs: 1,
  exitCode: 0,
  signal: null,
  baselineFixture: null,
  wireLog: null,
  findings,
});

const f = (
  code: string,
  kind: string | undefined,
  path: Finding['path'],
  extra: Partial<ReportFinding> = {},
): ReportFinding => ({
  code,
  severity: 'changed',
  message: `${kind} ${path.join('.')}`,
  path,
  location: { frame: 1, ...(kind === undefined ? {} : { kind }) },
  ...extra,
});

const toolsGone = (frame: number) =>
  f('drift/list-item-gone', 'system/init', ['tools', '*'], {
    expected: ['Glob', 'Grep'],
    location: { frame, kind: 'system/init' },
  });

describe('groupDrifts: each distinct change once, with its scenarios', () => {
  test('the same change in N scenarios is one entry listing the N, standing for every finding', () => {
    const ids = ['turn/plain', 'permission/allow', 'permission/deny', 'hooks/stop'];
    const entries = groupDrifts(ids.map((id, i) => scenario(id, [toolsGone(i + 1)])));
    expect(entries).toEqual([
      {
        code: 'drift/list-item-gone',
        codes: ['drift/list-item-gone'],
        severity: 'changed',
        kind: 'system/init',
        path: '$.tools[*]',
        expected: ['Glob', 'Grep'],
        message: 'system/init tools.*',
        scenarios: ids,
        findings: 4,
      },
    ]);
    expect(driftCounts(entries)).toEqual({
      bySeverity: { breaking: 0, changed: 1, additive: 0, cosmetic: 0 },
      accepted: 0,
      findings: 4,
    });
  });

  test('different values, kinds or codes are distinct entries', () => {
    const model = (kind: string, was: string, now: string) =>
      f('drift/value-changed', kind, ['model'], { expected: was, actual: [now] });
    const entries = groupDrifts([
      scenario('a', [model('system/init', 'opus-4', 'opus-5'), toolsGone(1)]),
      scenario('b', [model('system/init', 'opus-4', 'opus-5'), model('system/init', 'sonnet-4', 'sonnet-5')]),
      scenario('c', [model('stream_event/message_start', 'opus-4', 'opus-5')]),
    ]);
    expect(entries.map((e) => [e.code, e.kind, e.expected, e.scenarios])).toEqual([
      ['drift/value-changed', 'system/init', 'opus-4', ['a', 'b']],
      ['drift/list-item-gone', 'system/init', ['Glob', 'Grep'], ['a']],
      ['drift/value-changed', 'system/init', 'sonnet-4', ['b']],
      ['drift/value-changed', 'stream_event/message_start', 'opus-4', ['c']],
    ]);
  });

  test('most serious first, accepted after the rest of their severity, then the most widespread', () => {
    const hang = f('drift/hang', undefined, [], {
      severity: 'breaking',
      expected: 'result',
      actual: 'killed',
    });
    const field = (name: string) =>
      f('drift/field-new', 'result/success', [name], { severity: 'additive', actual: ['number'] });
    const accepted = f('schema/missing-field', 'user', ['message', 'content'], {
      severity: 'breaking',
      accepted: 'sent on purpose',
    });
    const entries = groupDrifts([
      scenario('a', [field('x'), field('y')]),
      scenario('b', [field('y'), accepted]),
      scenario('c', [field('y'), hang]),
    ]);
    expect(entries.map((e) => [e.code, e.path, e.scenarios.length, e.accepted ?? null])).toEqual([
      ['drift/hang', '$', 1, null],
      ['schema/missing-field', '$.message.content', 1, 'sent on purpose'],
      ['drift/field-new', '$.y', 3, null],
      ['drift/field-new', '$.x', 1, null],
    ]);
    expect(driftCounts(entries)).toMatchObject({
      bySeverity: { breaking: 1, changed: 0, additive: 2, cosmetic: 0 },
      accepted: 1,
    });
  });

  test('an unknown field is the field whatever its value or index, and joins the comparison’s finding for it', () => {
    const unknown = (i: number, value: unknown) =>
      f(
        'schema/unknown-field',
        'control_response/success (initialize)',
        ['response', 'commands', i, 'builtin'],
        {
          severity: 'additive',
          actual: value,
        },
      );
    const fieldNew = f(
      'drift/field-new',
      'control_response/success (initialize)',
      ['response', 'commands', '*', 'builtin'],
      {
        severity: 'additive',
        actual: ['boolean'],
        also: ['schema/unknown-field'],
      },
    );
    // `a` and `c` were compared with a baseline (one merged finding); `b` had no baseline fixture.
    const entries = groupDrifts([
      scenario('a', [fieldNew]),
      scenario('b', [unknown(0, true), unknown(1, false)]),
      scenario('c', [fieldNew]),
    ]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      code: 'drift/field-new',
      codes: ['drift/field-new', 'schema/unknown-field'],
      path: '$.response.commands[*].builtin',
      scenarios: ['a', 'b', 'c'],
      findings: 4,
    });
  });

  test('ids, times and sandbox paths do not make a change distinct; a payload is told by its keys', () => {
    const unanswered = (id: string) =>
      f('hang/unanswered-control-request', undefined, [], {
        severity: 'cosmetic',
        message: `no output after can_use_tool req ${id}`,
        expected: 'every CLI control_request answered',
        actual: [`can_use_tool ${id}`],
      });
    const payload = (value: Record<string, unknown>) =>
      f('drift/reply-payload-changed', 'control_response/success (read_file)', ['response', 'response'], {
        expected: { contents: 'hello' },
        actual: value,
      });
    const entries = groupDrifts([
      scenario('a', [
        unanswered('94fa57ba-618a-495b-992d-bbcb0b012896'),
        payload({ contents: 'hello', absPath: '/tmp/clide-sandbox-AAAA/work/hello.txt' }),
      ]),
      scenario('b', [
        unanswered('0b1e5c2a-1111-4222-8333-444455556666'),
        payload({ contents: 'bye', absPath: '/tmp/clide-sandbox-BBBB/work/bye.txt' }),
        payload({ contents: 'x', absPath: '/x', lossy: false }),
      ]),
    ]);
    expect(entries.map((e) => [e.code, e.scenarios])).toEqual([
      ['drift/reply-payload-changed', ['a', 'b']],
      ['drift/reply-payload-changed', ['b']],
      ['hang/unanswered-control-request', ['a', 'b']],
    ]);
  });
});
