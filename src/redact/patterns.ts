/**
 * Built-in secret patterns. Each finds a secret in free text; the part to replace is the named
 * group `secret` (or the whole match). Used twice: by the redactor before anything is written, and
 * by the leak scan on the written file.
 */
export interface SecretPattern {
  /** Rule name: shown in the header, the counts and leak reports. */
  name: string;
  /** Global regex with the `d` flag. */
  regex: RegExp;
  /** Extra check on the secret text (to keep prose out). */
  accept?: (secret: string) => boolean;
  /**
   * `email` secrets get an email-shaped placeholder, a URL's `userinfo` a userinfo-shaped one
   * (`REDACTED`, `REDACTED-2`: `userinfoPlaceholder`); the others `[redacted:<name>#n]`.
   */
  shape: 'secret' | 'email' | 'userinfo';
  /**
   * True when the pattern finds the secret wherever it occurs, whatever surrounds it (no keyword
   * or boundary needed): its matches need not be added to the redactor's literal set.
   */
  contextFree?: boolean;
  /** A literal every match contains: text without it is not searched (a cheap pre-test for slow regexes). */
  requires?: string;
  /**
   * A cheap regex (no lookaround, no flags but the pattern's own `i`) that matches every text the
   * pattern finds something in: the part of every match that is a keyword or a fixed shape. Text it
   * does not match is not searched, so it must never miss (src/redact/patterns.test.ts checks it
   * against the regex on random text with every shape planted).
   */
  pretest: RegExp;
  /**
   * `late`: runs after the machine rules (so this machine's own home is `$HOME` first). Default:
   * before the user rules.
   */
  stage?: 'late';
  /**
   * The table's own test cases (src/redact/patterns.test.ts): `positive` is a text the rule
   * redacts, with the `secret` that must vanish from it; `negative` is a look-alike it leaves alone.
   */
  examples: { positive: string; secret: string; negative: string };
}

/**
 * The placeholder of the n-th URL userinfo (`user:password`) redacted: `REDACTED`, then
 * `REDACTED-2`, … — a valid userinfo with no password in it, so `postgres://REDACTED@db/app`
 * stays a URL and no scanner's connection-string rule takes it for a credential.
 */
export function userinfoPlaceholder(n: number): string {
  return n === 1 ? 'REDACTED' : `REDACTED-${n}`;
}

/** Placeholders and shell/template references are never secrets (the rules must not eat their own output). */
const NOT_A_PLACEHOLDER = String.raw`(?!\[redacted|\$|<|\{\{)`;
const SCHEMES = 'bearer|basic|token|digest|negotiate';
/** `"name": "` / `name=` / `name: ` with optional (escaped) quotes around the name's end and value's start. */
const SEP = String.raw`(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?`;

/** Domains (and addresses) that are public placeholders, not personal data. */
const EMAIL_ALLOWED_DOMAIN = /(?:^|\.)(?:example\.(?:com|org|net)|invalid|test|example|localhost)$/i;
const EMAIL_ALLOWED_ADDRESS = new Set(['noreply@anthropic.com']);

export function isAllowedEmail(address: string): boolean {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1);
  return (
    local === 'git' ||
    // The userinfo placeholder of a redacted URL (`postgres://REDACTED@db`), not an address.
    /^redacted(?:-\d+)?$/.test(local) ||
    EMAIL_ALLOWED_DOMAIN.test(domain) ||
    EMAIL_ALLOWED_ADDRESS.has(address.toLowerCase())
  );
}

function looksLikeBasicCredentials(value: string): boolean {
  const stripped = value.replace(/=+$/, '');
  if (stripped.length < 4 || !/^[A-Za-z0-9+/]+$/.test(stripped)) return false;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return /^[\x20-\x7e]+:[\x20-\x7e]*$/.test(decoded);
}

/** Values an assignment or an argument may hold that are configuration words, not secrets. */
const PLAIN_WORD =
  /^(?:true|false|yes|no|on|off|none|null|undefined|required|optional|string|boolean|number|prompt|stdin|env|file|\*+|x+)$/i;
