import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createFixtureWriter, type Direction, readFixture } from '../fixture/index.js';
import { finalizeFixture } from './finalize.js';
import { headerEnv } from './header-env.js';
import { isAllowedEmail } from './patterns.js';
import { createRedactor } from './redactor.js';

/**
 * The promise of redaction, as a property: secrets planted anywhere — model text, tool inputs,
 * tool results, nested objects and keys, raw stdout/stderr lines, invalid-UTF-8 lines, argv, env —
 * and inside larger strings, never survive on disk, while the fixture still loads and passes the
 * leak scan (so the scan does not cry wolf on random data either).
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-redaction-property-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Real secrets mix character classes; all-zero strings would collide with id placeholders. */
const mixed = (min: number, max: number) =>
  fc
    .stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`))
    .filter((s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s));

/** A planted secret: the text put into a message, and the needle that must not be on disk. */
interface Secret {
  kind: string;
  planted: string;
  needle: string;
}

const anthropicKey = fc.tuple(fc.constantFrom('api03', 'oat01', 'ort01', 'admin01'), mixed(20, 60)).map(
  ([k, body]): Secret => ({
    kind: 'anthropic-key',
    planted: `sk-ant-${k}-${body}`,
    needle: `sk-ant-${k}-${body}`,
  }),
);
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9._+-]{0,12}[a-z0-9]$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/),
    fc.constantFrom('com', 'io', 'dev', 'co.uk', 'org', 'net'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
  .filter((e) => !isAllowedEmail(e))
  .map((e): Secret => ({ kind: 'email', planted: e, needle: e }));
const bearer = fc
  .tuple(mixed(12, 40), fc.constantFrom('Bearer ', 'bearer  ', 'Authorization: Bearer ', 'authorization: '))
  .map(([token, lead]): Secret => ({ kind: 'bearer', planted: `${lead}${token}`, needle: token }));

const scenario = fc.record({
  homeName: fc.stringMatching(/^[a-z]{3,10}$/),
  homeRoot: fc.constantFrom('/home/', '/Users/', '/tmp/clide-home-'),
  envName: fc.constantFrom(
    'MY_API_KEY',
    'SERVICE_TOKEN',
    'DB_PASSWORD',
    'AWS_SECRET_ACCESS_KEY',
    'GH_CREDENTIALS',
  ),
  envValue: mixed(10, 30),
});

/** Plants `text` at a pseudo-random place of `value` (chosen by `path`): in a string, as a key, as an item. */
function plant(value: unknown, path: readonly number[], text: string, asKey: boolean): unknown {
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    if (value.length === 0 || step === undefined) return [...value, text];
    const i = step % value.length;
    return value.map((item, n) => (n === i ? plant(item, rest, text, asKey) : item));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0 || step === undefined)
      return { ...value, [asKey ? text : `k${path.length}`]: asKey ? 1 : text };
    const i = step % entries.length;
    return Object.fromEntries(
      entries.map(([k, v], n) => (n === i ? [k, plant(v, rest, text, asKey)] : [k, v])),
    );
  }
  if (typeof value === 'string') return `${value}${text}`;
  return text;
}

type Placement =
  | 'assistant-text'
  | 'tool-use-input'
  | 'tool-result'
  | 'permission-request'
  | 'client-line'
  | 'nested'
  | 'raw-stdout'
  | 'stderr'
  | 'binary-line';

const placement = fc.record({
  where: fc.constantFrom<Placement>(
    'assistant-text',
    'tool-use-input',
    'tool-result',
    'permission-request',
    'client-line',
    'nested',
    'raw-stdout',
    'stderr',
    'binary-line',
  ),
  prefix: fc.oneof(fc.string({ maxLength: 6 }), fc.string({ maxLength: 4, unit: 'grapheme' })),
  suffix: fc.oneof(fc.string({ maxLength: 6 }), fc.string({ maxLength: 4, unit: 'grapheme' })),
  noise: fc.jsonValue({ maxDepth: 2 }),
  path: fc.array(fc.nat(), { maxLength: 3 }),
  asKey: fc.boolean(),
});

type Write = { dir: Direction; msg: unknown } | { dir: Direction; line: string | Uint8Array };

type PlacementValue = typeof placement extends fc.Arbitrary<infer T> ? T : never;

function frameFor(p: PlacementValue, secretText: string): Write {
  const text = `${p.prefix}${secretText}${p.suffix}`;
  const session = { session_id: '6c0b6a0e-6a53-4b64-9d0c-44b1c7c1d1a2' };
  switch (p.where) {
    case 'assistant-text':
      return {
        dir: 'from-cli',
        msg: {
          type: 'assistant',
          message: { id: 'msg_01AbC', content: [{ type: 'text', text }] },
          ...session,
        },
      };
    case 'tool-use-input':
      return {
        dir: 'from-cli',
        msg: {
          type: 'assistant',
          message: {
            content: [
              {
                type: 'tool_use',
                id: 'toolu_01XyZ',
                name: 'Bash',
                input: plant(p.noise, p.path, text, p.asKey),
              },
            ],
          },
          ...session,
        },
      };
    case 'tool-result':
      return {
        dir: 'from-cli',
        msg: {
          type: 'user',
          message: { content: [{ type: 'tool_result', tool_use_id: 'toolu_01XyZ', content: text }] },
        },
      };
    case 'permission-request':
      return {
        dir: 'from-cli',
        msg: {
          type: 'control_request',
          request_id: 'b1f0c5d2-3a4e-4f60-8a7b-9c0d1e2f3a4b',
          request: {
            subtype: 'can_use_tool',
            tool_name: 'Write',
            input: plant(p.noise, p.path, text, p.asKey),
          },
        },
      };
    case 'client-line':
      return {
        dir: 'to-cli',
        line: JSON.stringify({
          type: 'user',
          message: { role: 'user', content: plant(p.noise, p.path, text, p.asKey) },
        }),
      };
    case 'nested':
      return {
        dir: 'to-cli',
        msg: plant({ a: [{ b: p.noise }], c: p.noise }, [0, 0, ...p.path], text, p.asKey),
      };
    case 'raw-stdout':
      return { dir: 'from-cli', line: `LOG ${text}` };
    case 'stderr':
      return { dir: 'stderr', line: text };
    case 'binary-line':
      // Invalid UTF-8 around an ASCII secret (the surrounding text may be anything).
      return {
        dir: 'from-cli',
        line: Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(` ${secretText} `, 'latin1'),
          Buffer.from([0xc3]),
        ]),
      };
  }
}

/** Every string of the file's records, JSON-unescaped (keys too). */
function unescapedStrings(fileText: string): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object')
      for (const [k, c] of Object.entries(v)) {
        out.push(k);
        visit(c);
      }
  };
  for (const line of fileText.split('\n').filter(Boolean)) {
    const record = JSON.parse(line) as { rawBase64?: string };
    visit(record);
    if (record.rawBase64) out.push(Buffer.from(record.rawBase64, 'base64').toString('latin1'));
  }
  return out;
}

let run = 0;

describe('redaction property', () => {
  test.prop(
    [
      scenario,
      fc.array(
        fc.tuple(
          fc.oneof(
            anthropicKey,
            email,
            bearer,
            fc.constant<'home'>('home'),
            fc.constant<'cwd'>('cwd'),
            fc.constant<'env'>('env'),
          ),
          placement,
        ),
        { minLength: 1, maxLength: 6 },
      ),
    ],
    { numRuns: Number(process.env.CLIDE_PROPERTY_RUNS ?? 80) },
  )(
    'no planted secret survives on disk, and the fixture still loads and passes the leak scan',
    async (s, plants) => {
      const home = `${s.homeRoot}${s.homeName}`;
      const cwd = `${home}/work/proj`;
      const env = {
        [s.envName]: s.envValue,
        PATH: '/usr/bin',
        HOME: home,
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
      };
      const redactor = createRedactor({ env, home, cwd, user: '', hostname: '' });
      const secrets: Secret[] = plants.map(([secret, where], i) => {
        if (secret === 'home') return { kind: 'home', planted: `${home}/notes-${i}.txt`, needle: home };
        if (secret === 'cwd') return { kind: 'cwd', planted: `${cwd}/src/f${i}.ts`, needle: cwd };
        if (secret === 'env') return { kind: 'env', planted: s.envValue, needle: s.envValue };
        // A binary line keeps an email/key/bearer as ASCII bytes; a home path too.
        void where;
        return secret;
      });

      run += 1;
      const temp = join(dir, `run-${run}.jsonl.recording`);
      const final = join(dir, `run-${run}.jsonl`);
      const writer = createFixtureWriter(
        temp,
        {
          argv: ['-p', '--append-system-prompt', secrets[0]!.planted],
          env: headerEnv(env, redactor),
          cliVersion: '2.1.150',
        },
        { transform: redactor },
      );
      plants.forEach(([, where], i) => {
        const w = frameFor(where, secrets[i]!.planted);
        if ('msg' in w) writer.frame(w.dir, { msg: w.msg });
        else writer.line(w.dir, w.line);
      });
      writer.close({ complete: true, exitCode: 0, reason: `done in ${cwd}` });

      const bytes = readFileSync(temp);
      const fileText = bytes.toString('utf8');
      const strings = unescapedStrings(fileText);
      for (const secret of secrets) {
        const escaped = JSON.stringify(secret.needle).slice(1, -1);
        expect(bytes.includes(Buffer.from(secret.needle)), `${secret.kind} in the file bytes`).toBe(false);
        expect(fileText.includes(escaped), `${secret.kind} JSON-escaped in the file`).toBe(false);
        expect(
          strings.some((x) => x.includes(secret.needle)),
          `${secret.kind} in an unescaped string`,
        ).toBe(false);
      }

      await finalizeFixture(temp, final, redactor);
      const fixture = await readFixture(final);
      expect(fixture.complete).toBe(true);
      expect(fixture.frames).toHaveLength(plants.length);
      rmSync(final);
    },
  );
});
