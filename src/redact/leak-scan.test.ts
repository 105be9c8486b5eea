import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFixtureWriter,
  digestOf,
  encodeRecord,
  type FixtureFrame,
  readFixture,
} from '../fixture/index.js';
import { finalizeFixture } from './finalize.js';
import {
  finalizeFixtureSync,
  maskSecret,
  scanForLeaks,
  scanForLeaksSync,
  unescapeLenient,
} from './leak-scan.js';
import { maskLeaks, WITHHELD } from './mask-leaks.js';
import { createRedactor } from './redactor.js';
import { SCAN_OVERLAP, SCAN_WINDOW } from './scan-windows.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-leak-scan-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const KEY = 'sk-ant-api03-AbCdEf0123456789_-ZyXwVuT9876543210-QQ';
const HEADER = `${JSON.stringify({
  kind: 'header',
  format: 'clide-fixture/1',
  cliVersion: null,
  argv: [],
  recordedAt: '2025-01-01T00:00:00.000Z',
  recorder: { name: 'test', version: '0' },
  redaction: { enabled: true, rules: [] },
})}\n`;
const frameLine = (seq: number, content: Partial<FixtureFrame>): string =>
  encodeRecord({ kind: 'frame', seq, t: 0, dir: 'from-cli', ...content } as FixtureFrame);

function fixture(...lines: string[]): string {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(path, HEADER + lines.join(''));
  return path;
}

describe('scanForLeaks', () => {
  it('finds a secret literal in a message, with its line and kind but never its value', async () => {
    const path = fixture(
      frameLine(0, { msg: { a: 'clean' } }),
      frameLine(1, { msg: { b: ['x my-precious-token y'] } }),
    );
    const leaks = await scanForLeaks(path, [{ kind: 'env:MY_TOKEN', value: 'my-precious-token' }]);
    expect(leaks).toEqual([{ line: 3, kind: 'env:MY_TOKEN', preview: 'my-p…(17 chars)', found: 'json' }]);
    expect(JSON.stringify(leaks)).not.toContain('my-precious-token');
  });

  it('finds secrets hidden by JSON escapes: \\/ and \\u escapes in the file, and escaped JSON inside strings', async () => {
    const escapedKey = KEY.replace('sk-ant', '\\u0073k-\\u0061nt');
    const path = fixture(
      `{"kind":"frame","seq":0,"t":0,"dir":"from-cli","msg":{"p":"\\/home\\/alice\\/x"}}\n`,
      `{"kind":"frame","seq":1,"t":0,"dir":"from-cli","msg":{"k":"${escapedKey}"}}\n`,
      frameLine(2, { msg: { nested: JSON.stringify({ path: '/home/alice/y' }).replaceAll('/', '\\/') } }),
    );
    const leaks = await scanForLeaks(path, [{ kind: 'home', value: '/home/alice' }]);
    expect(leaks.map((l) => [l.line, l.kind])).toEqual([
      [2, 'home'],
      [3, 'anthropic-key'],
      [4, 'home'],
    ]);
  });

  it('finds every built-in pattern even without literals: in raw text, keys and base64 bytes', async () => {
    const path = fixture(
      frameLine(0, { raw: `stderr says ${KEY}` }),
      frameLine(1, { msg: { 'alice@corp.io': 1 } }),
      frameLine(2, {
        rawBase64: Buffer.from([0xff, ...Buffer.from(' Authorization: Bearer abc123456789xyz')]).toString(
          'base64',
        ),
      }),
    );
    const leaks = await scanForLeaks(path, []);
    // One report per line, kind and secret, however many passes see it.
    expect(leaks.map((l) => [l.line, l.kind, l.found])).toEqual([
      [2, 'anthropic-key', 'text'],
      [3, 'email', 'text'],
      [4, 'authorization-header', 'base64'],
      [4, 'bearer-token', 'base64'],
    ]);
  });

  it('does not flag placeholders, allow-listed emails or envelope words that equal a secret', async () => {
    const path = fixture(
      frameLine(0, {
        msg: {
          t: '[redacted:anthropic-key#1] email-1@redacted.invalid $HOME/x noreply@anthropic.com Bearer [redacted:x#1]',
        },
      }),
      frameLine(1, { msg: { t: 'ok' } }),
    );
    expect(await scanForLeaks(path, [{ kind: 'env:X', value: 'from-cli' }, 'redacted'])).toEqual([]);
  });

  it('scans a last line cut by a crash as plain text', async () => {
    const path = fixture(frameLine(0, { msg: 1 }), `{"kind":"frame","seq":1,"msg":"my-precious-tok`);
    expect((await scanForLeaks(path, ['my-precious-tok'])).map((l) => [l.line, l.kind])).toEqual([
      [3, 'secret#1'],
    ]);
  });
});

