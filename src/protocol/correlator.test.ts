import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Direction } from './classify.js';
import { ControlCorrelator } from './correlator.js';
import { controlCancel, controlError, controlRequest, controlSuccess, userMessage } from './envelopes.js';
import { framesFromText } from './jsonl-framer.js';

interface WireLine {
  direction: Direction;
  message: unknown;
}

/** A real 2.1.150 session, both directions interleaved in wire order (see testdata/README.md). */
function wire(name: string): WireLine[] {
  const text = readFileSync(new URL(`./testdata/${name}`, import.meta.url), 'utf8');
  return framesFromText(text).map((f) => {
    if (!f.ok) throw new Error(`testdata ${name}:${f.line} is not JSON`);
    return f.value as WireLine;
  });
}

function feed(correlator: ControlCorrelator, lines: WireLine[]): void {
  for (const { direction, message } of lines) correlator.observe(message, direction);
}

describe('ControlCorrelator on real 2.1.150 sessions', () => {
  it('pairs every request of a permission + hook + initialize session in both directions, with no finding', () => {
    const c = new ControlCorrelator();
    const lines = wire('cli-2.1.150-write-allow-hook.wire.jsonl');
    // The capture includes a client response for a request id nobody sent: drop it here.
    feed(
      c,
      lines.filter((l) => JSON.stringify(l.message).indexOf('never-asked') === -1),
    );
    expect(c.findings()).toEqual([]);
    expect(c.pending()).toEqual([]);
    const pairs = c.exchanges().map((e) => [e.request.direction, e.request.subtype, e.responseSubtype]);
    expect(pairs).toEqual([
      ['to-cli', 'initialize', 'success'],
      ['to-cli', 'no_such_subtype', 'error'],
      ['from-cli', 'hook_callback', 'success'],
      ['from-cli', 'can_use_tool', 'success'],
    ]);
  });

  it('reports the client response nobody asked for as an orphan', () => {
    const c = new ControlCorrelator({ location: { file: 'x.jsonl' } });
    feed(c, wire('cli-2.1.150-write-allow-hook.wire.jsonl'));
    expect(c.findings()).toEqual([
      expect.objectContaining({
        code: 'control/orphan-response',
        severity: 'breaking',
        actual: 'never-asked',
        path: ['response', 'request_id'],
        location: { file: 'x.jsonl', frame: 2 },
      }),
    ]);
  });

  it('sees the CLI cancel its can_use_tool on interrupt, and the late client answer', () => {
    const c = new ControlCorrelator();
    const events = wire('cli-2.1.150-interrupt-cancel.wire.jsonl').map((l) =>
      c.observe(l.message, l.direction),
    );
    const control = events.filter((e) => e !== undefined);
    expect(
      control.map((e) => [
        e.kind,
        e.kind === 'request' ? e.request.subtype : 'outcome' in e ? e.outcome : '',
      ]),
    ).toEqual([
      ['request', 'can_use_tool'],
      ['request', 'interrupt'],
      ['cancel', 'cancelled'],
      ['response', 'answered'],
      ['response', 'late'],
    ]);
    expect(c.findings().map((f) => [f.code, f.severity])).toEqual([['control/late-answer', 'cosmetic']]);
    expect(c.pending()).toEqual([]);
    expect(c.cancelled()).toEqual([]);
    expect(c.exchanges().map((e) => e.late)).toEqual([false, true]);
  });
});

