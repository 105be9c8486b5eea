import { describe, expect, it } from 'vitest';
import type { TranscriptFrame } from '../driver/transcript.js';
import { applyAcceptedDifferences, normalizeTranscript } from './fidelity.js';

function frames(sessionId: string, sandbox: string, duration: number): TranscriptFrame[] {
  return [
    { seq: 0, t: 1, dir: 'to-cli', msg: { type: 'user', message: { role: 'user', content: 'hi' } } },
    {
      seq: 1,
      t: 2,
      dir: 'from-cli',
      msg: { type: 'system', subtype: 'init', session_id: sessionId, cwd: `/tmp/${sandbox}/work` },
    },
    {
      seq: 2,
      t: 3,
      dir: 'from-cli',
      msg: {
        type: 'result',
        session_id: sessionId,
        duration_ms: duration,
        total_cost_usd: 0.1,
        timestamp: 'now',
      },
    },
    { seq: 3, t: 4, dir: 'stderr', raw: `session ${sessionId}` },
  ];
}

describe('normalizeTranscript', () => {
  it('makes two runs that differ only in ids, timings, costs and sandbox paths equal', () => {
    const a = normalizeTranscript({
      frames: frames('11111111-2222-4333-8444-555555555555', 'clide-sandbox-AAAAAA', 10),
      exitCode: 0,
    });
    const b = normalizeTranscript({
      frames: frames('99999999-2222-4333-8444-555555555555', 'clide-sandbox-BBBBBB', 99),
      exitCode: 0,
    });
    expect(a).toEqual(b);
    expect(a.fromCli[0]).toMatchObject({ cwd: '$CWD' });
    expect(a.stderr).toEqual(['session 00000000-0000-4000-8000-000000000001']);
  });

  it('keeps real differences', () => {
    const a = normalizeTranscript({
      frames: frames('11111111-2222-4333-8444-555555555555', 'x', 1),
      exitCode: 0,
    });
    const b = normalizeTranscript({
      frames: frames('11111111-2222-4333-8444-555555555555', 'x', 1),
      exitCode: 1,
    });
    expect(a).not.toEqual(b);
  });

  it('applies an accepted difference only where it is declared', () => {
    const t = normalizeTranscript({
      frames: frames('11111111-2222-4333-8444-555555555555', 'x', 1),
      exitCode: 0,
    });
    const out = applyAcceptedDifferences(t, 'a/b', [
      {
        scenarios: ['a/b'],
        stream: 'fromCli',
        where: (m) => (m as { type?: string }).type === 'system',
        path: ['cwd'],
        reason: 'test',
      },
    ]);
    expect(out.fromCli[0]).toMatchObject({ cwd: '<ignored>' });
    expect(applyAcceptedDifferences(t, 'other/scenario', [])).toEqual(t);
  });

  it('does not count where the answers of the client fall among its own lines', () => {
    const answer: TranscriptFrame = {
      seq: 0,
      t: 0,
      dir: 'to-cli',
      msg: { type: 'control_response', response: { subtype: 'success', request_id: 'r1' } },
    };
    const user: TranscriptFrame = { seq: 0, t: 0, dir: 'to-cli', msg: { type: 'user', message: {} } };
    const a = normalizeTranscript({ frames: [answer, user], exitCode: 0 });
    const b = normalizeTranscript({ frames: [user, answer], exitCode: 0 });
    expect(a).toEqual(b);
    expect(a.toCli.map((m) => (m as { type: string }).type)).toEqual(['user', 'control_response']);
  });

  it('replaces a socket named after the pid and the loopback port of the scripted API', () => {
    const line = (pid: number, port: number): TranscriptFrame => ({
      seq: 0,
      t: 0,
      dir: 'from-cli',
      msg: { path: `/tmp/cc-socks/${pid}.sock`, text: `requests go through 127.0.0.1:${port}, which` },
    });
    const a = normalizeTranscript({ frames: [line(1234, 40001)], exitCode: 0 });
    const b = normalizeTranscript({ frames: [line(98765, 51234)], exitCode: 0 });
    expect(a).toEqual(b);
    expect(a.fromCli[0]).toEqual({
      path: '/tmp/cc-socks/<pid>.sock',
      text: 'requests go through 127.0.0.1:PORT, which',
    });
  });
  it("replaces get_session_cost's durations and get_usage's session timings", () => {
    const line = (wall: string, ms: number): TranscriptFrame => ({
      seq: 0,
      t: 0,
      dir: 'from-cli',
      msg: {
        text: `Total cost: $0\nTotal duration (API):  0s\nTotal duration (wall): ${wall}\nUsage: 0 input`,
        session: { total_duration_ms: ms, total_api_duration_ms: ms, total_lines_added: 0 },
      },
    });
    const a = normalizeTranscript({ frames: [line('0s', 12)], exitCode: 0 });
    const b = normalizeTranscript({ frames: [line('1m 2s', 1234)], exitCode: 0 });
    expect(a).toEqual(b);
    expect(a.fromCli[0]).toEqual({
      text: 'Total cost: $0\nTotal duration (API):  <duration>\nTotal duration (wall): <duration>\nUsage: 0 input',
      session: { total_duration_ms: 0, total_api_duration_ms: 0, total_lines_added: 0 },
    });
  });
  it("replaces how long ago get_session_cost's prompt cache saw activity or a miss", () => {
    const line = (ago: string): TranscriptFrame => ({
      seq: 0,
      t: 0,
      dir: 'from-cli',
      msg: {
        text: `Prompt cache (main):   2 requests \u00b7 1 miss (last ${ago} ago, 2.0k tokens re-cached) \u00b7 warm (5m TTL, last activity ${ago} ago)\nidle ${ago}, next turn`,
      },
    });
    const a = normalizeTranscript({ frames: [line('0s')], exitCode: 0 });
    const b = normalizeTranscript({ frames: [line('1m 2s')], exitCode: 0 });
    expect(a).toEqual(b);
    expect(a.fromCli[0]).toEqual({
      text: 'Prompt cache (main):   2 requests \u00b7 1 miss (last <duration> ago, 2.0k tokens re-cached) \u00b7 warm (5m TTL, last activity <duration> ago)\nidle <duration>, next turn',
    });
  });
});
