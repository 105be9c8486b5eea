/**
 * A version 4 UUID (RFC 9562): the platform's `crypto.randomUUID()` (global in Node ≥ 19, no
 * `node:crypto` import). Its first call loads Web Crypto lazily, ~0.4 ms here, against ~50 ms of a
 * bare `node` start, so the fake's start-up does not need a generator of its own.
 */
export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}
