import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DUMMY_API_KEY } from '../src/driver/index.js';
import { readFixture } from '../src/fixture/index.js';
import { createRedactor, findHighEntropy, scanForLeaks } from '../src/redact/index.js';

/**
 * The committed corpora and report wire logs were recorded with earlier rules: the current rules
 * must find nothing new in them. A difference here means a rule (or the entropy allow-list)
 * mistakes protocol data — ids, hashes, tool names — for a secret.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function jsonlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonlFiles(path));
    else if (name.endsWith('.jsonl')) out.push(path);
  }
  return out.sort();
}

const FILES = [...jsonlFiles(join(ROOT, 'fixtures')), ...jsonlFiles(join(ROOT, 'reports'))];

/** An environment like the one the corpus was recorded in (the sandbox's allow-list and settings). */
const SANDBOX_ENV = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/tmp/clide-sandbox-AbC123/home',
  TMPDIR: '/tmp/clide-sandbox-AbC123',
  CLAUDE_CONFIG_DIR: '/tmp/clide-sandbox-AbC123/config',
  LANG: 'en_US.UTF-8',
  TERM: 'xterm-256color',
  TZ: 'Europe/Paris',
  ANTHROPIC_BASE_URL: 'http://127.0.0.1:40123',
  ANTHROPIC_API_KEY: DUMMY_API_KEY,
  CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  ANTHROPIC_MODEL: 'claude-sonnet-4-5-20250929',
  CLIDE_RECORD_OUT: '/tmp/out/x.jsonl',
  CLIDE_RECORD_SCENARIO: 'permission/allow',
};

describe('the committed corpus under the current rules', () => {
  test('there is a corpus to check', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(104);
  });

  test.each(FILES.map((f) => [f.slice(ROOT.length)]))(
    '%s: redacting it again changes nothing',
    async (file) => {
      const fixture = await readFixture(join(ROOT, file));
      const env = { ...SANDBOX_ENV, ...fixture.header.env };
      const redactor = createRedactor({ env, home: '', cwd: '', user: '', hostname: '', ids: false });
      for (const frame of fixture.frames) {
        if (frame.msg !== undefined)
          expect(redactor.redact(frame.msg), `seq ${frame.seq}`).toEqual(frame.msg);
        if (frame.raw !== undefined)
          expect(redactor.redactText(frame.raw), `seq ${frame.seq}`).toBe(frame.raw);
      }
      expect(fixture.header.argv.map((a) => redactor.redactText(a))).toEqual(fixture.header.argv);
      const hits = redactor.rulesApplied().filter((r) => r.count > 0);
      expect(hits).toEqual([]);
    },
  );

  test.each(FILES.map((f) => [f.slice(ROOT.length)]))('%s: the leak scan finds nothing', async (file) => {
    const leaks = await scanForLeaks(join(ROOT, file), [], { env: SANDBOX_ENV });
    expect(leaks).toEqual([]);
  });

  test('the entropy detector has something to ignore in the corpus (its allow-list is exercised)', async () => {
    let candidates = 0;
    for (const file of FILES) {
      const fixture = await readFixture(file);
      for (const frame of fixture.frames) {
        const text = JSON.stringify(frame.msg ?? frame.raw ?? '');
        candidates += (text.match(/[A-Za-z0-9+/_=.~-]{20,}/g) ?? []).length;
        expect(findHighEntropy(text.replace(/"(?:signature|data)":"[^"]*"/g, ''))).toEqual([]);
      }
    }
    expect(candidates).toBeGreaterThan(0);
  });
});
