import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { execa } from 'execa';
import { describe, expect } from 'vitest';
import { readFixture, recordingPath } from '../src/fixture/index.js';
import { encodedForms } from '../src/redact/index.js';
import { tempDirs } from './support/temp-dirs.js';

const temp = tempDirs();

/**
 * The planted-secret corpus: secrets of every class the kit redacts, generated, planted in every
 * place a session can carry them, recorded through the real `clide-record` with a stand-in CLI.
 * Nothing of them may reach disk in any encoding, and the fixture must be kept: redaction caught
 * each one, the leak scan had nothing to refuse.
 */
const RECORDER = fileURLToPath(new URL('../bin/clide-record', import.meta.url));

const alnum = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));
/** Random enough to be a credential: letters of both cases and digits. */
const mixed = (n: number) =>
  fc
    .tuple(
      alnum(n - 3, n - 3),
      fc.constantFrom('a', 'q', 'z'),
      fc.constantFrom('B', 'K', 'X'),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([s, a, b, d]) => `${s}${a}${b}${d}`);
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const b64 = (n: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9+/]{${n}}$`));
const word = fc.stringMatching(/^[a-z]{6,10}$/);

interface Planted {
  cls: string;
  /** The text a session prints. */
  text: string;
  /** What must not reach disk. */
  secrets: string[];
}
const plant = (cls: string, arb: fc.Arbitrary<[string, string]>): fc.Arbitrary<Planted> =>
  arb.map(([text, secret]) => ({ cls, text, secrets: [secret] }));
const same = (cls: string, arb: fc.Arbitrary<string>, wrap = (s: string) => `key ${s} end`) =>
  plant(
    cls,
    arb.map((s) => [wrap(s), s]),
  );

/** One generator per class of docs/record.md. */
const CLASSES: fc.Arbitrary<Planted>[] = [
  same(
    'anthropic-key',
    mixed(40).map((s) => `sk-ant-api03-${s}`),
  ),
  same(
    'anthropic-oauth',
    mixed(40).map((s) => `sk-ant-oat01-${s}`),
  ),
  same(
    'openai-key',
    mixed(48).map((s) => `sk-proj-${s}`),
  ),
  same(
    'google-api-key',
    mixed(35).map((s) => `AIza${s}`),
  ),
  same(
    'aws-access-key-id',
    fc.stringMatching(/^[A-Z0-9]{16}$/).map((s) => `AKIA${s}`),
  ),
  plant(
    'aws-secret-access-key',
    b64(40).map((s) => [`aws_secret_access_key = ${s}`, s]),
  ),
  plant(
    'azure-key',
    b64(86).map((s) => [
      `DefaultEndpointsProtocol=https;AccountName=a;AccountKey=${s}==;EndpointSuffix=core.windows.net`,
      `${s}==`,
    ]),
  ),
  same(
    'github-token',
    fc.tuple(fc.constantFrom('ghp', 'gho', 'ghu', 'ghs', 'ghr'), mixed(36)).map(([p, s]) => `${p}_${s}`),
  ),
  same(
    'github-pat',
    mixed(60).map((s) => `github_pat_${s}`),
  ),
  same(
    'gitlab-token',
    mixed(20).map((s) => `glpat-${s}`),
  ),
  same(
    'npm-token',
    mixed(36).map((s) => `npm_${s}`),
  ),
  same(
    'stripe-key',
    mixed(24).map((s) => `sk_live_${s}`),
  ),
  same(
    'slack-token',
    fc.tuple(fc.stringMatching(/^\d{10}$/), mixed(24)).map(([a, s]) => `xoxb-${a}-${s}`),
  ),
  same(
    'twilio-key',
    hex(32).map((s) => `SK${s}`),
  ),
  same(
    'sendgrid-key',
    fc.tuple(mixed(22), mixed(43)).map(([a, b]) => `SG.${a}.${b}`),
  ),
  same(
    'jwt',
    fc.tuple(mixed(20), mixed(30), mixed(43)).map(([a, b, c]) => `eyJ${a}.eyJ${b}.${c}`),
  ),
  plant(
    'url-query',
    mixed(20).map((s) => [`GET https://api.corp.io/v1/x?limit=5&access_token=${s}&y=1`, s]),
  ),
  plant(
    'url-userinfo',
    fc.tuple(word, mixed(14)).map(([u, p]) => [`git clone https://${u}:${p}@git.corp.io/r.git`, p]),
  ),
  plant(
    'mysql-p',
    mixed(14).map((s) => [`mysql -h db -u root -p${s} app`, s]),
  ),
  plant(
    'password-flag',
    mixed(14).map((s) => [`pg_dump --password ${s} app`, s]),
  ),
  plant(
    'password=',
    mixed(14).map((s) => [`connect failed (user=app password=${s} host=db)`, s]),
  ),
  plant(
    'passwd:',
    mixed(14).map((s) => [`passwd: ${s}`, s]),
  ),
  plant(
    'secret:',
    mixed(14).map((s) => [`client_secret: ${s}`, s]),
  ),
  plant(
    'cookie',
    mixed(20).map((s) => [`Cookie: theme=dark; sid=${s}`, `sid=${s}`]),
  ),
  plant(
    'set-cookie',
    mixed(20).map((s) => [`Set-Cookie: session=${s}; Path=/; HttpOnly`, `session=${s}`]),
  ),
  plant(
    'pem-key',
    b64(64).map((s) => [`-----BEGIN RSA PRIVATE KEY-----\n${s}\n-----END RSA PRIVATE KEY-----`, s]),
  ),
  plant(
    'openssh-key',
    b64(64).map((s) => [
      `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${s}\n-----END OPENSSH PRIVATE KEY-----`,
      s,
    ]),
  ),
  same(
    'email',
    fc.tuple(word, word).map(([a, b]) => `${a}.${b}@corp-${b}.io`),
  ),
  plant(
    'home-linux',
    word.map((u) => [`cat /home/u${u}/.aws/credentials`, `u${u}`]),
  ),
  plant(
    'home-macos',
    word.map((u) => [`open /Users/u${u}/Desktop`, `u${u}`]),
  ),
  plant(
    'home-windows',
    word.map((u) => [`type C:\\Users\\u${u}\\secrets.txt`, `u${u}`]),
  ),
];

