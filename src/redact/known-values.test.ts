import { describe, expect, it } from 'vitest';
import { base64Forms, encodedForms, percentForms } from './encodings.js';
import { findHighEntropy, isHighEntropyToken } from './entropy.js';
import { createRedactor } from './redactor.js';
import { customHeaders, isCommonValue, knownEnvValues } from './secret-env.js';

const OPAQUE = 'Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8DqW2e';
const make = (env: Record<string, string>) =>
  createRedactor({ env, home: '', cwd: '', user: '', hostname: '', ids: false });

describe('known values of the environment', () => {
  it.each([
    ['true'],
    ['12345678'],
    ['1.2.3-beta.4'],
    ['/usr/local/bin:/usr/bin'],
    ['C:\\Program Files\\node'],
    ['http://127.0.0.1:40123'],
    ['https://api.anthropic.com/v1'],
    ['en_US.UTF-8'],
    ['claude-sonnet-4-5-20250929'],
    ['production'],
    ['xterm-256color'],
    ['Europe/Paris'],
  ])('%s is a common value, not a secret', (value) => {
    expect(isCommonValue(value)).toBe(true);
  });

  it.each([
    [OPAQUE],
    ['hunter2hunter2'],
    ['wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKQ'],
    ['https://hooks.example.net/services/T0AB12CD34XYZ99/B0XYZ/abcDEF123456ghiJKL'],
    ['http://bob:s3cretpw@proxy:8080'],
    ['https://x.io/?token=abc'],
  ])('%s could be a credential', (value) => {
    expect(isCommonValue(value)).toBe(false);
  });

  it('knows every value that could be a credential, whatever the name, and the headers the CLI sends', () => {
    const { values } = knownEnvValues({
      DB_PASS: 'hunter2hunter2',
      OPAQUE_CFG: OPAQUE,
      PATH: '/usr/bin:/bin',
      NODE_ENV: 'production',
      SHORT: 'a1B2c3',
      HTTPS_PROXY: 'http://bob:s3cretpw@proxy:8080',
      ANTHROPIC_CUSTOM_HEADERS: 'X-Api-Key: Bearer abcdef123456\nX-Org: org-12345',
      CLIDE_RECORD_OUT: 'out/Zq8xT2mW9vR4kL7pN3sB.jsonl',
    });
    expect(values.map((v) => [v.kind, v.rule, v.value])).toEqual([
      ['header:ANTHROPIC_CUSTOM_HEADERS:X-Api-Key', 'header-value', 'Bearer abcdef123456'],
      ['header:ANTHROPIC_CUSTOM_HEADERS:X-Api-Key', 'header-value', 'abcdef123456'],
      ['header:ANTHROPIC_CUSTOM_HEADERS:X-Org', 'header-value', 'org-12345'],
      ['env:ANTHROPIC_CUSTOM_HEADERS', 'header-value', 'X-Api-Key: Bearer abcdef123456\nX-Org: org-12345'],
      ['env:DB_PASS', 'env-value', 'hunter2hunter2'],
      ['env:HTTPS_PROXY(userinfo)', 'env-value', 'bob:s3cretpw'],
      ['env:HTTPS_PROXY(userinfo)', 'env-value', 's3cretpw'],
      ['env:HTTPS_PROXY', 'env-value', 'http://bob:s3cretpw@proxy:8080'],
      ['env:OPAQUE_CFG', 'env-value', OPAQUE],
    ]);
    expect(customHeaders('A: 1\nbad line\nB:  two ')).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'two' },
    ]);
  });

  it('redacts a known value raw, JSON-escaped, base64 (any alignment, both alphabets) and URL-encoded', () => {
    const secret = 'p@ss/w0rd+Zq8x"T2mW';
    const r = make({ DB_PASS: secret });
    const texts = [
      `env: DB_PASS=${secret}`,
      JSON.stringify({ out: `DB_PASS=${secret}` }),
      Buffer.from(secret).toString('base64'),
      Buffer.from(`admin:${secret}`).toString('base64'),
      Buffer.from(`ab:${secret}!`).toString('base64url'),
      `https://x.io/?q=${encodeURIComponent(secret)}`,
      `q=${encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`,
    ];
    for (const text of texts) {
      const out = r.redactText(text);
      expect(out, text).toContain('[redacted:env:DB_PASS]');
      for (const form of encodedForms(secret)) expect(out, text).not.toContain(form);
    }
  });

  it('redacts the values of ANTHROPIC_CUSTOM_HEADERS', () => {
    const r = make({ ANTHROPIC_CUSTOM_HEADERS: 'X-Gateway-Token: gw-Zq8xT2mW9vR4' });
    expect(r.redactText('sent X-Gateway-Token: gw-Zq8xT2mW9vR4')).toBe(
      'sent X-Gateway-Token: [redacted:header:X-Gateway-Token]',
    );
  });

  it('does not replace common values', () => {
    const r = make({ NODE_ENV: 'production', LANG: 'en_US.UTF-8', BASE: 'http://127.0.0.1:40123' });
    const text = 'production en_US.UTF-8 http://127.0.0.1:40123';
    expect(r.redactText(text)).toBe(text);
  });

  it('encodes as programs do', () => {
    expect(percentForms('a b/c')).toEqual(expect.arrayContaining(['a%20b%2Fc', 'a+b%2Fc', 'a%20b%2fc']));
    expect(base64Forms('12345678')).toContain('MTIzNDU2Nzg=');
    const embedded = Buffer.from(`x:12345678`).toString('base64');
    expect(base64Forms('12345678').some((f) => embedded.includes(f))).toBe(true);
  });
});

describe('the entropy detector', () => {
  it.each([
    [OPAQUE],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['kL7pN3sB6yH1cF5dG0jA9e8D'],
  ])('flags %s', (token) => {
    expect(isHighEntropyToken(token)).toBe(true);
    expect(findHighEntropy(`value: ${token} end`)).toEqual([token]);
  });

  it.each([
    ['00000000-0000-4000-8000-000000000001'],
    ['6c0b6a0e6a534b649d0c44b1c7c1d1a2e4f5a6b7'],
    ['toolu_01AbCdEf23GhIjKl45MnOpQr'],
    ['/tmp/clide-sandbox-S9eI5y/cc-socks/31110.sock'],
    ['ToolPermissionContextVersion2'],
    ['claude-sonnet-4-5-20250929'],
    ['com.example.Service2Factory'],
  ])('leaves protocol data alone: %s', (token) => {
    expect(findHighEntropy(`value: ${token} end`)).toEqual([]);
  });
});