describe('finalizeFixture', () => {
  const redactor = () =>
    createRedactor({
      env: { SERVICE_TOKEN: 'svc-tok-0987654321' },
      home: '/home/bob',
      cwd: '',
      user: '',
      hostname: '',
    });

  it('moves a clean fixture into place', async () => {
    const r = redactor();
    const temp = join(dir, 'out.jsonl.recording');
    const final = join(dir, 'out.jsonl');
    const w = createFixtureWriter(temp, { argv: [] }, { transform: r });
    w.frame('from-cli', { msg: { text: 'svc-tok-0987654321 in /home/bob' } });
    w.close({ complete: true, exitCode: 0 });
    await expect(finalizeFixture(temp, final, r)).resolves.toEqual({ path: final, findings: [] });
    expect(existsSync(temp)).toBe(false);
    expect((await readFixture(final)).frames[0]!.msg).toEqual({
      text: '[redacted:env:SERVICE_TOKEN] in $HOME',
    });
  });

  it('keeps the recording when a secret survived: masked where it stands, named in the trailer, the digest renewed', async () => {
    const r = redactor();
    r.redact({});
    const temp = join(dir, 'out.jsonl.recording');
    const final = join(dir, 'out.jsonl');
    // A file written without the redactor: the secret is on disk, raw and JSON-escaped twice.
    const w = createFixtureWriter(temp, { argv: [] });
    w.frame('from-cli', {
      msg: { text: 'svc-tok-0987654321', nested: JSON.stringify(JSON.stringify('svc-tok-0987654321')) },
    });
    w.frame('from-cli', { msg: { text: 'nothing here' } });
    w.close({ complete: true });
    const result = await finalizeFixture(temp, final, r);
    expect(result.path).toBe(final);
    expect(result.findings).toEqual([
      { line: 2, kind: 'env:SERVICE_TOKEN', found: 'json', chars: 18, masked: 'value' },
    ]);
    const text = readFileSync(final, 'utf8');
    expect(text).not.toContain('svc-tok-0987654321');
    expect(existsSync(temp)).toBe(false);
    const fixture = await readFixture(final);
    expect(fixture.frames[0]!.msg).toMatchObject({ text: '[redacted:leak#1]' });
    expect(fixture.frames[1]!.msg).toEqual({ text: 'nothing here' });
    expect(fixture.trailer?.findings).toEqual(result.findings);
    const trailerAt = text.lastIndexOf('{"kind":"trailer"');
    expect(fixture.trailer?.digest).toBe(digestOf(Buffer.from(text.slice(0, trailerAt))));
    expect(
      await scanForLeaks(final, r.secretsSeen(), { env: { SERVICE_TOKEN: 'svc-tok-0987654321' } }),
    ).toEqual([]);
  });

  it('when masking is off (or cannot clean it), keeps the recording as a private quarantine and says where', async () => {
    const r = redactor();
    const temp = join(dir, 'q.jsonl.recording');
    const final = join(dir, 'q.jsonl');
    const w = createFixtureWriter(temp, { argv: [] });
    w.frame('from-cli', { msg: { text: 'svc-tok-0987654321' } });
    w.close({ complete: true });
    const error = await finalizeFixture(temp, final, r, { mask: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'leak', where: final });
    const message = String((error as Error).message);
    expect(message).toContain(`it is at ${final}.quarantine (mode 0600`);
    expect(message).not.toContain('svc-tok-0987654321');
    expect(String((error as { hint?: string }).hint)).toContain(`clide-record --recover ${final}.quarantine`);
    expect(statSync(`${final}.quarantine`).mode & 0o777).toBe(0o600);
    expect(existsSync(temp) || existsSync(final)).toBe(false);
    await expect(readFixture(`${final}.quarantine`)).rejects.toMatchObject({ code: 'fixture' });
  });

  it('a secret in an escaping no mask form holds (hex escapes) costs its string, not the recording', async () => {
    const r = redactor();
    const temp = join(dir, 'w.jsonl.recording');
    writeFileSync(
      temp,
      HEADER +
        frameLine(0, { raw: String.raw`token \x73\x76\x63-tok-0987654321` }) +
        frameLine(1, { msg: { text: 'kept' } }),
    );
    const result = await finalizeFixture(temp, join(dir, 'w.jsonl'), r);
    expect(result.findings).toEqual([
      { line: 2, kind: 'env:SERVICE_TOKEN', found: 'json', chars: 18, masked: 'string' },
    ]);
    const fixture = await readFixture(join(dir, 'w.jsonl'));
    expect(fixture.frames.map((f) => f.raw ?? f.msg)).toEqual(['[redacted:leak#1]', { text: 'kept' }]);
  });

  it('maskLeaks withholds the content of the frames it is told to, keeping their place', async () => {
    const source = fixture(frameLine(0, { msg: { text: 'a' } }), frameLine(1, { raw: 'b' }));
    const target = join(dir, 'withheld.jsonl');
    const hit = { leak: { line: 2, kind: 'x', preview: '', found: 'json' as const }, value: 'zzz' };
    expect(await maskLeaks(source, target, [hit], { withhold: new Set([2]) })).toEqual([
      { line: 2, kind: 'x', found: 'json', chars: 3, masked: 'frame' },
    ]);
    const frames = (await readFixture(target)).frames;
    expect(frames.map((f) => [f.seq, f.dir, f.raw ?? f.msg])).toEqual([
      [0, 'from-cli', WITHHELD],
      [1, 'from-cli', 'b'],
    ]);
  });

  it('scans in place when the temp and final paths are the same', async () => {
    const path = join(dir, 'same.jsonl');
    writeFileSync(path, HEADER + frameLine(0, { msg: 'fine' }));
    await finalizeFixture(path, path, redactor());
    expect(readFileSync(path, 'utf8')).toContain('fine');
  });
});

