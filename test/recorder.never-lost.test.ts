import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import { createFixtureWriter, quarantinePath, readFixture, recordingPath } from '../src/fixture/index.js';
import { SCAN_WINDOW } from '../src/redact/scan-windows.js';
import {
  RECORDER,
  recordedFiles,
  recordPlanted,
  type Step,
  secretsOnDisk,
} from './support/planted-recording.js';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

/**
 * A secret the redaction misses must not cost the recording: what the leak scan finds is masked
 * in the fixture and named in its trailer; a recording that cannot be masked is kept as a private
 * quarantine that nothing reads until `clide-record --recover` cleans it. Each case records
 * through the real `clide-record` with a stand-in CLI printing the secret.
 */
const CLI = fileURLToPath(new URL('../bin/clide-conformance', import.meta.url));
const FAKE = fileURLToPath(new URL('../bin/fake-claude', import.meta.url));

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwicm9sZSI6ImFkbWluIn0.Qm9ZcXh0MldtOXZSNGtMN3BOM3NCNnk';
const toolResult = (content: string): Step => ({
  out: {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content }] },
  },
});
const result: Step = { out: { type: 'result', subtype: 'success', result: 'done', is_error: false } };

describe('no recording is lost to the leak scan', () => {
  test('an environment value printed JSON-encoded twice (quotes and backslashes) is masked in the fixture and named in its trailer', async () => {
    const weird = 'p"a\\ss\\wo"rd-Zq8xT2mW';
    const planted = await recordPlanted({
      env: { WEIRD_SETTING: weird },
      steps: [toolResult(JSON.stringify(JSON.stringify({ value: weird }))), result],
    });
    const { run, out, files } = planted;
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(files)).toEqual(['session.jsonl']);
    expect(secretsOnDisk(files, [['WEIRD_SETTING', weird]])).toEqual([]);
    const fixture = await readFixture(out);
    expect(fixture.complete).toBe(true);
    expect(fixture.trailer?.findings).toEqual([
      expect.objectContaining({ kind: 'env:WEIRD_SETTING', chars: weird.length }),
    ]);
    expect(run.stderr).toMatch(
      /clide-record: warning: 1 secret\(s\) the redaction missed were masked in .*session\.jsonl/,
    );
    expect(run.stderr).toContain('env:WEIRD_SETTING');
    expect(run.stderr).not.toContain(weird);
  }, 60_000);

  test('a 12 MiB base64 blob in a tool result (one token, past what one regex pass takes) is kept as a normal fixture; a key across a scan window’s end in it is masked', async () => {
    // 12 MiB of one token: one regex pass overflows V8's stack from 4–8 MiB on; the 40 MiB case
    // is the leak scan's unit test (src/redact/leak-scan.test.ts), this one is clide-record's.
    const n = 12 * 2 ** 20;
    const bytes = Buffer.alloc((n * 3) / 4);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    const blob = bytes.toString('base64');
    const clean = await recordPlanted({ steps: [toolResult(blob), result] });
    expect(clean.run.exitCode, clean.run.stderr.slice(0, 2000)).toBe(0);
    expect(Object.keys(clean.files)).toEqual(['session.jsonl']);
    const kept = await readFixture(clean.out);
    expect(kept.complete).toBe(true);
    expect(kept.trailer?.findings).toBeUndefined();

    // A blob with a bare random key (the scan's entropy detector alone knows it) across the end
    // of the first window: in no window whole but the next.
    const key = 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e';
    const at = SCAN_WINDOW - 20;
    const part = blob;
    const planted = await recordPlanted({
      steps: [toolResult(`${part.slice(0, at)} ${key} ${part.slice(at + key.length + 2)}`), result],
    });
    expect(planted.run.exitCode, planted.run.stderr.slice(0, 2000)).toBe(0);
    expect(Object.keys(planted.files)).toEqual(['session.jsonl']);
    expect(secretsOnDisk(planted.files, [['bare key', key]])).toEqual([]);
    const masked = await readFixture(planted.out);
    expect(masked.trailer?.findings?.map((f) => f.kind)).toEqual(['high-entropy']);
  }, 240_000);

  test('a bare random key on stderr, which only the scan’s entropy detector knows, is masked and the recording kept', async () => {
    const key = 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e';
    const planted = await recordPlanted({ steps: [{ err: `retrying with ${key}\n` }, result] });
    expect(planted.run.exitCode, planted.run.stderr).toBe(0);
    expect(secretsOnDisk(planted.files, [['bare key', key]])).toEqual([]);
    const fixture = await readFixture(planted.out);
    expect(fixture.trailer?.findings?.map((f) => f.kind)).toEqual(['high-entropy']);
    expect(fixture.frames.find((f) => f.dir === 'stderr')?.raw).toBe('retrying with [redacted:leak#1]');
  }, 60_000);

  test('a bare random key split over a block’s deltas, in no line whole, is found in the joined text and masked in each delta', async () => {
    const key = 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e';
    const pieces = ['retry with Zq8xT2mW9v', 'R4kL7pN3sB6y', 'H1cF5dG0jA9e8DqW2e now'];
    const delta = (text: string): Step => ({
      out: {
        type: 'stream_event',
        event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
        session_id: 'sess-planted',
        parent_tool_use_id: null,
      },
    });
    const planted = await recordPlanted({ steps: [...pieces.map(delta), result] });
    expect(planted.run.exitCode, planted.run.stderr).toBe(0);
    expect(Object.keys(planted.files)).toEqual(['session.jsonl']);
    expect(secretsOnDisk(planted.files, [['split key', key]])).toEqual([]);
    const fixture = await readFixture(planted.out);
    expect(fixture.trailer?.findings?.map((f) => f.kind)).toEqual(['high-entropy (joined)']);
  }, 60_000);

  test('a redaction rule made to miss (jwt switched off): the scan’s find is masked, the fixture kept', async () => {
    const planted = await recordPlanted({
      env: { CLIDE_RECORD_UNSAFE_SKIP_RULES: 'jwt' },
      steps: [toolResult(`token: ${JWT}`), result],
    });
    expect(planted.run.exitCode, planted.run.stderr).toBe(0);
    expect(secretsOnDisk(planted.files, [['jwt', JWT]])).toEqual([]);
    expect((await readFixture(planted.out)).trailer?.findings?.length).toBeGreaterThan(0);
  }, 60_000);

  test('record --recover of what a killed recorder left, holding a secret the redaction missed: masked and kept, not deleted', async () => {
    const dir = temp('clide-recover-');
    const out = join(dir, 'killed.jsonl');
    // What a recorder killed mid-session leaves: a header and frames, no trailer (a writer with no
    // redaction stands in for one whose rule missed).
    const writer = createFixtureWriter(recordingPath(out), { argv: ['claude', '-p'] });
    writer.frame('from-cli', { msg: { type: 'system', subtype: 'init', session_id: 's' } });
    writer.frame('from-cli', {
      msg: {
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'text', text: `use ${JWT}` }] },
      },
    });
    writer.flush();
    const recover = await execa(CLI, ['record', '--recover', recordingPath(out)], { reject: false });
    expect(recover.exitCode, recover.stderr).toBe(0);
    expect(recover.stderr).toMatch(/recovered 2 frames to .*killed\.jsonl \(incomplete\)/);
    expect(recover.stderr).toContain('were masked in');
    const files = recordedFiles(dir);
    expect(Object.keys(files)).toEqual(['killed.jsonl']);
    expect(secretsOnDisk(files, [['jwt', JWT]])).toEqual([]);
    expect((await readFixture(out)).frames).toHaveLength(2);
  }, 60_000);

  test('a recording that cannot be masked is kept as a private quarantine that validate and replay refuse, and clide-record --recover cleans it', async () => {
    const planted = await recordPlanted({
      env: { CLIDE_RECORD_UNSAFE_SKIP_RULES: 'jwt,leak-mask' },
      steps: [toolResult(`token: ${JWT}`), toolResult('the rest of the session'), result],
    });
    const { run, out } = planted;
    const quarantined = quarantinePath(out);
    // The client had its whole session; the recording is kept, and the command says where.
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('error[leak]');
    expect(run.stderr).toContain(`it is at ${quarantined} (mode 0600`);
    expect(run.stderr).toContain(`clide-record --recover ${quarantined}`);
    expect(run.stderr).not.toContain(JWT);
    expect(Object.keys(planted.files)).toEqual(['session.jsonl.quarantine']);
    expect(statSync(quarantined).mode & 0o777).toBe(0o600);
    expect(existsSync(out) || existsSync(recordingPath(out))).toBe(false);

    const validate = await execa(CLI, ['validate', quarantined], { reject: false });
    expect(validate.exitCode).toBe(2);
    expect(validate.stderr).toContain('quarantined recording');
    const replay = await execa(FAKE, ['-p', '--output-format', 'stream-json', '--verbose'], {
      input: '',
      reject: false,
      env: { CLIDE_FAKE_FIXTURE: quarantined, HOME: planted.dir, CLIDE_FAKE_CWD: planted.dir },
    });
    expect(replay.exitCode).not.toBe(0);
    expect(replay.stderr).toContain('quarantined recording');

    const recover = await execa(RECORDER, ['--recover', quarantined], { reject: false, cwd: planted.dir });
    expect(recover.exitCode, recover.stderr).toBe(0);
    expect(recover.stderr).toMatch(/recovered 3 frames to .*session\.jsonl$/);
    expect(recover.stderr).toContain('masked in');
    const files = recordedFiles(planted.dir);
    expect(Object.keys(files)).toEqual(['session.jsonl']);
    expect(secretsOnDisk(files, [['jwt', JWT]])).toEqual([]);
    const fixture = await readFixture(out);
    expect(fixture.complete).toBe(true);
    expect(fixture.trailer?.findings?.length).toBeGreaterThan(0);
    expect(readFileSync(out, 'utf8')).toContain('the rest of the session');
  }, 60_000);
});
