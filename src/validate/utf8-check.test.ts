import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type InvalidUtf8, Utf8Checker } from './utf8-check.js';

function check(chunks: Uint8Array[]): InvalidUtf8[] {
  const checker = new Utf8Checker();
  return [...chunks.flatMap((c) => checker.push(c)), ...checker.end()];
}

/** The lines (1-based) a strict decoder refuses, line by line. */
function badLines(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let start = 0;
  let line = 1;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        out.push(line);
      }
      line += 1;
      start = i + 1;
    }
  }
  return out;
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** Bytes that are mostly text: ASCII, newlines, multi-byte characters and stray bad bytes. */
const mostlyText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }).map((s) => Buffer.from(s)),
      fc.constant(Buffer.from('\n')),
      fc.constantFrom(
        ...[[0xff], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]].map(
          (b) => Buffer.from(b),
        ),
      ),
    ),
    { maxLength: 40 },
  )
  .map((parts) => new Uint8Array(Buffer.concat(parts)));

describe('Utf8Checker', () => {
  it('names the line, the byte offset in the file and in the line, and the bad bytes', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":1}\n{"b":"x'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}\n'),
    ]);
    expect(check([bytes])).toEqual([{ line: 2, offset: 15, column: 7, bytes: 'ff' }]);
  });

  it('accepts a character split across chunks, and refuses one cut short by the end', () => {
    const euro = Buffer.from('€'); // e2 82 ac
    expect(check([euro.subarray(0, 1), euro.subarray(1, 2), euro.subarray(2)])).toEqual([]);
    expect(check([Buffer.from('ok\n'), euro.subarray(0, 2)])).toEqual([
      { line: 2, offset: 3, column: 0, bytes: 'e282' },
    ]);
  });

  test.prop([mostlyText, fc.array(fc.nat(), { maxLength: 6 })], { numRuns: 300 })(
    'reports exactly the lines a strict decoder refuses, however the bytes are split',
    (bytes, cuts) => {
      const found = check(splitAt(bytes, cuts));
      expect(found.map((f) => f.line)).toEqual(badLines(bytes));
      expect(found).toEqual(check([bytes]));
      for (const f of found) expect(f.offset).toBeLessThan(bytes.length);
    },
  );
});
