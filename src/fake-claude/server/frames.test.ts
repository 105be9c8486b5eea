import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  encodeFrame,
  FRAME,
  FrameDecoder,
  FrameError,
  type FrameType,
  MAX_CLIENT_FRAME_BYTES,
  MAX_FRAME_BYTES,
} from './frames.js';

const TYPES = Object.values(FRAME) as FrameType[];

/** Cuts `bytes` at the given points (sorted, deduplicated, inside the buffer). */
function cut(bytes: Buffer, points: number[]): Buffer[] {
  const at = [...new Set(points.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let from = 0;
  for (const point of [...at, bytes.length]) {
    parts.push(bytes.subarray(from, point));
    from = point;
  }
  return parts;
}

describe('FrameDecoder', () => {
  test.prop([
    fc.array(fc.record({ type: fc.constantFrom(...TYPES), payload: fc.uint8Array({ maxLength: 300 }) }), {
      maxLength: 20,
    }),
    fc.array(fc.nat(), { maxLength: 30 }),
  ])('gives back every frame, bytes and order intact, however the stream is cut', (frames, points) => {
    const stream = Buffer.concat(frames.map((f) => encodeFrame(f.type, f.payload)));
    const decoder = new FrameDecoder();
    const decoded = cut(stream, points).flatMap((part) => decoder.push(part));
    expect(decoded.map((f) => ({ type: f.type, payload: new Uint8Array(f.payload) }))).toEqual(
      frames.map((f) => ({ type: f.type, payload: new Uint8Array(f.payload) })),
    );
    expect(decoder.pendingBytes).toBe(0);
  });

  it('encodes a text payload as UTF-8 and counts its bytes, not its characters', () => {
    const [frame] = new FrameDecoder().push(encodeFrame(FRAME.stdout, 'héllo ✓\n'));
    expect(frame?.payload.toString('utf8')).toBe('héllo ✓\n');
    expect(frame?.payload.byteLength).toBe(Buffer.byteLength('héllo ✓\n'));
  });

  it('holds a frame back until its last byte has come', () => {
    const bytes = encodeFrame(FRAME.stdin, 'abc');
    const decoder = new FrameDecoder();
    expect(decoder.push(bytes.subarray(0, 7))).toEqual([]);
    expect(decoder.pendingBytes).toBe(7);
    expect(decoder.push(bytes.subarray(7)).map((f) => f.payload.toString())).toEqual(['abc']);
  });

  it('rejects an unknown frame type, naming it and the byte where it starts', () => {
    const decoder = new FrameDecoder();
    const good = encodeFrame(FRAME.stdin, 'ok');
    expect(() => decoder.push(Buffer.concat([good, Buffer.from([0x7a, 0, 0, 0, 0])]))).toThrow(
      new FrameError('unknown frame type 0x7a', good.length),
    );
  });

  it('rejects a length over the limit before waiting for (or keeping) its bytes', () => {
    const header = Buffer.alloc(5);
    header[0] = FRAME.stdout;
    header.writeUInt32BE(MAX_FRAME_BYTES + 1, 1);
    expect(() => new FrameDecoder().push(header)).toThrow(/frame of 268435457 bytes, over the 268435456/);
  });

  it('takes a lower limit for one side (the server caps a client frame at 1 MiB), named in the error', () => {
    const decoder = new FrameDecoder(MAX_CLIENT_FRAME_BYTES, 'a client frame');
    expect(decoder.push(encodeFrame(FRAME.stdin, Buffer.alloc(MAX_CLIENT_FRAME_BYTES)))).toHaveLength(1);
    const header = Buffer.alloc(5);
    header[0] = FRAME.hello;
    header.writeUInt32BE(MAX_CLIENT_FRAME_BYTES + 1, 1);
    expect(() => decoder.push(header)).toThrow(
      new FrameError(
        'frame of 1048577 bytes, over the 1048576 a client frame may have',
        MAX_CLIENT_FRAME_BYTES + 5,
      ),
    );
  });

  test.prop([fc.uint8Array({ minLength: 1, maxLength: 200 })])(
    'hostile bytes either decode into frames of known types or fail with a FrameError, never anything else',
    (bytes) => {
      try {
        for (const frame of new FrameDecoder().push(bytes)) expect(TYPES).toContain(frame.type);
      } catch (error) {
        expect(error).toBeInstanceOf(FrameError);
      }
    },
  );
});
