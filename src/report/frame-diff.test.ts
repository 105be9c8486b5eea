import { describe, expect, test } from 'vitest';
import { alignFrames, frameKey, type SessionFrame } from './frame-diff.js';

const toCli = (msg: unknown): SessionFrame => ({ dir: 'to-cli', msg });
const fromCli = (msg: unknown): SessionFrame => ({ dir: 'from-cli', msg });
const init = (extra: Record<string, unknown> = {}) =>
  fromCli({ type: 'system', subtype: 'init', session_id: 'a', cwd: '/x', ...extra });
const result = (subtype: string) => fromCli({ type: 'result', subtype, is_error: subtype !== 'success' });
const delta = fromCli({ type: 'stream_event', event: { type: 'content_block_delta' } });

describe('lining up a run with its baseline', () => {
  test('the same structure with other ids, texts and numbers is the same frame', () => {
    expect(frameKey(init({ session_id: 'b', cwd: '/y' }))).toBe(frameKey(init()));
    expect(frameKey(fromCli({ type: 'assistant', n: 1, t: 'hi' }))).toBe(
      frameKey(fromCli({ type: 'assistant', n: 2, t: 'other' })),
    );
  });

  test('a discriminator value, a new key or another direction makes another frame', () => {
    expect(frameKey(result('success'))).not.toBe(frameKey(result('error_max_turns')));
    expect(frameKey(init({ new_field: 1 }))).not.toBe(frameKey(init()));
    expect(frameKey(toCli({ type: 'user' }))).not.toBe(frameKey(fromCli({ type: 'user' })));
  });

  test('identical sessions are all `same`, row for row', () => {
    const frames = [toCli({ type: 'user' }), init(), result('success')];
    expect(alignFrames(frames, frames)).toEqual([
      { baseline: 0, run: 0, diff: 'same' },
      { baseline: 1, run: 1, diff: 'same' },
      { baseline: 2, run: 2, diff: 'same' },
    ]);
  });

  test('a changed message of the same kind shares a row; a gone one and a new one are marked on their side', () => {
    const baseline = [toCli({ type: 'user' }), init(), fromCli({ type: 'assistant' }), result('success')];
    const run = [
      toCli({ type: 'user' }),
      init({ new_field: true }),
      result('success'),
      fromCli({ type: 'keep' }),
    ];
    expect(alignFrames(baseline, run)).toEqual([
      { baseline: 0, run: 0, diff: 'same' },
      { baseline: 1, run: 1, diff: 'changed' },
      { baseline: 2, run: null, diff: 'removed' },
      { baseline: 3, run: 2, diff: 'same' },
      { baseline: null, run: 3, diff: 'added' },
    ]);
  });

  test('extra streaming deltas are timing, not a difference', () => {
    const rows = alignFrames(
      [init(), delta, result('success')],
      [init(), delta, delta, delta, result('success')],
    );
    expect(rows.map((r) => r.diff)).toEqual(['same', 'same', 'timing', 'timing', 'same']);
  });

  test('a frame a finding points at is changed even when its structure is the same', () => {
    const frames = [init(), result('success')];
    expect(alignFrames(frames, frames, new Set([1])).map((r) => r.diff)).toEqual(['same', 'changed']);
  });
});
