import { Readable } from 'node:stream';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ClideError } from '../errors/index.js';
import {
  encodeLine,
  type Frame,
  framesFromReadable,
  framesFromText,
  JsonlFramer,
  nonJsonFinding,
} from './jsonl-framer.js';

const utf8 = new TextEncoder();

/** Feeds `chunks` through one framer and returns every frame, `end()` included. */
function frameAll(chunks: Iterable<Uint8Array | string>): Frame[] {
  const framer = new JsonlFramer();
  const out: Frame[] = [];
  for (const chunk of chunks) out.push(...framer.push(chunk));
  out.push(...framer.end());
  return out;
}

/** Splits `bytes` at the given (sorted, deduplicated) offsets. */
function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const sorted = [...new Set(cuts.map((c) => Math.min(Math.max(c, 0), bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const cut of sorted) {
    out.push(bytes.subarray(prev, cut));
    prev = cut;
  }
  out.push(bytes.subarray(prev));
  return out;
}

describe('JsonlFramer', () => {
  it('frames complete lines and keeps 1-based line numbers', () => {
    const frames = frameAll(['{"a":1}\n{"b":2}\n']);
    expect(frames).toEqual([
      { line: 1, raw: '{"a":1}', ok: true, value: { a: 1 } },
      { line: 2, raw: '{"b":2}', ok: true, value: { b: 2 } },
    ]);
  });

  it('holds a partial line until its newline arrives', () => {
    const framer = new JsonlFramer();
    expect(framer.push('{"type":"us')).toEqual([]);
    expect(framer.push('er"}')).toEqual([]);
    expect(framer.push('\n{"x"')).toEqual([
      { line: 1, raw: '{"type":"user"}', ok: true, value: { type: 'user' } },
    ]);
    expect(framer.push(':1}\n')).toEqual([{ line: 2, raw: '{"x":1}', ok: true, value: { x: 1 } }]);
    expect(framer.end()).toEqual([]);
  });

  it('accepts CRLF, also when CR and LF arrive in different chunks', () => {
    expect(frameAll(['{"a":1}\r', '\n{"b":2}\r\n'])).toEqual([
      { line: 1, raw: '{"a":1}', ok: true, value: { a: 1 } },
      { line: 2, raw: '{"b":2}', ok: true, value: { b: 2 } },
    ]);
  });

  it('skips empty and whitespace-only lines but counts them', () => {
    const frames = frameAll(['\n{"a":1}\n\r\n   \n\t\n{"b":2}\n\n']);
    expect(frames.map((f) => f.line)).toEqual([2, 6]);
  });

  it('flushes a final line without newline on end()', () => {
    const framer = new JsonlFramer();
    expect(framer.push('{"a":1}\n{"last":true}')).toHaveLength(1);
    expect(framer.end()).toEqual([{ line: 2, raw: '{"last":true}', ok: true, value: { last: true } }]);
    expect(framer.end()).toEqual([]);
  });

  it('reports a non-JSON line as an ok:false frame with its line number and keeps going', () => {
    const frames = frameAll(['{"a":1}\nnot json at all\n{"b":\n{"c":3}\n']);
    expect(frames.map((f) => [f.line, f.ok])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, true],
    ]);
    const bad = frames[1]!;
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.raw).toBe('not json at all');
      expect(bad.error).toMatch(/JSON/);
    }
  });

  it('decodes a multi-byte character split across byte chunks at every offset', () => {
    const text = '{"t":"héllo → 世界 🎉 ok"}\n';
    const bytes = utf8.encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const frames = frameAll([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(frames).toEqual([
        { line: 1, raw: text.trimEnd(), ok: true, value: { t: 'héllo → 世界 🎉 ok' } },
      ]);
    }
  });

  it('decodes one byte at a time', () => {
    const text = '{"emoji":"🎉🎉"}\n{"k":"ü"}\n';
    const bytes = utf8.encode(text);
    const frames = frameAll(Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)));
    expect(frames.map((f) => (f.ok ? f.value : f.error))).toEqual([{ emoji: '🎉🎉' }, { k: 'ü' }]);
  });

  it('reads only the bytes of a Uint8Array view, not its whole underlying buffer', () => {
    const backing = utf8.encode('GARBAGE{"a":"é"}\nGARBAGE');
    const view = backing.subarray(7, backing.length - 7);
    expect(frameAll([view])).toEqual([{ line: 1, raw: '{"a":"é"}', ok: true, value: { a: 'é' } }]);
    // A Buffer from Node's shared pool is a view into a larger ArrayBuffer too.
    const pooled = Buffer.from('{"b":2}\n');
    expect(pooled.byteOffset > 0 || pooled.buffer.byteLength > pooled.byteLength).toBe(true);
    expect(frameAll([pooled])).toEqual([{ line: 1, raw: '{"b":2}', ok: true, value: { b: 2 } }]);
  });

  it('keeps arrival order when a string chunk follows bytes that ended mid-character', () => {
    const euro = utf8.encode('€'); // 3 bytes
    const frames = frameAll([utf8.encode('{"a":"x'), euro.subarray(0, 2), 'y"}\n']);
    expect(frames).toEqual([{ line: 1, raw: '{"a":"x\uFFFDy"}', ok: true, value: { a: 'x\uFFFDy' } }]);
  });

  it('turns invalid UTF-8 into U+FFFD instead of throwing', () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]); // {"a":"\xff\xfe"}
    const frames = frameAll([bytes]);
    expect(frames).toEqual([
      { line: 1, raw: '{"a":"\uFFFD\uFFFD"}', ok: true, value: { a: '\uFFFD\uFFFD' } },
    ]);
  });

  it('drops a UTF-8 byte-order mark at the start of the stream only', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    expect(frameAll([bom.subarray(0, 1), bom.subarray(1), utf8.encode('{"a":1}\n')])).toEqual([
      { line: 1, raw: '{"a":1}', ok: true, value: { a: 1 } },
    ]);
    expect(frameAll(['\uFEFF{"a":1}\n'])[0]?.ok).toBe(true);
    // Not at the start: the BOM is content and the line is not JSON.
    expect(frameAll(['{"a":1}\n\uFEFF{"b":2}\n']).map((f) => f.ok)).toEqual([true, false]);
  });

  it('frames a 12 MB line fed in 256-byte chunks (linear buffering)', () => {
    const big = 'x'.repeat(12 * 1024 * 1024);
    const text = `{"n":1}\n{"big":"${big}"}\n{"n":3}\n`;
    const bytes = utf8.encode(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 256) chunks.push(bytes.subarray(i, i + 256));
    const frames = frameAll(chunks);
    expect(frames.map((f) => f.line)).toEqual([1, 2, 3]);
    const second = frames[1]!;
    expect(second.ok && (second.value as { big: string }).big.length).toBe(big.length);
  });

  it('refuses push() after end()', () => {
    const framer = new JsonlFramer();
    framer.end();
    expect(() => framer.push('{}\n')).toThrow(ClideError);
  });

  it('counts lines seen', () => {
    const framer = new JsonlFramer();
    framer.push('{}\n\n{}\n{');
    expect(framer.linesSeen).toBe(3);
  });
});

