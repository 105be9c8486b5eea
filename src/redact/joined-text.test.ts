import { describe, expect, it } from 'vitest';
import { type JoinedMatch, JoinedText, MAX_JOINED_STREAMS } from './joined-text.js';

/** Finds `KEY-` and ten or more letters, as a rule would. */
const find = (text: string): JoinedMatch[] =>
  [...text.matchAll(/KEY-[a-z]{10,}/g)].map((m) => ({
    matchStart: m.index,
    matchEnd: m.index + m[0].length,
    start: m.index,
    end: m.index + m[0].length,
    placeholder: () => '[redacted:key]',
  }));

describe('JoinedText keeps nothing per block once it ends, and a bounded number of streams', () => {
  it('forgets a stream when its block ends, and every stream of a parent when its message does', () => {
    const joined = new JoinedText<number>(find);
    joined.push('/0', 'some text');
    joined.push('toolu_1/0', 'a subagent');
    joined.push('toolu_1/1', 'its second block');
    expect(joined.streamCount).toBe(3);
    joined.end('/0');
    expect(joined.streamCount).toBe(2);
    joined.endAll('toolu_1/');
    expect(joined.streamCount).toBe(0);
  });

  it('follows at most MAX_JOINED_STREAMS streams that never end (subagents cut short), forgetting the oldest', () => {
    const joined = new JoinedText<number>(find);
    // A stream in use all along, split secret at the end.
    joined.push('live/0', 'starts ');
    for (let i = 0; i < 20 * MAX_JOINED_STREAMS; i++) {
      joined.push(`toolu_${i}/0`, 'a block never stopped');
      if (i % 50 === 0) joined.push('live/0', 'goes on ');
    }
    expect(joined.streamCount).toBe(MAX_JOINED_STREAMS);
    joined.push('live/0', 'KEY-abc');
    const plan = joined.push('live/0', 'defghijkl');
    expect(plan.current).toEqual([{ start: 0, end: 9, placeholder: '[redacted:key]' }]);
  });
});