/** An assigned or passed value is a secret candidate when it is not a plain configuration word. */
const notPlain = (value: string): boolean => value.length >= 4 && !PLAIN_WORD.test(value);
/** A value that ends at whitespace, a quote, a separator, or a backslash (JSON-escaped text). */
const VALUE = String.raw`${NOT_A_PLACEHOLDER}[^\s"'\`,;&\\<>]+`;
/** Names of URL query parameters that carry credentials. */
const QUERY_NAMES =
  'access_token|refresh_token|id_token|auth_token|token|api_key|apikey|api-key|key|secret|client_secret|password|passwd|pwd|sig|signature|x-amz-signature|x-amz-security-token|code';
/** Names assigned a credential in config files, logs and shell lines (`password=…`, `secret: …`). */
const ASSIGNED_NAMES =
  'password|passwd|pwd|passphrase|secret|client_secret|secret_key|access_token|refresh_token|auth_token|api_key|apikey|private_token';

/**
 * The built-in rules, one entry per credential shape, in the order they run. Each entry's
 * `examples` are the table's tests (src/redact/patterns.test.ts); docs/record.md lists them.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    // PEM private keys of every kind (RSA, EC, PKCS#8, encrypted) and OpenSSH keys, even cut short.
    name: 'private-key',
    contextFree: true,
    regex:
      /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/dg,
    pretest: /-----BEGIN/,
    shape: 'secret',
    examples: {
      positive: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----',
      secret: 'b3BlbnNzaC1rZXk',
      negative: '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
    },
  },
  {
    // API keys (sk-ant-api03-…), admin keys, OAuth access/refresh tokens (sk-ant-oat01-…, sk-ant-ort01-…).
    name: 'anthropic-key',
    contextFree: true,
    regex: /sk-ant-[A-Za-z0-9][A-Za-z0-9_-]{3,}/dg,
    pretest: /sk-ant-/,
    shape: 'secret',
    examples: {
      positive: 'key sk-ant-api03-Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA-AAAA end',
      secret: 'sk-ant-api03-Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA-AAAA',
      negative: 'the sk-ant- prefix marks Anthropic keys',
    },
  },
  {
    // Project, service-account and admin keys (sk-proj-…, sk-svcacct-…, sk-admin-…) and legacy keys (…T3BlbkFJ…).
    name: 'openai-key',
    contextFree: true,
    regex:
      /(?<![A-Za-z0-9_-])sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{48})(?![A-Za-z0-9_-])/dg,
    pretest: /sk-/,
    shape: 'secret',
    examples: {
      positive: 'OPENAI sk-proj-Q2w3E4r5T6y7U8i9O0pA1sD2fG3hJ4kL5zX6cV7bN8m done',
      secret: 'sk-proj-Q2w3E4r5T6y7U8i9O0pA1sD2fG3hJ4kL5zX6cV7bN8m',
      negative: 'npm i sk-proj-helper; see task-project-overview',
    },
  },
  {
    // Google API keys (AIza…) and OAuth access tokens (ya29.…).
    name: 'google-api-key',
    contextFree: true,
    regex: /(?<![A-Za-z0-9_-])(?:AIza[0-9A-Za-z_-]{35}|ya29\.[0-9A-Za-z_-]{20,})(?![A-Za-z0-9_-])/dg,
    pretest: /AIza|ya29\./,
    shape: 'secret',
    examples: {
      positive: 'maps?key=AIzaSyB9x8C7v6B5n4M3a2S1d0F9g8H7j6K5l4Q&x=1',
      secret: 'AIzaSyB9x8C7v6B5n4M3a2S1d0F9g8H7j6K5l4Q',
      negative: 'AIzaTooShort and ya29 alone',
    },
  },
  {
    name: 'aws-access-key-id',
    regex:
      /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA)[A-Z0-9]{16}(?![A-Z0-9])/dg,
    pretest: /A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|PKA|ROA)/,
    shape: 'secret',
    examples: {
      positive: 'id=AKIAQ3EGRV2XJ7KZP4WM;',
      secret: 'AKIAQ3EGRV2XJ7KZP4WM',
      negative: 'AKIAQ3EGRV2XJ7KZP4WMX1 is too long, akiaq3egrv2xj7kzp4wm is lower case',
    },
  },
  {
    name: 'aws-secret-access-key',
    regex: new RegExp(`aws_?secret_?access_?key${SEP}(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])`, 'dgi'),
    pretest: /aws_?secret_?access_?key/i,
    shape: 'secret',
    examples: {
      positive: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKQ',
      secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKQ',
      negative: 'aws_secret_access_key = $AWS_SECRET_ACCESS_KEY',
    },
  },
  {
    // Storage account keys and Service Bus / Event Hub keys in connection strings, Entra ID client secrets.
    name: 'azure-key',
    regex:
      /(?:(?:AccountKey|SharedAccessKey|SharedSecret)=(?<secret>[A-Za-z0-9+/]{20,}={0,2})|(?<![A-Za-z0-9_~.-])(?<secret2>[A-Za-z0-9_~.-]{3}8Q~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_~.-]))/dg,
    pretest: /AccountKey=|SharedAccessKey=|SharedSecret=|8Q~/,
    shape: 'secret',
    examples: {
      positive:
        'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==;EndpointSuffix=core.windows.net',
      secret: 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==',
      negative: 'AccountKey=<your key> and AccountName=acct',
    },
  },
  {
    // Every GitHub prefix: ghp_ (classic), gho_ (OAuth), ghu_ (user-to-server), ghs_ (server), ghr_ (refresh), github_pat_.
    name: 'github-token',
    contextFree: true,
    regex: /(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})/dg,
    pretest: /gh[pousr]_|github_pat_/,
    shape: 'secret',
    examples: {
      positive: 'GH_TOKEN=ghs_Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8D',
      secret: 'ghs_Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8D',
      negative: 'ghp_short and gha_Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8D',
    },
  },
  {
    // Personal, project, group, deploy, runner, CI-job, trigger, feed, OAuth tokens (glpat-…, gldt-…, …) and runner registration tokens.
    name: 'gitlab-token',
    contextFree: true,
    regex:
      /(?<![A-Za-z0-9_-])(?:gl(?:pat|dt|rt|ptt|cbt|imt|agent|oas|ft|soat|ffct|cipat)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20,})/dg,
    pretest: /gl(?:pat|dt|rt|ptt|cbt|imt|agent|oas|ft|soat|ffct|cipat)-|GR1348941/,
    shape: 'secret',
    examples: {
      positive: 'PRIVATE-TOKEN: glpat-Zq8xT2mW9vR4kL7pN3sB',
      secret: 'glpat-Zq8xT2mW9vR4kL7pN3sB',
      negative: 'glpat- tokens expire; see glpat-docs',
    },
  },
  {
    name: 'npm-token',
    contextFree: true,
    regex: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/dg,
    pretest: /npm_/,
    shape: 'secret',
    examples: {
      positive: '//registry.npmjs.org/:_authToken=npm_Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8D',
      secret: 'npm_Zq8xT2mW9vR4kL7pN3sB6yH1cF5dG0jA9e8D',
      negative: 'npm_config_cache and npm_package_version',
    },
  },
  {
    // Secret, restricted and publishable keys (sk_live_…, rk_test_…, pk_live_…) and webhook secrets (whsec_…).
    name: 'stripe-key',
    contextFree: true,
    regex: /(?<![A-Za-z0-9_])(?:(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9]{24,})/dg,
    pretest: /_live_|_test_|whsec_/,
    shape: 'secret',
    examples: {
      positive: 'PAYMENTS_SK=sk_live_51Hq8xT2mW9vR4kL7pN3sB6yH',
      secret: 'sk_live_51Hq8xT2mW9vR4kL7pN3sB6yH',
      negative: 'sk_live_ is the prefix; task_live_updates',
    },
  },
  {
    name: 'slack-token',
    contextFree: true,
    regex:
      /(?:xox[abposre]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{8,})/dg,
    pretest: /xox[abposre]-|xapp-|hooks\.slack\.com/,
    shape: 'secret',
    examples: {
      positive: 'SLACK=xoxb-1234567890-abcdefghij',
      secret: 'xoxb-1234567890-abcdefghij',
      negative: 'xoxb- tokens are bot tokens',
    },
  },
  {
    // Account SIDs (AC…) and API key SIDs (SK…): 32 lower-case hex digits.
    name: 'twilio-key',
    contextFree: true,
    regex: /(?<![A-Za-z0-9])(?:AC|SK)[0-9a-f]{32}(?![A-Za-z0-9])/dg,
    pretest: /(?:AC|SK)[0-9a-f]{32}/,
    shape: 'secret',
    examples: {
      positive: 'client(SK0a1b2c3d4e5f60718293a4b5c6d7e8f9)',
      secret: 'SK0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      negative: 'sha 0a1b2c3d4e5f60718293a4b5c6d7e8f9 and SK0A1B2C3D4E5F60718293A4B5C6D7E8F9',
    },
  },
  {
    name: 'sendgrid-key',
    contextFree: true,
    regex: /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/dg,
    pretest: /SG\./,
    shape: 'secret',
    examples: {
      positive: 'key: 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',
      secret: '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',
      negative: 'SG.short.key and SG.file',
    },
  },
  {
    // JSON Web Tokens: header and payload are base64url JSON objects, so both start with eyJ.
    name: 'jwt',
    contextFree: true,
    regex: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/dg,
    pretest: /eyJ/,
    shape: 'secret',
    examples: {
      positive:
        'id_token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      secret: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      negative: 'eyJ is what base64 JSON starts with; eyJhbGciOiJIUzI1NiJ9 alone is a header',
    },
  },
  {
    name: 'authorization-header',
    regex: new RegExp(
      String.raw`(?:(?:proxy-)?authorization|x-api-key|api-key|x-auth-token|private-token|x-goog-api-key)${SEP}(?:(?:${SCHEMES})\s+)?(?<secret>${NOT_A_PLACEHOLDER}(?!(?:${SCHEMES})\b)[^\s"',;\\]{4,})`,
      'dgi',
    ),
    pretest: /authorization|api-key|x-auth-token|private-token/i,
    shape: 'secret',
    examples: {
      positive: 'Authorization: Bearer abcdefgh12345',
      secret: 'abcdefgh12345',
      negative: 'Authorization: Bearer $TOKEN',
    },
  },
  {
    name: 'bearer-token',
    regex: new RegExp(String.raw`bearer\s+(?<secret>${NOT_A_PLACEHOLDER}[A-Za-z0-9._~+/-]{8,}=*)`, 'dgi'),
    accept: (s) => s.length >= 12 && /[0-9]/.test(s),
    pretest: /bearer\s/i,
    shape: 'secret',
    examples: {
      positive: 'sent Bearer tok3n.abc123.xyz ok',
      secret: 'tok3n.abc123.xyz',
      negative: 'use Bearer authentication here',
    },
  },
  {
    name: 'basic-credentials',
    regex: new RegExp(String.raw`basic\s+(?<secret>${NOT_A_PLACEHOLDER}[A-Za-z0-9+/]{4,}={0,2})`, 'dgi'),
    accept: looksLikeBasicCredentials,
    pretest: /basic\s/i,
    shape: 'secret',
    examples: {
      positive: 'Basic dXNlcjpwYXNz',
      secret: 'dXNlcjpwYXNz',
      negative: 'Basic auth is weak',
    },
  },
  {
    // https://user:password@host (the user and the password), also git+ssh://, postgres://, redis://…
    name: 'url-credentials',
    regex: /\b[a-z][a-z0-9+.-]{0,20}:\/\/(?<secret>[^\s/?#@:"'<>[\]]+:[^\s/?#@"'<>]+)@/dgi,
    requires: '@',
    pretest: /:\/\/[^\s/?#@:"'<>[\]]+:[^\s/?#@"'<>]+@/i,
    shape: 'userinfo',
    examples: {
      positive: 'postgres://app:S3cretPw@db.corp.net:5432/x',
      secret: 'app:S3cretPw',
      negative: 'ssh://git@github.com/o/r.git and https://github.com/o/r',
    },
  },
  {
    // ?token=…, &api_key=…, &access_token=…, ;sig=… in URLs and query strings.
    name: 'url-query-credential',
    regex: new RegExp(`[?&;](?:${QUERY_NAMES})=(?<secret>${VALUE})`, 'dgi'),
    requires: '=',
    accept: notPlain,
    pretest: new RegExp(`[?&;](?:${QUERY_NAMES})=`, 'i'),
    shape: 'secret',
    examples: {
      positive: 'GET https://api.corp.io/v1/items?limit=5&access_token=Qw9x81kQpL0mN2vB7c&x=1',
      secret: 'Qw9x81kQpL0mN2vB7c',
      negative: 'https://api.corp.io/v1/items?limit=5&sort=desc&keyword=cats',
    },
  },
  {
    // mysql -u root -pHunter2 (the password glued to -p) for the MySQL/MariaDB clients.
    name: 'password-argument',
    regex: new RegExp(
      String.raw`(?:\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb(?:-dump|-admin)?)\b[^\n|;&]*?\s-p(?<secret>${VALUE})|--(?:password|passwd|db-password|api-key|apikey|auth-token|access-token|client-secret|token|secret)(?:=|\s+)(?<secret2>(?!-)${VALUE}))`,
      'dg',
    ),
    accept: notPlain,
    pretest:
      /mysql|mariadb|--(?:password|passwd|db-password|api-key|apikey|auth-token|access-token|client-secret|token|secret)/,
    shape: 'secret',
    examples: {
      positive: 'mysql -h db -u root -pHunter2Hunter2 app',
      secret: 'Hunter2Hunter2',
      negative: 'gcc -pthread -pedantic x.c; mkdir -p out; claude -p --verbose',
    },
  },
  {
    // password=…, passwd: …, secret: …, "client_secret": "…", PGPASSWORD=… in config files, logs and shells.
    name: 'password-assignment',
    regex: new RegExp(`(?<![A-Za-z0-9_])[A-Za-z0-9_]*?(?:${ASSIGNED_NAMES})${SEP}(?<secret>${VALUE})`, 'dgi'),
    accept: notPlain,
    pretest: new RegExp(`(?:${ASSIGNED_NAMES})${SEP}`, 'i'),
    shape: 'secret',
    examples: {
      positive: 'db error: connect failed (user=app password=Hunter2Hunter2 host=db)',
      secret: 'Hunter2Hunter2',
      negative: 'set the password in the settings; secret: true; password=$DB_PASSWORD',
    },
  },
  {
    // Cookie: and Set-Cookie: header values (every cookie of the header).
    name: 'cookie-header',
    regex: new RegExp(
      String.raw`\b(?:set-)?cookie${SEP}(?<secret>${NOT_A_PLACEHOLDER}[^\r\n"\\]*[^\s"\\])`,
      'dgi',
    ),
    accept: (s) => s.length >= 4 && s.includes('='),
    pretest: new RegExp(`cookie${SEP}`, 'i'),
    shape: 'secret',
    examples: {
      positive: 'Set-Cookie: sid=Zq8xT2mW9vR4kL7p; Path=/; HttpOnly',
      secret: 'sid=Zq8xT2mW9vR4kL7p',
      negative: 'the cookie banner: accept cookies',
    },
  },
  {
    name: 'email',
    contextFree: true,
    // The lookbehind keeps matching linear on long runs of word characters without an '@'.
    regex: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/dg,
    requires: '@',
    accept: (s) => !isAllowedEmail(s),
    pretest: /[A-Za-z0-9._%+-]@[A-Za-z0-9-]+\.[A-Za-z0-9-]/,
    shape: 'email',
    examples: {
      positive: 'mail Alice.Smith+x@corp.example.io.',
      secret: 'Alice.Smith+x@corp.example.io',
      negative: 'noreply@anthropic.com, dev@example.com, git@github.com:o/r, lodash@4.17.21',
    },
  },
  {
    // Home folders of any user: /home/<name>, /Users/<name>, C:\Users\<name> (the name is replaced).
    // Runs after the machine rules, so this machine's own home is already `$HOME`.
    name: 'home-dir',
    contextFree: true,
    stage: 'late',
    regex:
      /(?:(?<![A-Za-z0-9_.-])\/(?:home|Users)\/|(?<![A-Za-z0-9])[A-Za-z]:(?:\\{1,2}|\/)Users(?:\\{1,2}|\/))(?<secret>(?!\[redacted|\$|\.|Public\b|Shared\b|Default\b|All Users\b)[A-Za-z0-9_][A-Za-z0-9_.@-]*)/dg,
    pretest: /\/(?:home|Users)\/|:(?:\\{1,2}|\/)Users(?:\\{1,2}|\/)/,
    shape: 'secret',
    examples: {
      positive: 'cat /home/bob-smith/.aws/credentials',
      secret: 'bob-smith',
      negative: '$HOME/.claude, /home/.claude/output-styles, /Users/Shared/x, /homework/x',
    },
  },
];

/** The span of the secret in a match of a pattern: the `secret` (or `secret2`) group, else the whole match. */
export function secretSpan(match: RegExpExecArray): [number, number] {
  const span = match.indices?.groups?.secret ?? match.indices?.groups?.secret2;
  return span ?? [match.index, match.index + match[0].length];
}

