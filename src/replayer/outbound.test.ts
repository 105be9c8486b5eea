import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { encodeLine } from '../protocol/index.js';
import { IdBindings } from './bindings.js';
import { BatchedOutput, outboundLine } from './outbound.js';
import { mapJsonStrings, PathSubstitution } from './paths.js';

/** Paths with characters JSON escapes, so the escaped substitution is put to the test. */
const paths = new PathSubstitution({
  cwd: '/tmp/sand "box"\\work',
  home: '/tmp/sand\tbox/home',
  user: 'u1',
  hostname: 'host-1',
  tmpdir: '/tmp/sand-box',
});

/** What the replayer did before the substitution moved onto the encoded line. */
function objectWay(msg: unknown, ids: IdBindings): string {
  return encodeLine(ids.toLive(mapJsonStrings(msg, (s) => paths.toReal(s))));
}

const piece = fc.constantFrom(
  '$CWD',
  '$HOME',
  '$TMPDIR',
  '$CWD_SLUG',
  '$HOME_SLUG',
  '$TMPDIR_SLUG',
  '$USER',
  '$HOSTNAME',
  '$CWDX',
  '$',
  '/',
  'a',
  '"',
  '\\',
  '\n',
  ' ',
  'rec-1',
  'rec-2',
  'toolu_rec',
  'é',
);
const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom('request_id', 'id', 'type', 'session_id')), tie('json'), {
      maxKeys: 4,
    }),
  ),
}));

describe('outboundLine', () => {
  test.prop([json, fc.subarray(['rec-1', 'rec-2', 'toolu_rec'])], { numRuns: 500 })(
    'gives the line of the message with paths real and the client ids restored, bound ids or not',
    (msg, recorded) => {
      const ids = new IdBindings();
      for (const [i, id] of recorded.entries()) ids.bind(`live-${i}`, id);
      expect(outboundLine(msg, paths, ids).line).toBe(objectWay(msg, ids));
    },
  );

  it('builds the message only when a bound id occurs in it or it carries a file effect', () => {
    const ids = new IdBindings();
    ids.bind('live-9', 'rec-1');
    const plain = { type: 'assistant', cwd: '$CWD' };
    expect(outboundLine(plain, paths, ids)).toEqual({ line: objectWay(plain, ids) });
    const answer = { type: 'control_response', response: { request_id: 'rec-1' } };
    expect(outboundLine(answer, paths, ids).message).toEqual({
      type: 'control_response',
      response: { request_id: 'live-9' },
    });
    const write = { type: 'user', tool_use_result: { type: 'create', filePath: '$CWD/a.txt', content: 'x' } };
    expect(outboundLine(write, paths, ids).message).toEqual({
      type: 'user',
      tool_use_result: { type: 'create', filePath: '/tmp/sand "box"\\work/a.txt', content: 'x' },
    });
  });
});

describe('BatchedOutput', () => {
  it('writes stdout in one piece, before any stderr text and at flush', () => {
    const writes: string[] = [];
    const output = new BatchedOutput(
      { write: (t: string) => writes.push(`out:${t}`) },
      {
        write: (t: string) => writes.push(`err:${t}`),
      },
    );
    output.stdout.write('a\n');
    output.stdout.write('b\n');
    expect(writes).toEqual([]);
    output.stderr.write('warn\n');
    output.stdout.write('c\n');
    output.flush();
    expect(writes).toEqual(['out:a\nb\n', 'err:warn\n', 'out:c\n']);
  });

  it('writes what is waiting as soon as the event loop would wait', async () => {
    const writes: string[] = [];
    const output = new BatchedOutput({ write: (t: string) => writes.push(t) }, { write: () => undefined });
    output.stdout.write('a\n');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writes).toEqual(['a\n']);
  });
});