describe('helpers', () => {
  it('masks a secret to a short prefix and its length', () => {
    expect(maskSecret(KEY)).toBe(`sk-a…(${KEY.length} chars)`);
    expect(maskSecret('abcdefgh')).toBe('ab…(8 chars)');
    expect(maskSecret('abc')).toBe('…(3 chars)');
  });

  it('unescapes JSON-style escapes leniently', () => {
    expect(unescapeLenient('\\/a\\u0041\\"b\\\\c\\n')).toBe('/aA"b\\c\n');
  });
});

describe('the scan does not share the redactor’s blind spots', () => {
  const OPAQUE = 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e';

  it('hunts the known values of the environment itself, in every encoding', async () => {
    const path = fixture(
      frameLine(0, { msg: { out: `DB=${OPAQUE}/+` } }),
      frameLine(1, { msg: { out: Buffer.from(`admin:${OPAQUE}/+`).toString('base64') } }),
      frameLine(2, { raw: `GET /x?k=${encodeURIComponent(`${OPAQUE}/+`)}` }),
    );
    const leaks = await scanForLeaks(path, [], { env: { OPAQUE_CFG: `${OPAQUE}/+` }, secretlint: false });
    // (The rest of an encoded run around the value may be reported as high-entropy too.)
    expect(leaks.map((l) => [l.line, l.kind])).toEqual(
      expect.arrayContaining([
        [2, 'env:OPAQUE_CFG'],
        [3, 'env:OPAQUE_CFG (base64)'],
        [4, 'env:OPAQUE_CFG (url-encoded)'],
      ]),
    );
    expect(JSON.stringify(leaks)).not.toContain(OPAQUE);
  });

  it('finds an unknown high-entropy token no rule knows, but not protocol ids', async () => {
    const path = fixture(
      frameLine(0, { msg: { session_id: '00000000-0000-4000-8000-000000000001', text: `cfg ${OPAQUE}` } }),
      frameLine(1, { msg: { type: 'thinking', signature: OPAQUE } }),
    );
    expect((await scanForLeaks(path, [])).map((l) => [l.line, l.kind, l.preview])).toEqual([
      [2, 'high-entropy', 'Zq8x…(40 chars)'],
    ]);
    expect(scanForLeaksSync(path, []).map((l) => [l.line, l.kind])).toEqual([[2, 'high-entropy']]);
  });

  it('runs secretlint over the recorded content and reports its rule, masked', async () => {
    const token = 'glpat-Zq8xT2mW9vR4kL7pN3sB';
    const path = fixture(frameLine(0, { msg: { text: `token ${token}` } }));
    const leaks = await scanForLeaks(path, [], { entropy: false });
    expect(leaks.map((l) => l.kind)).toEqual(['gitlab-token']);
    // Alone (the built-in pattern is what reports it when both find it), secretlint still finds it.
    const { secretlintBatcher } = await import('./secretlint.js');
    const found: string[] = [];
    const lint = await secretlintBatcher((_line, kind, value) => found.push(`${kind} ${maskSecret(value)}`));
    await lint.add(1, [`token ${token}`]);
    await lint.flush();
    expect(found).toEqual(['secretlint:GITLAB_PERSONAL_ACCESS_TOKEN glpa…(26 chars)']);
  });

  it('a wire log is finalised synchronously: clean → renamed, leaking → deleted', () => {
    const clean = fixture(frameLine(0, { msg: { text: 'fine' } }));
    const final = join(dir, 'wire.jsonl');
    expect(finalizeFixtureSync(clean, final, { secretsSeen: () => [] })).toEqual({ path: final });
    expect(existsSync(final)).toBe(true);
    const leaking = fixture(frameLine(0, { msg: { text: `x ${OPAQUE}` } }));
    expect(() => finalizeFixtureSync(leaking, join(dir, 'w2.jsonl'), { secretsSeen: () => [] })).toThrow(
      /refusing to keep the wire log: 1 secret\(s\) survived redaction \(high-entropy\)/,
    );
    expect(existsSync(leaking)).toBe(false);
  });
});

