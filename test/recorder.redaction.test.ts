import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { execa } from 'execa';
import { describe, expect, inject } from 'vitest';
import { readFixture, recordingPath } from '../src/fixture/index.js';
import type { Scenario } from '../src/scenarios/index.js';
import { runScenario, script, text, toolUse } from '../src/scenarios/index.js';
import { validateMessage } from '../src/validate/index.js';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

const RECORDER = fileURLToPath(new URL('../bin/clide-record', import.meta.url));

const token = fc.stringMatching(/^[A-Za-z0-9_-]{32,48}$/);
/** Secrets of the kinds a session can carry, each with the literal that must not reach disk. */
const secret = fc.oneof(
  token.map((t) => `sk-ant-api03-${t}`),
  token.map((t) => `sk-ant-oat01-${t}`),
  fc
    .tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.stringMatching(/^[a-z]{3,8}$/))
    .map(([u, d]) => `${u}.${d}@example-corp.com`),
  fc.stringMatching(/^[A-Za-z0-9]{36}$/).map((t) => `ghp_${t}`),
);

function echoCli(dir: string): string {
  const path = join(dir, 'echo-cli.mjs');
  writeFileSync(
    path,
    `#!/usr/bin/env node
import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  process.stdout.write(JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'you said ' + JSON.stringify(msg) }] }, session_id: 's', parent_tool_use_id: null, uuid: 'u' }) + '\\n');
  process.stderr.write('debug: ' + line + '\\n');
});
`,
    { mode: 0o755 },
  );
  return path;
}

describe('clide-record redaction', () => {
  test.prop([fc.array(secret, { minLength: 1, maxLength: 4 }), secret, fc.string({ maxLength: 30 })], {
    numRuns: 6,
  })(
    'no planted secret (client messages, CLI output, stderr, env) survives on disk',
    async (planted, envSecret, filler) => {
      const dir = temp('clide-rec-prop-');
      const out = join(dir, 'session.jsonl');
      const lines = planted.map((s, i) =>
        JSON.stringify({
          type: 'user',
          message: { role: 'user', content: `${filler} secret #${i}: ${s} ${filler}` },
        }),
      );
      const run = await execa(RECORDER, ['--verbose'], {
        input: `${lines.join('\n')}\n`,
        reject: false,
        env: { CLIDE_REAL_CLAUDE: echoCli(dir), CLIDE_RECORD_OUT: out, MY_SERVICE_TOKEN: envSecret },
      });
      expect(run.exitCode, run.stderr).toBe(0);
      const onDisk = readFileSync(out, 'utf8');
      for (const s of [...planted, envSecret]) {
        expect(onDisk).not.toContain(s);
        expect(onDisk).not.toContain(JSON.stringify(s).slice(1, -1));
      }
      const fixture = await readFixture(out);
      expect(fixture.complete).toBe(true);
      expect(fixture.frames.filter((f) => f.dir === 'from-cli')).toHaveLength(planted.length);
    },
    180_000,
  );

  test.prop([secret, secret, secret], { numRuns: 2 })(
    'secrets in real model output, tool input and tool results never reach the fixture, which still validates',
    async (inText, inInput, inEnv) => {
      const dir = temp('clide-rec-real-prop-');
      const out = join(dir, 'session.jsonl');
      const scenario: Scenario = {
        id: 'property/secrets',
        requirement: 'secrets planted everywhere',
        spec: '-',
        tier: 'model',
        model: script(
          [
            text(`Here is a key: ${inText}`),
            toolUse('toolu_01Secret', 'Write', { file_path: 'creds.txt', content: `${inInput}\n` }),
          ],
          [text('Stored.')],
        ),
        env: { DEPLOY_SECRET: inEnv },
        handlers: { can_use_tool: (req) => ({ behavior: 'allow', updatedInput: req.input }) },
        async drive(ctx) {
          ctx.session.sendUser(`Store ${inEnv} for me.`);
          await ctx.session.waitForResult();
        },
      };
      const run = await runScenario(scenario, {
        binary: RECORDER,
        env: { CLIDE_REAL_CLAUDE: inject('claudeBinary'), CLIDE_RECORD_OUT: out },
      });
      expect(run.findings).toEqual([]);
      const onDisk = readFileSync(out, 'utf8');
      for (const s of [inText, inInput, inEnv]) expect(onDisk).not.toContain(s);
      const fixture = await readFixture(out);
      expect(fixture.complete).toBe(true);
      for (const frame of fixture.frames.filter((f) => f.msg !== undefined)) {
        const findings = validateMessage(frame.msg, {
          direction: frame.dir === 'to-cli' ? 'to-cli' : 'from-cli',
        });
        expect(findings.filter((f) => f.severity === 'breaking')).toEqual([]);
      }
    },
    180_000,
  );

  test.each([
    // Known values switched off: an opaque value under an innocuous name is found by the scan's own
    // list of known values.
    ['env-value', 'OPAQUE_CFG', /env:OPAQUE_CFG/],
    // The JWT rule switched off in the redactor: the scan still finds the token (its own pass of
    // the patterns, its entropy detector).
    ['jwt', 'JWT', /jwt|high-entropy|secretlint/],
  ])(
    'when redaction is made to miss (%s switched off), the leak scan finds it and masks it: the fixture is kept, its trailer names the find',
    async (rule, variable, kind) => {
      const dir = temp('clide-rec-miss-');
      const out = join(dir, 'session.jsonl');
      const secrets = {
        OPAQUE_CFG: 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e',
        JWT: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwicm9sZSI6ImFkbWluIn0.Qm9ZcXh0MldtOXZSNGtMN3BOM3NCNnk',
      };
      const secret = secrets[variable as keyof typeof secrets];
      // The env value comes from the environment; the JWT is printed by the CLI itself (it is no
      // known value, so only the JWT rule would catch it).
      const printed = rule === 'jwt' ? JSON.stringify(secret) : `process.env.${variable}`;
      const cli = join(dir, 'prints-secret.mjs');
      writeFileSync(
        cli,
        `#!/usr/bin/env node\nprocess.stdout.write(JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'value: ' + ${printed} }] } }) + '\\n');\n`,
        { mode: 0o755 },
      );
      const run = await execa(RECORDER, [], {
        input: '',
        reject: false,
        env: {
          CLIDE_REAL_CLAUDE: cli,
          CLIDE_RECORD_OUT: out,
          CLIDE_RECORD_UNSAFE_SKIP_RULES: rule,
          ...(rule === 'jwt' ? {} : { [variable]: secret }),
        },
      });
      // The client got the whole session; the recording is kept, the secret masked in it.
      expect(run.stdout).toContain('value: ');
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stderr).toContain('clide-record: warning:');
      expect(run.stderr).toMatch(kind);
      expect(run.stderr).not.toContain(secret);
      expect(existsSync(recordingPath(out))).toBe(false);
      expect(readFileSync(out, 'utf8')).not.toContain(secret);
      const fixture = await readFixture(out);
      expect(fixture.trailer?.findings?.map((f) => f.kind).join(' ')).toMatch(kind);
      expect(JSON.stringify(fixture.frames[0]!.msg)).toContain('value: [redacted:leak#1]');
    },
    60_000,
  );
});
