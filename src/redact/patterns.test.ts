import { describe, expect, it } from 'vitest';
import { findSecrets, SECRET_PATTERNS } from './patterns.js';
import { createRedactor } from './redactor.js';

const make = () => createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '', ids: false });

describe('the rules table: every rule redacts its positive example and leaves its negative one alone', () => {
  it('has the credential shapes the kit promises', () => {
    expect(SECRET_PATTERNS.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'private-key',
        'anthropic-key',
        'openai-key',
        'google-api-key',
        'aws-access-key-id',
        'aws-secret-access-key',
        'azure-key',
        'github-token',
        'gitlab-token',
        'npm-token',
        'stripe-key',
        'slack-token',
        'twilio-key',
        'sendgrid-key',
        'jwt',
        'url-credentials',
        'url-query-credential',
        'password-argument',
        'password-assignment',
        'cookie-header',
        'email',
        'home-dir',
      ]),
    );
  });

  describe.each(SECRET_PATTERNS.map((p) => [p.name, p] as const))('%s', (name, pattern) => {
    it('positive: the secret is gone, replaced by this rule', () => {
      const r = make();
      const out = r.redactText(pattern.examples.positive);
      expect(pattern.examples.positive).toContain(pattern.examples.secret);
      expect(out).not.toContain(pattern.examples.secret);
      expect(r.rulesApplied().find((c) => c.name === name)?.count).toBeGreaterThan(0);
      expect(findSecrets(pattern.examples.positive).some((f) => f.pattern === name)).toBe(true);
    });

    it('positive: also inside a JSON message, and redacting again changes nothing', () => {
      const r = make();
      const out = r.redact({ text: pattern.examples.positive }) as { text: string };
      expect(out.text).not.toContain(pattern.examples.secret);
      expect(r.redactText(out.text)).toBe(out.text);
    });

    it('negative: the look-alike is left alone', () => {
      const r = make();
      expect(r.redactText(pattern.examples.negative)).toBe(pattern.examples.negative);
      expect(findSecrets(pattern.examples.negative).filter((f) => f.pattern === name)).toEqual([]);
    });
  });
});

describe('more shapes of the same rules', () => {
  it.each([
    ['a GitHub OAuth token', `gho_${'Zq8xT2mW9v'.repeat(4)}`, `gho_${'Zq8xT2mW9v'.repeat(4)}`],
    ['a GitHub refresh token', `ghr_${'Zq8xT2mW9v'.repeat(4)}`, `ghr_${'Zq8xT2mW9v'.repeat(4)}`],
    ['a GitHub user token', `ghu_${'Zq8xT2mW9v'.repeat(4)}`, `ghu_${'Zq8xT2mW9v'.repeat(4)}`],
    ['a GitLab deploy token', 'gldt-Zq8xT2mW9vR4kL7pN3sB', 'gldt-Zq8xT2mW9vR4kL7pN3sB'],
    ['a Stripe restricted key', 'rk_test_Zq8xT2mW9vR4kL7pN3sB', 'rk_test_Zq8xT2mW9vR4kL7pN3sB'],
    [
      'an OpenAI service-account key',
      `sk-svcacct-${'Zq8xT2mW9v'.repeat(3)}`,
      `sk-svcacct-${'Zq8xT2mW9v'.repeat(3)}`,
    ],
    ['a Google OAuth token', `ya29.${'Zq8xT2mW9v'.repeat(3)}`, `ya29.${'Zq8xT2mW9v'.repeat(3)}`],
    ['a --password argument', 'pg_dump --password Hunter2Hunter2 db', 'Hunter2Hunter2'],
    ['a passwd: assignment', 'passwd: Hunter2Hunter2', 'Hunter2Hunter2'],
    ['a secret: assignment in YAML', 'client_secret: "Zq8xT2mW9vR4"', 'Zq8xT2mW9vR4'],
    ['a PGPASSWORD assignment', 'PGPASSWORD=Hunter2Hunter2 psql', 'Hunter2Hunter2'],
    ['a Cookie header', 'Cookie: a=1; session=Zq8xT2mW9vR4kL7p', 'session=Zq8xT2mW9vR4kL7p'],
    ['an api_key in a query', 'https://x.io/v1?api_key=Zq8xT2mW9vR4', 'Zq8xT2mW9vR4'],
    ['a macOS home', 'open /Users/carol.w/Desktop', 'carol.w'],
    ['a Windows home, JSON-escaped', 'C:\\\\Users\\\\dave\\\\x', 'dave'],
    [
      'an Entra ID client secret',
      'AbC8Q~Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA',
      'AbC8Q~Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA',
    ],
  ])('redacts %s', (_, text, secret) => {
    expect(make().redactText(text)).not.toContain(secret);
  });
});