describe('the scan looks at what a reader joins', () => {
  const delta = (seq: number, text: string): string =>
    frameLine(seq, {
      msg: {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
        parent_tool_use_id: null,
      },
    });
  const KEY_PARTS = ['retry with Zq8xT2mW9v', 'R4kL7pN3sB6y', 'H1cF5dG0jA9e8DqW2e done'];

  it('finds a random key split over deltas, which no line holds whole, naming the line it ends in', async () => {
    const path = fixture(...KEY_PARTS.map((t, i) => delta(i, t)));
    expect((await scanForLeaks(path, [])).map((l) => [l.line, l.kind])).toEqual([
      [4, 'high-entropy (joined)'],
    ]);
    // Not in separate blocks, nor once a block ended.
    const apart = fixture(
      delta(0, KEY_PARTS[0]!),
      frameLine(1, { msg: { type: 'stream_event', event: { type: 'content_block_stop', index: 0 } } }),
      delta(2, KEY_PARTS[1]!),
    );
    expect(await scanForLeaks(apart, [])).toEqual([]);
  });

  it('masks each part where it is: the fixture is kept and its deltas join to no key', async () => {
    const temp = fixture(...KEY_PARTS.map((t, i) => delta(i, t)));
    const final = join(dir, 'joined.jsonl');
    const result = await finalizeFixture(temp, final, { secretsSeen: () => [] });
    expect(result.findings).toEqual([
      { line: 4, kind: 'high-entropy (joined)', found: 'text', chars: 40, masked: 'value' },
    ]);
    const texts = (await readFixture(final)).frames.map(
      (f) => (f.msg as { event: { delta: { text: string } } }).event.delta.text,
    );
    expect(texts.join('')).toBe('retry with [redacted:leak#1][redacted:leak#1][redacted:leak#1] done');
  });
});