/** Values the client's environment holds under innocuous names, and a custom header. */
const ENV_CLASSES = fc.record({
  DB_PASS: mixed(14),
  PAYMENTS_SK: mixed(24).map((s) => `sk_live_${s}`),
  OPAQUE_CFG: mixed(40),
  GATEWAY: mixed(24),
  PROXY_PW: mixed(12),
});

/**
 * The stand-in CLI: every stdin line carries one planted text; it is printed back in every kind of
 * stdout frame, as a raw (non-JSON) stdout line and on stderr; argv is printed back in a system
 * frame; and the environment is dumped in a tool result the way a Bash `env` would print it, with
 * base64 and URL-encoded copies of each value (and base64 of `user:password`).
 */
function standIn(dir: string): string {
  const path = join(dir, 'planted-cli.mjs');
  writeFileSync(
    path,
    `#!/usr/bin/env node
import { createInterface } from 'node:readline';
const out = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
out({ type: 'system', subtype: 'init', argv: process.argv.slice(2), session_id: 's' });
const env = Object.entries(process.env).map(([k, v]) => k + '=' + v).join('\\n');
const encoded = ['DB_PASS', 'PAYMENTS_SK', 'OPAQUE_CFG', 'HTTPS_PROXY', 'ANTHROPIC_CUSTOM_HEADERS']
  .map((k) => k + ' b64=' + Buffer.from(process.env[k] ?? '').toString('base64') + ' url=' + encodeURIComponent(process.env[k] ?? ''))
  .join('\\n');
const basic = 'Authorization header was ' + Buffer.from('proxyuser:' + process.env.PROXY_PW).toString('base64');
out({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_env', content: env + '\\n' + encoded + '\\n' + basic }] } });
createInterface({ input: process.stdin }).on('line', (line) => {
  const t = JSON.parse(line).message.content;
  out({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'you said ' + t }] }, session_id: 's' });
  out({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: t, description: t } }] } });
  out({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: t }] }] } });
  out({ type: 'control_request', request_id: 'r1', request: { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: t } } });
  out({ type: 'stream_event', event: { type: 'content_block_delta', delta: { type: 'text_delta', text: t } } });
  out({ type: 'system', subtype: 'status', note: t });
  out({ type: 'result', subtype: 'success', result: t, is_error: false });
  process.stdout.write('log: ' + JSON.stringify(t) + '\\n');
  process.stderr.write('debug: ' + JSON.stringify(t) + '\\n');
});
`,
    { mode: 0o755 },
  );
  return path;
}

/** Every form in which `secret` must not be on disk. */
const forms = (secret: string): string[] => [
  ...encodedForms(secret),
  JSON.stringify(secret).slice(1, -1),
  JSON.stringify(JSON.stringify(secret)).slice(1, -1),
];

describe('the planted-secret corpus through clide-record', () => {
  test.prop([fc.tuple(...CLASSES), ENV_CLASSES], { numRuns: 3, endOnFailure: true })(
    'every class in every place: nothing on disk in any encoding, and the fixture is kept',
    async (planted, envValues) => {
      const dir = temp('clide-planted-');
      const out = join(dir, 'session.jsonl');
      const input = planted
        .map((p) => JSON.stringify({ type: 'user', message: { role: 'user', content: p.text } }))
        .join('\n');
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        CLIDE_REAL_CLAUDE: standIn(dir),
        CLIDE_RECORD_OUT: out,
        DB_PASS: envValues.DB_PASS,
        PAYMENTS_SK: envValues.PAYMENTS_SK,
        OPAQUE_CFG: envValues.OPAQUE_CFG,
        PROXY_PW: envValues.PROXY_PW,
        HTTPS_PROXY: `http://proxyuser:${envValues.PROXY_PW}@proxy.corp.io:3128`,
        ANTHROPIC_CUSTOM_HEADERS: `X-Gateway-Token: ${envValues.GATEWAY}`,
      };
      const run = await execa(RECORDER, ['--append-system-prompt', ...planted.map((p) => p.text)], {
        input: `${input}\n`,
        reject: false,
        env,
        extendEnv: false,
      });
      expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
      expect(existsSync(recordingPath(out))).toBe(false);
      const onDisk = readFileSync(out, 'utf8');
      const secrets = [
        ...planted.flatMap((p) => p.secrets.map((s) => [p.cls, s] as const)),
        ...Object.entries(envValues).map(([k, v]) => [`env:${k}`, v] as const),
      ];
      for (const [cls, secret] of secrets) {
        for (const form of forms(secret)) expect(onDisk.includes(form), `${cls}: ${form}`).toBe(false);
      }
      const fixture = await readFixture(out);
      expect(fixture.complete).toBe(true);
      // 7 stdout frames and 1 raw line per planted text, plus the init frame and the env dump.
      expect(fixture.frames.filter((f) => f.dir === 'from-cli')).toHaveLength(planted.length * 8 + 2);
      expect(fixture.frames.filter((f) => f.dir === 'stderr')).toHaveLength(planted.length);
    },
    120_000,
  );
});
