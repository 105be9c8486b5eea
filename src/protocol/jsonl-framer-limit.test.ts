import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type Frame, JsonlFramer } from './jsonl-framer.js';

const utf8 = new TextEncoder();

function frameAll(chunks: Uint8Array[], maxLineBytes?: number): Frame[] {
  const framer = new JsonlFramer(maxLineBytes === undefined ? {} : { maxLineBytes });
  const out: Frame[] = [];
  for (const chunk of chunks) out.push(...framer.push(chunk));
  out.push(...framer.end());
  return out;
}

/** `bytes` cut at the given points. */
function cut(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const point of [...at, bytes.length]) {
    parts.push(bytes.subarray(from, point));
    from = point;
  }
  return parts;
}

describe('JsonlFramer with maxLineBytes', () => {
  it('gives a line over the limit as a frame with its line number, its length and its head, and goes on', () => {
    const long = `{"a":"${'é'.repeat(30)}"}`;
    const frames = frameAll([utf8.encode(`{"n":1}\n${long}\n{"n":3}\n`)], 40);
    expect(frames).toEqual([
      { line: 1, raw: '{"n":1}', ok: true, value: { n: 1 } },
      {
        line: 2,
        raw: long,
        ok: false,
        error: `the line is ${utf8.encode(long).length} bytes long, over the 40 a line may have`,
        tooLong: utf8.encode(long).length,
      },
      { line: 3, raw: '{"n":3}', ok: true, value: { n: 3 } },
    ]);
  });

  it('never holds more of a line without end than its limit, a byte at a time or a megabyte at a time', () => {
    const framer = new JsonlFramer({ maxLineBytes: 1024 });
    const megabyte = new Uint8Array(1024 * 1024).fill(0x78);
    for (let i = 0; i < 50; i++) expect(framer.push(megabyte)).toEqual([]);
    expect(framer.atLineBoundary).toBe(true);
    const [frame] = framer.end();
    expect(frame).toMatchObject({ line: 1, ok: false, tooLong: 50 * 1024 * 1024 });
    expect(frame?.raw).toBe('x'.repeat(200));
  });

  test.prop([
    fc.array(
      fc.oneof(
        fc.json({ maxDepth: 2 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.constant(''),
        fc.constant('\r'),
      ),
      { maxLength: 12 },
    ),
    fc.integer({ min: 1, max: 60 }),
    fc.array(fc.nat(), { maxLength: 8 }),
    fc.boolean(),
  ])(
    'lines within the limit frame as without one; each line over it is one tooLong frame of its byte length',
    (lines, max, points, finalNewline) => {
      const text = lines.join('\n') + (finalNewline ? '\n' : '');
      const bytes = utf8.encode(text);
      const limited = frameAll(cut(bytes, points), max);
      const unlimited = frameAll([bytes]);
      // The lines over the limit, as the unlimited framer numbers them (its frames skip blank lines).
      const lengths = text.split('\n').map((line) => utf8.encode(line).length);
      const over = new Set(lengths.flatMap((n, i) => (n > max ? [i + 1] : [])));
      expect(limited.filter((f) => !('tooLong' in f && f.tooLong !== undefined))).toEqual(
        unlimited.filter((f) => !over.has(f.line)),
      );
      for (const frame of limited.filter((f) => !f.ok && f.tooLong !== undefined)) {
        expect(over.has(frame.line)).toBe(true);
        expect(!frame.ok && frame.tooLong).toBe(lengths[frame.line - 1]);
      }
      expect(limited.filter((f) => !f.ok && f.tooLong !== undefined).map((f) => f.line)).toEqual([...over]);
    },
  );
});