/**
 * One regex for the pre-tests of `patterns`, case-insensitive (a superset of each): text it does
 * not match holds nothing any of them finds.
 */
export function combinedPretest(patterns: readonly SecretPattern[]): RegExp {
  // No pattern: nothing to find, a regex that never matches.
  if (patterns.length === 0) return /(?!)/;
  return new RegExp(patterns.map((p) => `(?:${p.pretest.source})`).join('|'), 'i');
}

/** Text this does not match holds nothing a built-in pattern finds. */
export const ANY_PATTERN_PRETEST = combinedPretest(SECRET_PATTERNS);

/** Every secret the built-in patterns find in `text` (for the leak scan). */
export function findSecrets(text: string): Array<{ pattern: string; value: string; index: number }> {
  return findSecretMatches(text).map((m) => ({ pattern: m.pattern, value: m.value, index: m.start }));
}

/** `findSecrets` with each match's span: the secret's (`start`, `end`) and the whole match's, context included. */
export function findSecretMatches(text: string): Array<{
  pattern: string;
  value: string;
  start: number;
  end: number;
  matchStart: number;
  matchEnd: number;
}> {
  const found: Array<{
    pattern: string;
    value: string;
    start: number;
    end: number;
    matchStart: number;
    matchEnd: number;
  }> = [];
  if (!ANY_PATTERN_PRETEST.test(text)) return found;
  for (const pattern of SECRET_PATTERNS) {
    if (pattern.requires !== undefined && !text.includes(pattern.requires)) continue;
    if (!pattern.pretest.test(text)) continue;
    pattern.regex.lastIndex = 0;
    for (let m = pattern.regex.exec(text); m !== null; m = pattern.regex.exec(text)) {
      if (m[0].length === 0) {
        pattern.regex.lastIndex += 1;
        continue;
      }
      const [start, end] = secretSpan(m);
      const value = text.slice(start, end);
      if (!pattern.accept || pattern.accept(value))
        found.push({
          pattern: pattern.name,
          value,
          start,
          end,
          matchStart: m.index,
          matchEnd: m.index + m[0].length,
        });
    }
  }
  return found;
}
