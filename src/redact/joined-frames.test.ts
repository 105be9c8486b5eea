import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { digestOf } from '../fixture/digest.js';
import { createFixtureWriter, type Direction, parseFixture } from '../fixture/index.js';
import { JoinedFrames } from './joined-frames.js';
import { createRedactor } from './redactor.js';

const dir = mkdtempSync(join(tmpdir(), 'clide-joined-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** Records `lines` as the recorder does (buffered, flushed every `flushEvery` lines) and returns the file's text. */
function record(lines: Array<[Direction, string]>, flushEvery: number): string {
  const redactor = createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '', ids: false });
  const joined = new JoinedFrames(redactor);
  const path = join(dir, `f${files++}.jsonl`);
  const writer = createFixtureWriter(path, { argv: ['claude'] }, { transform: redactor, buffer: true });
  lines.forEach(([dirn, text], i) => {
    const prepared = joined.prepare(dirn, Buffer.from(text));
    const offset = writer.offset;
    const frame = writer.line(dirn, prepared.line);
    for (const patch of joined.written(prepared, frame, offset))
      writer.patch(patch.offset, patch.before, patch.after);
    if ((i + 1) % flushEvery === 0) writer.flush();
  });
  writer.close({ complete: true, exitCode: 0 });
  return readFileSync(path, 'utf8');
}

const delta = (index: number, type: 'text_delta' | 'input_json_delta', piece: string): string =>
  JSON.stringify({
    type: 'stream_event',
    event: {
      type: 'content_block_delta',
      index,
      delta: type === 'text_delta' ? { type, text: piece } : { type, partial_json: piece },
    },
    parent_tool_use_id: null,
  });

/** The deltas' text per block and the stderr lines, joined, as a reader of the fixture sees them. */
function joinedViews(text: string): string[] {
  const fixture = parseFixture(text);
  const blocks = new Map<number, string>();
  const stderr: string[] = [];
  for (const frame of fixture.frames) {
    if (frame.dir === 'stderr' && frame.raw !== undefined) stderr.push(frame.raw);
    const msg = frame.msg as { event?: { index: number; delta?: { text?: string; partial_json?: string } } };
    const piece = msg?.event?.delta?.text ?? msg?.event?.delta?.partial_json;
    if (piece !== undefined) blocks.set(msg.event!.index, (blocks.get(msg.event!.index) ?? '') + piece);
  }
  return [...blocks.values(), stderr.join('\n')];
}

function cut(text: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const p of points) {
    out.push(text.slice(last, p));
    last = p;
  }
  out.push(text.slice(last));
  return out.filter((p) => p !== '');
}

const key = fc.stringMatching(/^[A-Za-z0-9]{37}$/).map((s) => `sk-ant-api03-${s}aB3`);
const word = fc.stringMatching(/^[A-Za-z]{5,9}[0-9]{2,4}$/);
const body = fc.stringMatching(/^[A-Za-z0-9+/]{64}$/);
const at = fc.array(fc.nat(400), { minLength: 1, maxLength: 8 });
const flushEvery = fc.integer({ min: 1, max: 5 });

describe('JoinedFrames: a secret split over pieces is gone from what a reader joins', () => {
  test.prop([key, word, at, flushEvery], { numRuns: 150 })(
    'text deltas: a key and an assignment cut anywhere, the file a valid fixture with its digest',
    (secret, password, cuts, every) => {
      const text = `key ${secret} then DB_PASSWORD=${password} and é "quoted" end`;
      const lines = cut(text, cuts).map((p): [Direction, string] => ['from-cli', delta(0, 'text_delta', p)]);
      const written = record(lines, every);
      for (const view of [written, ...joinedViews(written)]) {
        expect(view).not.toContain(secret);
        expect(view).not.toContain(password);
      }
      const trailerAt = written.lastIndexOf('{"kind":"trailer"');
      const fixture = parseFixture(written);
      expect(fixture.frames).toHaveLength(lines.length);
      expect(fixture.trailer?.digest).toBe(digestOf(Buffer.from(written.slice(0, trailerAt))));
    },
  );

  test.prop([word, fc.string({ maxLength: 20 }), at, flushEvery], { numRuns: 150 })(
    "tool input JSON: a secret-shaped key's value cut anywhere",
    (secret, other, cuts, every) => {
      const input = JSON.stringify({ command: `echo ${other}`, api_token: secret, x: 1 });
      const lines = cut(input, cuts).map((p): [Direction, string] => [
        'from-cli',
        delta(1, 'input_json_delta', p),
      ]);
      const written = record(lines, every);
      for (const view of [written, ...joinedViews(written)]) expect(view).not.toContain(secret);
    },
  );

  test.prop([fc.array(body, { minLength: 1, maxLength: 5 }), flushEvery], { numRuns: 50 })(
    'stderr: a private key printed line by line',
    (lines, every) => {
      const pem = ['-----BEGIN PRIVATE KEY-----', ...lines, '-----END PRIVATE KEY-----'];
      const written = record(
        pem.map((l): [Direction, string] => ['stderr', l]),
        every,
      );
      for (const view of [written, ...joinedViews(written)])
        for (const l of lines) expect(view).not.toContain(l);
    },
  );

  it('a piece whose redaction already replaced the part is left as it was; blocks are kept apart', () => {
    const written = record(
      [
        ['from-cli', delta(0, 'text_delta', 'a sk-ant-api03-Zq8xT2mW9vR4kL7pN3sB')],
        ['from-cli', delta(1, 'text_delta', 'unrelated text')],
        ['from-cli', delta(0, 'text_delta', '6yH1cF5dG0jA9e8D rest')],
      ],
      10,
    );
    const views = joinedViews(written);
    expect(views[0]).toBe('a [redacted:anthropic-key#1][redacted:anthropic-key#2] rest');
    expect(views[1]).toBe('unrelated text');
  });
});