describe('a line too long for one regex pass (tens of MiB of one token) is scanned in windows', () => {
  const TOKEN = 'svc-tok-0987654321';
  const BARE = 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e';
  /** `chars` characters of base64 with no space: one token. */
  const blob = (chars: number): string => {
    const bytes = Buffer.alloc(Math.ceil((chars * 3) / 4));
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    return bytes.toString('base64').slice(0, chars);
  };
  const huge = (content: string): string => {
    const temp = join(dir, 'out.jsonl.recording');
    const w = createFixtureWriter(temp, { argv: [] });
    w.frame('from-cli', {
      msg: {
        type: 'user',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content }] },
      },
    });
    w.close({ complete: true, exitCode: 0 });
    return temp;
  };
  const redactor = () =>
    createRedactor({ env: { SERVICE_TOKEN: TOKEN }, home: '', cwd: '', user: '', hostname: '' });

  it('a 40 MiB base64 blob with no secret is kept as a normal fixture', async () => {
    const content = blob(40 * 2 ** 20);
    const temp = huge(content);
    const final = join(dir, 'out.jsonl');
    await expect(finalizeFixture(temp, final, redactor())).resolves.toEqual({ path: final, findings: [] });
    const fixture = await readFixture(final);
    expect(fixture.trailer?.findings).toBeUndefined();
    expect(existsSync(`${final}.quarantine`)).toBe(false);
  }, 120_000);

  it('finds and masks a secret in the middle of such a line, and secrets across window boundaries', async () => {
    // 12 MiB: past what one regex pass takes (about 8 MiB of one token), in 12 windows.
    const n = 12 * 2 ** 20;
    let content = blob(n);
    const plant = (at: number, secret: string) => {
      content = `${content.slice(0, at)} ${secret} ${content.slice(at + secret.length + 2)}`;
    };
    // A known value in the middle, a bare random key across the end of the first window, an
    // Anthropic key across the end of the second: each lies in no window but the next whole.
    plant(n / 2, TOKEN);
    plant(SCAN_WINDOW - 20, BARE);
    plant(2 * SCAN_WINDOW - SCAN_OVERLAP - 30, KEY);
    expect(content).toHaveLength(n);
    const temp = huge(content);
    const final = join(dir, 'out.jsonl');
    const r = redactor();
    const result = await finalizeFixture(temp, final, r);
    expect(result.findings.map((f) => f.kind).sort()).toEqual([
      'anthropic-key',
      'env:SERVICE_TOKEN',
      'high-entropy',
    ]);
    const text = readFileSync(final, 'utf8');
    for (const secret of [TOKEN, BARE, KEY]) expect(text).not.toContain(secret);
    expect(existsSync(`${final}.quarantine`)).toBe(false);
    const fixture = await readFixture(final);
    const masked = (fixture.frames[0]!.msg as { message: { content: Array<{ content: string }> } }).message
      .content[0]!.content;
    expect(masked.match(/\[redacted:leak#\d+\]/g)).toHaveLength(3);
    expect(masked.startsWith(content.slice(0, 1000))).toBe(true);
  }, 180_000);
});
