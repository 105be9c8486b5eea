/**
 * A version 4 UUID (RFC 9562) from `Math.random`. The fake's ids (sessions, messages, requests)
 * must be unique and well formed, not unguessable; `node:crypto` costs a session's start-up ~4 ms
 * of loading, which is most of what separates `fake-claude` from a bare `node`. V8 seeds
 * `Math.random` per process from the system's entropy, so two processes do not share a sequence.
 */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function word(): number {
  return (Math.random() * 0x1_0000_0000) >>> 0;
}

export function randomUuid(): string {
  const a = word();
  const b = word();
  const c = word();
  const d = word();
  const byte = (w: number, shift: number) => HEX[(w >>> shift) & 0xff]!;
  return (
    `${byte(a, 24)}${byte(a, 16)}${byte(a, 8)}${byte(a, 0)}-` +
    `${byte(b, 24)}${byte(b, 16)}-` +
    // version 4: the high nibble of the seventh byte
    `${HEX[((b >>> 8) & 0x0f) | 0x40]!}${byte(b, 0)}-` +
    // variant 10xx: the high bits of the ninth byte
    `${HEX[((c >>> 24) & 0x3f) | 0x80]!}${byte(c, 16)}-` +
    `${byte(c, 8)}${byte(c, 0)}${byte(d, 24)}${byte(d, 16)}${byte(d, 8)}${byte(d, 0)}`
  );
}