describe('framesFromReadable', () => {
  it('yields every frame of an async byte stream, the unterminated last line included', async () => {
    const bytes = utf8.encode('{"a":"ö"}\r\n\nbad\n{"z":26}');
    const stream = Readable.from([bytes.subarray(0, 8), bytes.subarray(8, 9), bytes.subarray(9)], {
      objectMode: true,
    });
    const frames: Frame[] = [];
    for await (const frame of framesFromReadable(stream)) frames.push(frame);
    expect(frames.map((f) => [f.line, f.ok])).toEqual([
      [1, true],
      [3, false],
      [4, true],
    ]);
    expect(frames[0]).toEqual({ line: 1, raw: '{"a":"ö"}', ok: true, value: { a: 'ö' } });
  });

  it('accepts string chunks', async () => {
    async function* gen() {
      yield '{"a"';
      yield ':1}\n';
    }
    const frames: Frame[] = [];
    for await (const frame of framesFromReadable(gen())) frames.push(frame);
    expect(frames).toEqual([{ line: 1, raw: '{"a":1}', ok: true, value: { a: 1 } }]);
  });
});

describe('nonJsonFinding', () => {
  it('is a breaking wire/non-json-line finding located at the line', () => {
    const [frame] = framesFromText('{"a":1}\n\n{oops}\n').filter((f) => !f.ok);
    if (!frame || frame.ok) throw new Error('expected a bad frame');
    const finding = nonJsonFinding(frame, { file: 'capture.jsonl' });
    expect(finding).toMatchObject({
      code: 'wire/non-json-line',
      severity: 'breaking',
      path: [],
      actual: '{oops}',
      location: { file: 'capture.jsonl', line: 3 },
    });
    expect(finding.message).toContain('line 3');
  });

  it('truncates a huge raw line in `actual`', () => {
    const [frame] = framesFromText(`${'z'.repeat(100_000)}\n`);
    if (!frame || frame.ok) throw new Error('expected a bad frame');
    expect(String(nonJsonFinding(frame).actual).length).toBeLessThan(300);
  });
});

