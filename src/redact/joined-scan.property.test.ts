import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect } from 'vitest';
import { encodeRecord, type FixtureFrame } from '../fixture/index.js';
import { scanForLeakHits } from './leak-scan.js';

/**
 * The scan's look at joined text finds in a block streamed as deltas exactly what it finds in the
 * same text sent whole: nothing that is not there (no false finds from gluing pieces), nothing
 * missed wherever the text is cut.
 */
const dir = mkdtempSync(join(tmpdir(), 'clide-joined-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const HEADER = `${JSON.stringify({
  kind: 'header',
  format: 'clide-fixture/2',
  cliVersion: null,
  argv: [],
  recordedAt: '2025-01-01T00:00:00.000Z',
  recorder: { name: 'test', version: '0' },
  redaction: { enabled: true, rules: [] },
})}\n`;

function file(pieces: readonly string[]): string {
  const path = join(dir, `f${n++}.jsonl`);
  const lines = pieces.map((text, seq) =>
    encodeRecord({
      kind: 'frame',
      seq,
      t: 0,
      dir: 'from-cli',
      msg: {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
        parent_tool_use_id: null,
      },
    } as FixtureFrame),
  );
  writeFileSync(path, HEADER + lines.join(''));
  return path;
}

/** Words of the text a model streams: prose, paths, ids, digests, code — and now and then a credential. */
const word = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('the', 'config', 'reads', 'value', 'and', 'then', 'returns', '\n', '.', ','),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'src/redact/joined-text.ts',
      '/tmp/clide-sandbox-AbC123/x.sock',
      'toolu_01XyZ9abcDEF123ghiJKL',
    ),
  },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{40}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z][a-z]{3,8}[A-Z][a-z]{3,8}[0-9]$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{5,14}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{37}$/).map((s) => `${s}aB3`) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{36}$/).map((s) => `sk-ant-api03-${s}`) },
);
const text = fc.array(word, { minLength: 1, maxLength: 40 }).map((ws) => ws.join(' '));

function cut(value: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((p) => p % (value.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const p of points) {
    out.push(value.slice(last, p));
    last = p;
  }
  out.push(value.slice(last));
  return out.filter((p) => p !== '');
}

describe('the joined scan of deltas agrees with the scan of the whole text', () => {
  test.prop([text, fc.array(fc.nat(2000), { maxLength: 12 })], { numRuns: 200 })(
    'every secret of the whole text is found in its deltas, and nothing else',
    async (whole, at) => {
      const found = (await scanForLeakHits(file([whole]), [], { secretlint: false })).map((h) => h.value);
      const split = (await scanForLeakHits(file(cut(whole, at)), [], { secretlint: false })).map(
        (h) => h.value,
      );
      for (const value of found)
        expect(
          split.some((s) => s.includes(value)),
          `missed ${value}`,
        ).toBe(true);
      for (const value of split)
        expect(
          found.some((w) => w.includes(value)),
          `found ${value}`,
        ).toBe(true);
    },
  );
});
