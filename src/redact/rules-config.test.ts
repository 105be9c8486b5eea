import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_ENV, headerEnv } from './header-env.js';
import { mapAtPath, parseJsonPath } from './json-path.js';
import { createRedactor } from './redactor.js';
import { envSecrets, looksSecretName } from './secret-env.js';
import { loadRedactionRules } from './user-rules.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clide-redact-rules-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('loadRedactionRules', () => {
  const file = (content: string): string => {
    const path = join(dir, 'rules.json');
    writeFileSync(path, content);
    return path;
  };

  it('loads valid rules that a redactor then applies', () => {
    const path = file(
      JSON.stringify({ rules: [{ name: 'codename', pattern: 'Project Falcon', replacement: 'Project X' }] }),
    );
    const rules = loadRedactionRules(path);
    expect(
      createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '', rules }).redactText(
        'Project Falcon ships',
      ),
    ).toBe('Project X ships');
  });

  it.each([
    ['not JSON', '{rules:', 'parse', /not valid JSON/, (p: string) => p],
    ['no rules array', '{"rule": []}', 'usage', /"rules" is missing/, (p: string) => `${p} rules`],
    [
      'an unknown top-level key',
      '{"rules": [], "rulez": 1}',
      'usage',
      /unknown key\(s\) "rulez"/,
      (p: string) => `${p} (top level)`,
    ],
    [
      'a rule without replacement',
      '{"rules":[{"name":"a","pattern":"x"}]}',
      'usage',
      /"replacement" is missing/,
      (p: string) => `${p} rules[0].replacement`,
    ],
    [
      'a rule with a bad regex',
      '{"rules":[{"name":"ok","pattern":"x","replacement":""},{"name":"b","pattern":"[","replacement":""}]}',
      'usage',
      /rule "b": bad "pattern"/,
      (p: string) => `${p} rules[1].pattern`,
    ],
  ])('rejects %s, naming the file and the field', (_, content, code, message, where) => {
    const path = file(content);
    expect(() => loadRedactionRules(path)).toThrow(
      expect.objectContaining({ code, message: expect.stringMatching(message), where: where(path) }),
    );
  });

  it('reports a missing file as an io error', () => {
    expect(() => loadRedactionRules(join(dir, 'nope.json'))).toThrow(expect.objectContaining({ code: 'io' }));
  });
});

describe('JSON path subset', () => {
  it.each([
    ['$', []],
    [
      '$.a.b',
      [
        { type: 'key', name: 'a' },
        { type: 'key', name: 'b' },
      ],
    ],
    [
      '$.content[*].text',
      [{ type: 'key', name: 'content' }, { type: 'wildcard' }, { type: 'key', name: 'text' }],
    ],
    [
      '$["x-api-key"][2]',
      [
        { type: 'key', name: 'x-api-key' },
        { type: 'index', index: 2 },
      ],
    ],
    ["$['a\\'b'].*", [{ type: 'key', name: "a'b" }, { type: 'wildcard' }]],
    ['$..email', [{ type: 'descend' }, { type: 'key', name: 'email' }]],
  ])('parses %s', (path, segments) => {
    expect(parseJsonPath(path)).toEqual(segments);
  });

  it.each(['a.b', '$.', '$[x]', '$["a]', '$..'])('rejects %s', (path) => {
    expect(() => parseJsonPath(path)).toThrow();
  });

  it('maps only the nodes a path reaches, at any depth with ..', () => {
    const value = { a: { email: 'x', b: [{ email: 'y' }] }, email: 'z', other: 'w' };
    expect(mapAtPath(value, parseJsonPath('$..email'), () => 'E')).toEqual({
      a: { email: 'E', b: [{ email: 'E' }] },
      email: 'E',
      other: 'w',
    });
    expect(mapAtPath(value, parseJsonPath('$.a.b[0].email'), () => 'E')).toEqual({
      ...value,
      a: { ...value.a, b: [{ email: 'E' }] },
    });
    expect(mapAtPath(value, parseJsonPath('$.missing[3]'), () => 'E')).toEqual(value);
  });
});

describe('secret-looking environment names', () => {
  it.each([
    'ANTHROPIC_API_KEY',
    'CLAUDE_CODE_OAUTH_TOKEN',
    'ANTHROPIC_AUTH_TOKEN',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'GITHUB_TOKEN',
    'DB_PASSWORD',
    'MYSQL_ROOT_PASSWORD_FILE',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'NPM_CONFIG__AUTH',
    'AUTH_HEADER',
    'CLIENT_SECRET',
    'SSH_PASSPHRASE',
  ])('%s looks secret', (name) => {
    expect(looksSecretName(name)).toBe(true);
  });

  it.each([
    'PATH',
    'HOME',
    'PWD',
    'OLDPWD',
    'SSH_AUTH_SOCK',
    'TOKENIZERS_PARALLELISM',
    'MONKEY',
    'KEYBOARD',
    'ANTHROPIC_BASE_URL',
  ])('%s does not', (name) => {
    expect(looksSecretName(name)).toBe(false);
  });

  it('keeps only usable values', () => {
    expect(
      envSecrets({ A_TOKEN: 'tok-123456', B_TOKEN: '12', C_KEY: undefined, D_KEY: 'false', PATH: '/bin' }),
    ).toEqual({
      secrets: [{ name: 'A_TOKEN', value: 'tok-123456' }],
      skipped: ['B_TOKEN', 'D_KEY'],
    });
  });
});

describe('headerEnv', () => {
  it('keeps allow-listed variables, hiding secret values and redacting the rest', () => {
    const r = createRedactor({ env: {}, home: '/home/zoe', cwd: '', user: '', hostname: '', ids: false });
    const env = {
      ANTHROPIC_API_KEY: 'sk-ant-xyz-123456',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:5',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      HOME: '/home/zoe',
      PATH: '/usr/bin',
    };
    expect(headerEnv(env, r)).toEqual({
      ANTHROPIC_API_KEY: '[redacted:env:ANTHROPIC_API_KEY]',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:5',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      HOME: '$HOME',
    });
    expect(DEFAULT_HEADER_ENV).toContain('CLAUDE_CODE_*');
  });
});