describe('encodeLine', () => {
  it('writes one line that frames back to the same value', () => {
    const message = { type: 'user', message: { role: 'user', content: 'a\nb\r\nc \u2028 é' } };
    const line = encodeLine(message);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(framesFromText(line)).toEqual([{ line: 1, raw: line.slice(0, -1), ok: true, value: message }]);
  });

  it('refuses values JSON cannot represent', () => {
    expect(() => encodeLine(undefined)).toThrow(ClideError);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: any chunking of any valid stream gives the same frames as feeding it whole.

const streamArb = fc.record({
  values: fc.array(fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 3 }), { maxLength: 8 }),
  crlf: fc.array(fc.boolean(), { maxLength: 8 }),
  blanks: fc.array(fc.nat(2), { maxLength: 8 }),
  finalNewline: fc.boolean(),
  cuts: fc.array(fc.nat(), { maxLength: 20 }),
  asStrings: fc.boolean(),
});

describe('framing properties', () => {
  test.prop([streamArb], { numRuns: 300 })(
    'any chunking of a valid JSONL stream yields the frames of the whole stream',
    ({ values, crlf, blanks, finalNewline, cuts, asStrings }) => {
      let text = '';
      const expectedLines: number[] = [];
      let line = 0;
      values.forEach((value, i) => {
        for (let b = 0; b < (blanks[i] ?? 0); b++) {
          text += crlf[i] ? '\r\n' : '\n';
          line++;
        }
        text += JSON.stringify(value);
        line++;
        expectedLines.push(line);
        if (i < values.length - 1 || finalNewline) text += crlf[i] ? '\r\n' : '\n';
      });
      const bytes = utf8.encode(text);
      const scaled = cuts.map((c) => (bytes.length === 0 ? 0 : c % (bytes.length + 1)));

      const whole = frameAll([bytes]);
      const chunked = frameAll(splitAt(bytes, scaled));
      expect(chunked).toEqual(whole);
      expect(whole.map((f) => f.line)).toEqual(expectedLines);
      expect(whole.map((f) => (f.ok ? f.value : f.error))).toEqual(
        values.map((v) => JSON.parse(JSON.stringify(v))),
      );

      if (asStrings) {
        // The same split on string chunks (at UTF-16 offsets) gives the same frames too.
        const stringCuts = cuts.map((c) => (text.length === 0 ? 0 : c % (text.length + 1)));
        const sorted = [...new Set(stringCuts)].sort((a, b) => a - b);
        const pieces: string[] = [];
        let prev = 0;
        for (const cut of sorted) {
          // Never split a surrogate pair: a lone surrogate is not valid text.
          const at = cut > 0 && cut < text.length && /[\uD800-\uDBFF]/.test(text[cut - 1]!) ? cut + 1 : cut;
          if (at <= prev) continue;
          pieces.push(text.slice(prev, at));
          prev = at;
        }
        pieces.push(text.slice(prev));
        expect(frameAll(pieces)).toEqual(whole);
      }
    },
  );

  test.prop(
    [
      fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 10 }),
      fc.array(fc.nat(), { maxLength: 10 }),
    ],
    {
      numRuns: 200,
    },
  )('never throws and numbers lines consistently on arbitrary text', (lines, cuts) => {
    const text = lines.join('\n');
    const bytes = utf8.encode(text);
    const whole = frameAll([bytes]);
    const chunked = frameAll(
      splitAt(
        bytes,
        cuts.map((c) => c % (bytes.length + 1)),
      ),
    );
    expect(chunked).toEqual(whole);
    const lineCount = text.split('\n').length;
    for (const frame of whole) expect(frame.line).toBeLessThanOrEqual(lineCount);
    expect(new Set(whole.map((f) => f.line)).size).toBe(whole.length);
  });
});
