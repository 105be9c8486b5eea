import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findHighEntropy } from './entropy.js';

/**
 * The entropy detector's recall on bare credentials (no key name beside them, as on a CLI's
 * stderr): random AWS secret access keys (40 characters of base64) and base62 API tokens, drawn
 * with fixed seeds. Its precision on the kit's own recordings is pinned by
 * test/redaction.corpus.test.ts (the leak scan finds nothing in any committed fixture).
 */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE62 = BASE64.slice(0, 62);

function keys(alphabet: string, length: number, seed: number, count: number): string[] {
  // Unbiased: fast-check's default bias draws small integers (the alphabet's first letters) far too often.
  const char = fc.noBias(fc.integer({ min: 0, max: alphabet.length - 1 })).map((i) => alphabet[i]!);
  const key = fc.noBias(fc.array(char, { minLength: length, maxLength: length })).map((c) => c.join(''));
  return fc.sample(key, { seed, numRuns: count });
}

const missed = (secrets: string[]) =>
  secrets.filter(
    (s) => !findHighEntropy(`error: the credential ${s} was rejected`).some((t) => t.includes(s)),
  );

describe('the entropy detector finds bare credentials', () => {
  it('misses fewer than 2 in 100 random AWS secret access keys (it missed 1 in 9 when any run of one case counted as a word)', () => {
    const secrets = keys(BASE64, 40, 20261205, 2000);
    expect(missed(secrets).length).toBeLessThan(40);
  });

  it('misses few random base62 tokens: under 5% at 24 characters, 3% at 32, 2% at 40, 0.5% at 64 (it missed 17%, 20%, 15% and 8%)', () => {
    const bound: Record<number, number> = { 24: 50, 32: 30, 40: 20, 64: 5 };
    for (const [length, most] of Object.entries(bound)) {
      const secrets = keys(BASE62, Number(length), 7 * Number(length), 1000);
      expect(missed(secrets).length, `length ${length}`).toBeLessThan(most);
    }
  });

  it('takes paths and identifiers made of words for what they are', () => {
    for (const text of [
      'TMPDIR/cc-socks/15236.sock',
      '/tmp/clide-sandbox-S9eI5y/cc-socks/31110.sock',
      'CamelCaseName2ForTheFactory',
      'com.example.Service2Factory',
      'node_modules/@anthropic-ai/claude-code-linux-x64/claude',
    ])
      expect(findHighEntropy(text), text).toEqual([]);
  });
});
