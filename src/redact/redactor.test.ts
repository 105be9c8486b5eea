import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdPlaceholders, isHashedPlaceholder, MAX_NUMBERED_IDS } from '../protocol/ids.js';
import { createRedactor, type RedactorOptions } from './redactor.js';

/** A redactor that knows nothing about this machine unless told (tests must not depend on the host). */
const make = (options: RedactorOptions = {}) =>
  createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '', ids: false, ...options });

const KEY = 'sk-ant-api03-AbCdEf0123456789_-ZyXwVuT9876543210-QQ';
const OAUTH = 'sk-ant-oat01-q1w2e3r4t5y6u7i8o9p0-AAAA';

describe('built-in secret patterns', () => {
  it.each([
    ['an Anthropic API key', `use ${KEY} now`, `use [redacted:anthropic-key#1] now`],
    ['an Anthropic OAuth token inside a word', `x${OAUTH}y`, `x[redacted:anthropic-key#1]`],
    [
      'an Authorization header value, keeping the scheme',
      'Authorization: Bearer abcdefgh12345',
      'Authorization: Bearer [redacted:authorization-header#1]',
    ],
    [
      'an x-api-key header in JSON text',
      '{"x-api-key": "k3y-value-1"}',
      '{"x-api-key": "[redacted:authorization-header#1]"}',
    ],
    [
      'a bearer token in prose',
      'sent Bearer eyJhbGciOi.J9.abc123 ok',
      'sent Bearer [redacted:bearer-token#1] ok',
    ],
    ['basic credentials', 'Basic dXNlcjpwYXNz', 'Basic [redacted:basic-credentials#1]'],
    ['URL credentials', 'https://bob:hunter22@git.corp.net/x', 'https://REDACTED@git.corp.net/x'],
    ['an AWS access key id', 'id=AKIAIOSFODNN7EXAMPLE;', 'id=[redacted:aws-access-key-id#1];'],
    [
      'an AWS secret access key assignment',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws_secret_access_key = [redacted:aws-secret-access-key#1]',
    ],
    ['a GitHub token', `t=ghp_${'a1'.repeat(18)}`, 't=[redacted:github-token#1]'],
    ['a fine-grained GitHub token', `github_pat_${'B2'.repeat(15)}`, '[redacted:github-token#1]'],
    ['a Slack token', 'xoxb-1234567890-abcdefghij', '[redacted:slack-token#1]'],
    [
      'a private key block',
      'k:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAKC\n-----END RSA PRIVATE KEY-----\ndone',
      'k:\n[redacted:private-key#1]\ndone',
    ],
    ['a private key cut short', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNz', '[redacted:private-key#1]'],
    ['an email', 'mail Alice.Smith+x@corp.example.io.', 'mail email-1@redacted.invalid.'],
  ])('redacts %s', (_, input, expected) => {
    expect(make().redactText(input)).toBe(expected);
  });

  it.each([
    ['prose about bearer auth', 'use Bearer authentication here'],
    ['prose about basic auth', 'Basic auth is weak'],
    ['public placeholder emails', 'noreply@anthropic.com, dev@example.com, a@b.invalid, git@github.com:o/r'],
    ['package specs', '@anthropic-ai/claude-code@2.1.150 lodash@4.17.21'],
    ['an authorization header naming a variable', 'Authorization: Bearer $TOKEN'],
  ])('leaves %s alone', (_, input) => {
    expect(make().redactText(input)).toBe(input);
  });

  it('gives the same secret the same placeholder and different secrets different ones', () => {
    const r = make();
    const other = KEY.replace('AbCd', 'WxYz');
    expect(r.redactText(`${KEY} ${other} ${KEY}`)).toBe(
      '[redacted:anthropic-key#1] [redacted:anthropic-key#2] [redacted:anthropic-key#1]',
    );
    expect(r.redact({ a: KEY })).toEqual({ a: '[redacted:anthropic-key#1]' });
  });

  it('is idempotent: redacting redacted text changes nothing', () => {
    const r = make({ home: '/home/alice', user: 'alice' });
    const once = r.redactText(`${KEY} alice@corp.io /home/alice/x alice Authorization: Bearer abcdefgh12345`);
    expect(r.redactText(once)).toBe(once);
  });
});

describe('large inputs', () => {
  it('redacts a megabyte-long key-like run (too long to hunt as a literal) without failing', () => {
    const r = make();
    expect(r.redactText('sk-ant-'.repeat(150_000))).toBe('[redacted:anthropic-key#1]');
    expect(r.secretsSeen()).toEqual([]);
  });

  it('keeps replacing every learnt literal when there are thousands of them', () => {
    const r = make();
    const tokens = Array.from({ length: 3000 }, (_, i) => `Tok${i}x${'9'.repeat(12)}`);
    r.redactText(tokens.map((t) => `Bearer ${t}`).join(' '));
    const bare = r.redactText(tokens.join(' '));
    expect(tokens.some((t) => bare.includes(t))).toBe(false);
    expect(r.secretsSeen()).toHaveLength(3000);
  });
});

describe('environment secrets', () => {
  it('redacts the values of secret-looking names anywhere, even inside larger strings and keys', () => {
    const r = make({ env: { MY_SERVICE_TOKEN: 'Zq9-rT5-vW2', PATH: '/usr/bin', HOME_DIR: '/x' } });
    expect(r.redact({ text: 'abcZq9-rT5-vW2def', 'Zq9-rT5-vW2': 1, path: '/usr/bin' })).toEqual({
      text: 'abc[redacted:env:MY_SERVICE_TOKEN]def',
      '[redacted:env:MY_SERVICE_TOKEN]': 1,
      path: '/usr/bin',
    });
  });

  it('learns them as secrets for the leak scan, by name', () => {
    const r = make({ env: { DB_PASSWORD: 'pa55word!', OTHER: 'x' } });
    expect(r.secretsSeen()).toEqual([{ kind: 'env:DB_PASSWORD', value: 'pa55word!' }]);
  });

  it('skips values too short or common to replace everywhere, and says so', () => {
    const r = make({ env: { API_KEY: 'abc', AUTH_ENABLED: 'true' } });
    expect(r.redactText('abc true')).toBe('abc true');
    expect(r.notes().join()).toMatch(/API_KEY, AUTH_ENABLED/);
  });

  it('also replaces their JSON-escaped forms', () => {
    const r = make({ env: { SOME_SECRET: 'a/b"c-123456' } });
    expect(r.redactText('x a\\/b\\"c-123456 y')).toBe('x [redacted:env:SOME_SECRET] y');
  });
});

describe('structural rules', () => {
  it('replaces the initialize account block keeping its shape and provider facts', () => {
    const r = make();
    const message = {
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: 'init-1',
        response: {
          pid: 42,
          account: {
            email: 'alice@corp.io',
            organization: 'Acme Widgets',
            subscriptionType: 'max',
            apiProvider: 'firstParty',
            tokenSource: 'claude.ai',
          },
        },
      },
    };
    expect(r.redact(message)).toEqual({
      ...message,
      response: {
        ...message.response,
        response: {
          pid: 42,
          account: {
            email: 'email-1@redacted.invalid',
            organization: '[redacted:account-organization#1]',
            subscriptionType: '[redacted:account-subscriptionType#1]',
            apiProvider: 'firstParty',
            tokenSource: 'claude.ai',
          },
        },
      },
    });
    // What it learnt is redacted everywhere afterwards, and hunted by the leak scan.
    expect(r.redactText('Acme Widgets rocks')).toBe('[redacted:account-organization#1] rocks');
    expect(r.secretsSeen().map((s) => s.kind)).toEqual(['account:email', 'account:organization']);
  });

  it('redacts credential-named keys whatever their value looks like, keeping a scheme', () => {
    expect(
      make().redact({ request: { Authorization: 'Bearer zzz', password: 'hunter2', other: 'hunter2' } }),
    ).toEqual({
      request: {
        Authorization: 'Bearer [redacted:sensitive-key#1]',
        password: '[redacted:sensitive-key#2]',
        other: 'hunter2',
      },
    });
  });

  it.each([
    ['token', 'Summer2024'],
    ['api_token', 'hunter22'],
    ['GITHUB_TOKEN', 'abcd1234'],
    ['client_secret_v2', 'letmein'],
    ['db_password', 'dragon12'],
    ['X-Custom-Auth', 'Welcome1'],
    ['oauth', 'Autumn99'],
    ['signing_key', 'opensesame'],
    ['apiKey', 'qwerty12'],
    ['credentials', 'admin:admin'],
  ])('a value under a secret-shaped key (%s) is a secret, however low its entropy', (key, value) => {
    const out = make().redact({ input: { [key]: value, note: value } }) as { input: Record<string, string> };
    expect(out.input[key]).toMatch(/^\[redacted:sensitive-key#1\]$/);
  });

  it.each([
    ['tokenSource', 'claude.ai'],
    ['apiKeySource', 'ANTHROPIC_API_KEY'],
    ['token_type', 'bearer'],
    ['auth_url', 'https://auth.corp.io/authorize'],
    ['author', 'Jane Doe'],
    ['monkey', 'banana'],
    ['max_tokens', '1024'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference, as a config file holds it
    ['password', '${DB_PASSWORD}'],
    ['token', 'none'],
  ])('%s: a key that names no secret, or a value that is none, is kept', (key, value) => {
    expect(make().redact({ input: { [key]: value } })).toEqual({ input: { [key]: value } });
  });

  it("redacts every value of an MCP server's env and headers, keeping settings that are plainly not secret", () => {
    const out = make().redact({
      mcpServers: {
        local: {
          command: 'node',
          args: ['s.js'],
          env: { TOKEN: 'Summer2024Pass', DEBUG: 'hunter2', NODE_PATH: '/opt/lib', PORT: '8080' },
        },
        remote: {
          type: 'http',
          url: 'https://mcp.corp.io',
          headers: { 'X-Custom-Header': 'hunter2hunter2', Accept: 'text/plain' },
        },
      },
    });
    expect(out).toEqual({
      mcpServers: {
        local: {
          command: 'node',
          args: ['s.js'],
          env: {
            TOKEN: '[redacted:sensitive-key#1]',
            DEBUG: '[redacted:sensitive-key#2]',
            NODE_PATH: '/opt/lib',
            PORT: '8080',
          },
        },
        remote: {
          type: 'http',
          url: 'https://mcp.corp.io',
          headers: { 'X-Custom-Header': '[redacted:sensitive-key#3]', Accept: '[redacted:sensitive-key#4]' },
        },
      },
    });
  });

  it('a JSON argument is redacted as JSON, its text kept around the values', () => {
    const r = make();
    const arg = '{ "mcpServers": { "x": { "command": "node", "env": { "TOKEN": "Summer2024Pass" } } } }';
    expect(r.redactArg(arg)).toBe(
      '{ "mcpServers": { "x": { "command": "node", "env": { "TOKEN": "[redacted:sensitive-key#1]" } } } }',
    );
    // Learnt: the value is redacted wherever the session shows it later.
    expect(r.redactText('echo Summer2024Pass')).toBe('echo [redacted:sensitive-key#1]');
    expect(r.redactArg('--verbose')).toBe('--verbose');
    expect(r.redactArg('{not json')).toBe('{not json');
  });

  it('does not mutate its input', () => {
    const input = Object.freeze({ a: Object.freeze([Object.freeze({ t: KEY })]) });
    const out = make().redact(input);
    expect(input.a[0]!.t).toBe(KEY);
    expect(out).not.toBe(input);
  });

  it('leaves numbers, booleans and null as they are', () => {
    expect(make().redact({ n: 1, b: true, z: null, s: 'x' })).toEqual({ n: 1, b: true, z: null, s: 'x' });
  });
});

describe('machine specifics', () => {
  const machine = {
    home: '/home/alice',
    cwd: '/home/alice/work/proj',
    user: 'alice',
    hostname: 'alice-laptop.lan',
  };

  it('replaces cwd before home (longest first), and their project slugs', () => {
    const r = make(machine);
    expect(
      r.redactText('/home/alice/work/proj/src and /home/alice/.claude/projects/-home-alice-work-proj/m'),
    ).toBe('$CWD/src and $HOME/.claude/projects/$CWD_SLUG/m');
  });

  it("replaces the process's own TMPDIR (a sandbox's socket paths), never a system-wide temp folder", () => {
    const sandbox = make({ ...machine, tmpdir: '/tmp/clide-sandbox-S9eI5y' });
    expect(
      sandbox.redactText('"messaging_socket_path":"/tmp/clide-sandbox-S9eI5y/cc-socks/31110.sock"'),
    ).toBe('"messaging_socket_path":"$TMPDIR/cc-socks/31110.sock"');
    expect(make({ ...machine, tmpdir: '/tmp' }).redactText('/tmp/x and /tmp')).toBe('/tmp/x and /tmp');
  });

  it('replaces the user and host names as whole words only', () => {
    const r = make(machine);
    expect(r.redactText('ssh alice@alice-laptop: alice malice alice-bob alice-laptop.lan')).toBe(
      'ssh $USER@$HOSTNAME: $USER malice alice-bob $HOSTNAME',
    );
  });

  it('never touches placeholders, even when a name is a word of one', () => {
    const r = make({ user: 'redacted', env: { X_TOKEN: 'verysecret1' } });
    expect(r.redactText('redacted verysecret1')).toBe('$USER [redacted:env:X_TOKEN]');
  });

  it('can be disabled part by part with empty strings', () => {
    // Without machine rules `alice` is an ordinary word; any user's home folder is still redacted.
    expect(make().redactText('/home/alice alice')).toBe('/home/[redacted:home-dir#1] alice');
    expect(make().redactText('/srv/alice alice')).toBe('/srv/alice alice');
  });

  it('reports home and cwd for the leak scan', () => {
    expect(make(machine).secretsSeen()).toEqual([
      { kind: 'cwd', value: '/home/alice/work/proj' },
      { kind: 'home', value: '/home/alice' },
    ]);
  });
});

describe('ids', () => {
  const message = {
    type: 'assistant',
    session_id: '6c0b6a0e-6a53-4b64-9d0c-44b1c7c1d1a2',
    message: { id: 'msg_01Xyz' },
  };

  it('normalises ids to stable shape-preserving placeholders by default', () => {
    const r = createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '' });
    const out = r.redact(message) as typeof message;
    expect(out.session_id).toBe('00000000-0000-4000-8000-000000000001');
    expect(r.redactText(`resuming ${message.session_id}`)).toBe(
      'resuming 00000000-0000-4000-8000-000000000001',
    );
    expect(r.ids?.originalOf(out.session_id)).toBe(message.session_id);
    expect(r.describe().ids).toBe(true);
  });

  it('shares a mapping passed in', () => {
    const shared = new IdPlaceholders();
    shared.learn('6c0b6a0e-6a53-4b64-9d0c-44b1c7c1d1a2');
    const r = createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '', ids: shared });
    r.redact({ session_id: 'aaaaaaaa-6a53-4b64-9d0c-44b1c7c1d1a2' });
    expect(r.ids).toBe(shared);
    expect(shared.placeholderFor('aaaaaaaa-6a53-4b64-9d0c-44b1c7c1d1a2')).toBe(
      '00000000-0000-4000-8000-000000000002',
    );
  });

  it('keeps ids with ids:false', () => {
    const r = make();
    expect(r.redact(message)).toEqual(message);
    expect(r.ids).toBeUndefined();
  });

  it('keeps its own mapping bounded over a session of fresh ids: numbered up to the cap, hashed beyond, consistently', () => {
    const r = createRedactor({ env: {}, home: '', cwd: '', user: '', hostname: '' });
    const session = randomUUID();
    const event = (uuid: string) => ({
      type: 'stream_event',
      uuid,
      session_id: session,
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a' } },
    });
    const first = r.redact(event(randomUUID())) as ReturnType<typeof event>;
    expect(first.uuid).toBe('00000000-0000-4000-8000-000000000001');
    expect(first.session_id).toBe('00000000-0000-4000-8000-000000000002');
    for (let i = 2; i < MAX_NUMBERED_IDS + 500; i++) r.redact(event(randomUUID()));
    expect(r.ids?.size).toBe(MAX_NUMBERED_IDS);
    // Beyond the cap: a tool call, its result, a text naming it, a rewind to a message.
    const tool = 'toolu_01Zq8xT2mW9vR4kL7pN3sB6y';
    const uuid = randomUUID();
    const call = r.redact({
      type: 'assistant',
      uuid,
      session_id: session,
      message: {
        id: 'msg_01Hq8xT2mW9vR4kL7pN3sB6y',
        content: [{ type: 'tool_use', id: tool, name: 'Bash' }],
      },
    }) as { uuid: string; session_id: string; message: { id: string; content: Array<{ id: string }> } };
    const result = r.redact({
      type: 'user',
      message: { content: [{ type: 'tool_result', tool_use_id: tool, content: `done: ${tool}` }] },
    }) as { message: { content: Array<{ tool_use_id: string; content: string }> } };
    const rewind = r.redact({ subtype: 'rewind_files', user_message_id: uuid }) as {
      user_message_id: string;
    };
    const placeholder = call.message.content[0]!.id;
    expect(isHashedPlaceholder(placeholder)).toBe(true);
    expect(isHashedPlaceholder(call.uuid)).toBe(true);
    expect(isHashedPlaceholder(call.message.id)).toBe(true);
    expect(call.session_id).toBe('00000000-0000-4000-8000-000000000002');
    expect(result.message.content[0]!.tool_use_id).toBe(placeholder);
    expect(result.message.content[0]!.content).toBe(`done: ${placeholder}`);
    expect(rewind.user_message_id).toBe(call.uuid);
    expect(r.redactText(`stderr: ${tool} ${uuid}`)).toBe(`stderr: ${placeholder} ${call.uuid}`);
    expect(r.ids?.size).toBe(MAX_NUMBERED_IDS);
    expect(r.rulesApplied().find((c) => c.name === 'ids')?.count).toBeGreaterThan(MAX_NUMBERED_IDS + 500);
  });
});

describe('user rules', () => {
  it('replaces whole values at a JSON path', () => {
    const r = make({
      rules: [{ name: 'prompts', path: '$.message.content[*].text', replacement: '[prompt]' }],
    });
    expect(r.redact({ message: { content: [{ text: 'a' }, { text: 'b', other: 'c' }] } })).toEqual({
      message: { content: [{ text: '[prompt]' }, { text: '[prompt]', other: 'c' }] },
    });
    expect(r.rulesApplied().find((c) => c.name === 'user:prompts')?.count).toBe(2);
  });

  it('applies a regex everywhere, with group references', () => {
    const r = make({
      rules: [{ name: 'tickets', pattern: 'ACME-(\\d)\\d*', flags: 'i', replacement: 'ACME-$1xxx' }],
    });
    expect(r.redact({ a: 'see acme-4711', k: ['ACME-99'] })).toEqual({
      a: 'see ACME-4xxx',
      k: ['ACME-9xxx'],
    });
    expect(r.redactText('raw ACME-12')).toBe('raw ACME-1xxx');
  });

  it('applies a regex only under a path when both are given, and learns secret matches', () => {
    const r = make({
      rules: [
        {
          name: 'db',
          path: '$..command',
          pattern: '--password=\\S+',
          replacement: '--password=***',
          secret: true,
        },
      ],
    });
    expect(r.redact({ input: { command: 'psql --password=s3cr3t!' }, text: '--password=kept' })).toEqual({
      input: { command: 'psql --password=***' },
      // Not under the path: the built-in password-argument rule applies instead.
      text: '--password=[redacted:password-argument#1]',
    });
    expect(r.secretsSeen()).toEqual([{ kind: 'user:db', value: '--password=s3cr3t!' }]);
  });

  it.each([
    [{ name: 'x', replacement: 'y' }, /needs a "path", a "pattern", or both/, 'redaction rules rules[0]'],
    [
      { name: 'x', path: 'message.text', replacement: 'y' },
      /bad "path".*starts with "\$"/,
      'redaction rules rules[0].path',
    ],
    [
      { name: 'x', path: '$.a[', replacement: 'y' },
      /bad "path" "\$\.a\[" at character 4/,
      'redaction rules rules[0].path',
    ],
    [{ name: 'x', pattern: '(', replacement: 'y' }, /bad "pattern"/, 'redaction rules rules[0].pattern'],
    [
      { name: 'x', pattern: 'a*', replacement: 'y' },
      /matches the empty string/,
      'redaction rules rules[0].pattern',
    ],
    [
      { name: 'x', pattern: 'a', flags: 'g', replacement: 'y' },
      /flags are a subset/,
      'redaction rules rules[0].flags',
    ],
  ])('rejects an invalid rule %# with a precise error', (rule, message, where) => {
    expect(() => make({ rules: [rule as never] })).toThrow(
      expect.objectContaining({ code: 'usage', message: expect.stringMatching(message), where }),
    );
  });

  it('rejects two rules with the same name', () => {
    expect(() =>
      make({
        rules: [
          { name: 'a', pattern: 'x', replacement: '' },
          { name: 'a', pattern: 'y', replacement: '' },
        ],
      }),
    ).toThrow(/two rules are named "a"/);
  });
});

describe('reporting', () => {
  it('counts replacements per rule and never reveals values', () => {
    const r = make({ env: { A_TOKEN: 'tok-1234567' } });
    r.redact({ a: `${KEY} tok-1234567 alice@corp.io bob@corp.io` });
    const counts = Object.fromEntries(r.rulesApplied().map((c) => [c.name, c.count]));
    expect(counts).toMatchObject({ 'anthropic-key': 1, 'env-secret': 1, email: 2, 'private-key': 0 });
    const described = JSON.stringify([r.rulesApplied(), r.describe(), r.notes()]);
    for (const secret of [KEY, 'tok-1234567', 'alice@corp.io']) expect(described).not.toContain(secret);
  });

  it('describes the active rules for the header, in order', () => {
    const rules = make({
      home: '/home/x',
      rules: [{ name: 'mine', pattern: 'q', replacement: '' }],
    }).describe().rules;
    expect(rules.indexOf('env-secret')).toBeLessThan(rules.indexOf('anthropic-key'));
    expect(rules).toContain('user:mine');
    expect(rules).toContain('machine-path');
    expect(rules).not.toContain('machine-user');
  });
});
