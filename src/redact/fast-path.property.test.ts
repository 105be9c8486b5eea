import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ANY_PATTERN_PRETEST, SECRET_PATTERNS } from './patterns.js';
import { createRedactor, type RedactorOptions } from './redactor.js';

/**
 * The redactor's fast path skips the rules a text cannot match (each pattern's pre-test, one
 * combined pre-test for all of them): it must give byte for byte what running every rule over
 * every string gives (`fullRules`), with the same counts and the same secrets learnt, on text
 * with secrets of every shape planted in it.
 */

/** Pieces random text is made of: every pattern's own examples, keyword fragments, ids, paths, noise. */
const HOME = '/home/alice-dev';
const CWD = '/home/alice-dev/projects/shop';
const fragments = [
  ...SECRET_PATTERNS.flatMap((p) => [p.examples.positive, p.examples.negative, p.examples.secret]),
  ...SECRET_PATTERNS.map((p) => p.examples.positive.toUpperCase()),
  ...SECRET_PATTERNS.map((p) => p.examples.positive.toLowerCase()),
  'password',
  'Password: ',
  'secret=',
  '"api_key": "',
  'Bearer ',
  'basic ',
  'cookie=',
  'https://',
  '?token=',
  '&sig=',
  '--token ',
  'mysql -u root -p',
  '@',
  '.com',
  'sk-',
  'sk-ant-',
  'AKIA',
  'eyJ',
  'SG.',
  '8Q~',
  'AC',
  '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  '/home/',
  '/Users/',
  'C:\\Users\\',
  HOME,
  CWD,
  `${CWD}/src/app.ts`,
  '-home-alice-dev-projects-shop',
  'alice',
  'alice-laptop',
  'toolu_01AbCdEfGhIjKlMnOpQrStUv',
  'msg_01XyZ',
  '3f2b8c1e-9a7d-4e6f-8b5a-1c2d3e4f5a6b',
  'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA',
  'ENVSECRETVALUE_9x8y7z',
  'RW5WU0VDUkVUVkFMVUVfOXg4eTd6',
  '\\"',
  '\\n',
  '\n',
  '\t',
  ' ',
  '=',
  ':',
  '"',
  "'",
  '/',
  '\\',
  '$HOME',
  '[redacted:x#1]',
];
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...fragments) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9+/=_.~-]{1,40}$/) },
);
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

describe('each pattern’s pre-test matches wherever the pattern does', () => {
  test.prop([text], { numRuns: 3000 })('on random text with every shape planted', (t) => {
    for (const pattern of SECRET_PATTERNS) {
      pattern.regex.lastIndex = 0;
      const matches = pattern.regex.test(t);
      pattern.regex.lastIndex = 0;
      if (matches) {
        expect(pattern.pretest.test(t), `${pattern.name} on ${JSON.stringify(t)}`).toBe(true);
        expect(ANY_PATTERN_PRETEST.test(t), `combined, ${pattern.name} on ${JSON.stringify(t)}`).toBe(true);
      }
    }
  });

  test.prop([fc.constantFrom(...SECRET_PATTERNS)])('on its own positive example', (pattern) => {
    expect(pattern.pretest.test(pattern.examples.positive)).toBe(true);
  });
});

const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(text, fc.constantFrom('session_id', 'uuid', 'id', 'type', 'password')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).value;

const options = fc.record({
  userRules: fc.boolean(),
  env: fc.boolean(),
});

function pair(o: { userRules: boolean; env: boolean }) {
  const base: RedactorOptions = {
    env: o.env ? { MY_SERVICE_TOKEN: 'ENVSECRETVALUE_9x8y7z', OTHER: 'plainish-Value-42x', HOME } : { HOME },
    home: HOME,
    cwd: CWD,
    user: 'alice',
    hostname: 'alice-laptop',
    tmpdir: '',
    ...(o.userRules
      ? {
          rules: [
            { name: 'tickets', pattern: 'ACME-(\\d+)', replacement: 'ACME-0000' },
            { name: 'start', pattern: '^pass', replacement: 'PASS' },
            { name: 'codename', pattern: 'shop', replacement: 'store', secret: true },
          ],
        }
      : {}),
  };
  return [createRedactor(base), createRedactor({ ...base, fullRules: true })] as const;
}

/** The JSON text of `value`, with some letters of its strings and its slashes written as JSON escapes. */
function jsonText(value: unknown, escapes: boolean): string {
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    // `s`, `k` and `/` are never part of an escape JSON.stringify writes.
    return escapes
      ? text.replace(/[sk]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`).replaceAll('/', '\\/')
      : text;
  }
  if (Array.isArray(value)) return `[${value.map((v) => jsonText(v, escapes)).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${jsonText(k, escapes)}:${jsonText(v, escapes)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Ids in odd shapes next to pattern keywords: normalised ids must not open a way around the pre-test. */
const idHeavy = fc
  .tuple(
    fc.constantFrom(
      'a_b.cdefgh',
      'k3j4h5g6f7',
      'AC-01234567',
      '3f2b8c1e-9a7d-4e6f-8b5a-1c2d3e4f5a6b',
      'toolu_01AbCdEfGh',
    ),
    fc.constantFrom('x@', 'SK', 'AC', 'ya', '/home/', 'password=', 'sk-ant-', ''),
    fc.constantFrom('.io', '.com.', 'Q~', '', ' done', '/x'),
  )
  .map(([id, before, after]) => ({
    type: 'assistant',
    session_id: id,
    message: { id, type: 'message', content: [{ type: 'text', text: `${before}${id}${after}` }] },
  }));

describe('the fast path redacts exactly as every rule over every string', () => {
  test.prop([options, fc.array(fc.oneof(json, idHeavy), { minLength: 1, maxLength: 8 }), fc.boolean()], {
    numRuns: 400,
  })('messages with the JSON text they were parsed from (escaped or not)', (o, inputs, escapes) => {
    const [fast, full] = pair(o);
    for (const input of inputs) {
      const source = jsonText(input, escapes);
      const message = JSON.parse(source) as unknown;
      expect(JSON.stringify(fast.redact(message, source))).toBe(JSON.stringify(full.redact(message)));
    }
    expect(fast.rulesApplied()).toEqual(full.rulesApplied());
    expect(fast.secretsSeen()).toEqual(full.secretsSeen());
  });

  test.prop([options, fc.array(fc.oneof(json, text), { minLength: 1, maxLength: 8 })], { numRuns: 400 })(
    'messages and raw text, in sequence (the redactors learn as they go)',
    (o, inputs) => {
      const [fast, full] = pair(o);
      for (const input of inputs) {
        if (typeof input === 'string') expect(fast.redactText(input)).toBe(full.redactText(input));
        else expect(JSON.stringify(fast.redact(input))).toBe(JSON.stringify(full.redact(input)));
      }
      expect(fast.rulesApplied()).toEqual(full.rulesApplied());
      expect(fast.secretsSeen()).toEqual(full.secretsSeen());
      expect(fast.ids?.entries()).toEqual(full.ids?.entries());
    },
  );
});