describe('ControlCorrelator', () => {
  it('lists pending requests per direction with subtype and position', () => {
    const c = new ControlCorrelator();
    c.observe(userMessage('hi'), 'to-cli');
    c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli', { timeMs: 5 });
    c.observe(controlRequest('b', { subtype: 'interrupt' }), 'to-cli');
    expect(c.pending('from-cli')).toEqual([
      { requestId: 'a', subtype: 'can_use_tool', direction: 'from-cli', since: { frame: 1, timeMs: 5 } },
    ]);
    expect(c.pending('to-cli').map((r) => r.requestId)).toEqual(['b']);
    expect(c.pending().map((r) => r.requestId)).toEqual(['a', 'b']);
    c.observe(controlSuccess('b'), 'from-cli');
    expect(c.pending().map((r) => r.requestId)).toEqual(['a']);
  });

  it('returns undefined for non-control messages', () => {
    expect(
      new ControlCorrelator().observe({ type: 'assistant', request_id: 'req_1' }, 'from-cli'),
    ).toBeUndefined();
  });

  it('reports a response travelling the same way as its request', () => {
    const c = new ControlCorrelator();
    c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli');
    const ev = c.observe(controlSuccess('a', {}), 'from-cli');
    expect(ev).toMatchObject({ kind: 'response', outcome: 'wrong-direction', request: { requestId: 'a' } });
    expect(c.findings()).toEqual([
      expect.objectContaining({
        code: 'control/wrong-direction',
        expected: 'to-cli',
        actual: 'from-cli',
        location: { frame: 1 },
      }),
    ]);
    // The request is still waiting for a real answer.
    expect(c.pending().map((r) => r.requestId)).toEqual(['a']);
  });

  it('reports a duplicate request id, across directions too, and answers requests oldest first', () => {
    const c = new ControlCorrelator();
    c.observe(controlRequest('x', { subtype: 'initialize' }), 'to-cli');
    c.observe(controlRequest('x', { subtype: 'interrupt' }), 'to-cli');
    c.observe(controlRequest('x', { subtype: 'can_use_tool' }), 'from-cli');
    expect(c.findings().map((f) => f.code)).toEqual([
      'control/duplicate-request-id',
      'control/duplicate-request-id',
    ]);
    const ev = c.observe(controlSuccess('x'), 'from-cli');
    expect(ev).toMatchObject({ outcome: 'answered', request: { subtype: 'initialize' } });
  });

  it('reports a second response to the same request', () => {
    const c = new ControlCorrelator();
    c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli');
    c.observe(controlSuccess('a', {}), 'to-cli');
    const ev = c.observe(controlError('a', 'again'), 'to-cli');
    expect(ev).toMatchObject({ outcome: 'duplicate', subtype: 'error' });
    expect(c.findings().map((f) => [f.code, f.severity])).toEqual([
      ['control/duplicate-response', 'breaking'],
    ]);
  });

  it('treats a cancel after the answer as a benign race and a cancel for nothing as orphan', () => {
    const c = new ControlCorrelator();
    c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli');
    c.observe(controlSuccess('a', {}), 'to-cli');
    expect(c.observe(controlCancel('a'), 'from-cli')).toMatchObject({
      kind: 'cancel',
      outcome: 'after-answer',
    });
    expect(c.findings()).toEqual([]);
    expect(c.observe(controlCancel('zzz'), 'from-cli')).toMatchObject({ outcome: 'orphan' });
    expect(c.findings().map((f) => f.code)).toEqual(['control/orphan-cancel']);
  });

  it('reports a cancel sent by the side that was asked', () => {
    const c = new ControlCorrelator();
    c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli');
    expect(c.observe(controlCancel('a'), 'to-cli')).toMatchObject({ outcome: 'wrong-direction' });
    expect(c.pending().map((r) => r.requestId)).toEqual(['a']);
  });

  it('keeps a cancelled request out of pending() and in cancelled() until answered', () => {
    const c = new ControlCorrelator();
    c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli', { frame: 10 });
    c.observe(controlCancel('a'), 'from-cli', { frame: 11 });
    expect(c.pending()).toEqual([]);
    expect(c.cancelled()).toEqual([
      {
        requestId: 'a',
        subtype: 'can_use_tool',
        direction: 'from-cli',
        since: { frame: 10 },
        cancelledAt: { frame: 11 },
      },
    ]);
  });

  it('reports control envelopes without request_id', () => {
    const c = new ControlCorrelator();
    const ev = c.observe({ type: 'control_response', response: { subtype: 'success' } }, 'to-cli');
    expect(ev).toMatchObject({ kind: 'invalid' });
    expect(c.findings()).toEqual([
      expect.objectContaining({ code: 'control/missing-request-id', path: ['response', 'request_id'] }),
    ]);
  });

  it('hands out snapshots that later observations do not change', () => {
    const c = new ControlCorrelator();
    const ev = c.observe(controlRequest('a', { subtype: 'can_use_tool' }), 'from-cli');
    c.observe(controlCancel('a'), 'from-cli');
    expect(ev?.kind === 'request' && ev.request.cancelledAt).toBe(undefined);
  });
});
