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
  /** `email` secrets get an email-shaped placeholder; the others `[redacted:<name>#n]`. */
  shape: 'secret' | 'email';
  /**
   * True when the pattern finds the secret wherever it occurs, whatever surrounds it (no keyword
   * or boundary needed): its matches need not be added to the redactor's literal set.
   */
  contextFree?: boolean;
  /** A literal every match contains: text without it is not searched (a cheap pre-test for slow regexes). */
  requires?: string;
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
    local === 'git' || EMAIL_ALLOWED_DOMAIN.test(domain) || EMAIL_ALLOWED_ADDRESS.has(address.toLowerCase())
  );
}

function looksLikeBasicCredentials(value: string): boolean {
  const stripped = value.replace(/=+$/, '');
  if (stripped.length < 4 || !/^[A-Za-z0-9+/]+$/.test(stripped)) return false;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return /^[\x20-\x7e]+:[\x20-\x7e]*$/.test(decoded);
}

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    name: 'private-key',
    contextFree: true,
    regex:
      /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/dg,
    shape: 'secret',
  },
  {
    // API keys (sk-ant-api03-…), admin keys, OAuth access/refresh tokens (sk-ant-oat01-…, sk-ant-ort01-…).
    name: 'anthropic-key',
    contextFree: true,
    regex: /sk-ant-[A-Za-z0-9][A-Za-z0-9_-]{3,}/dg,
    shape: 'secret',
  },
  {
    name: 'authorization-header',
    regex: new RegExp(
      String.raw`(?:(?:proxy-)?authorization|x-api-key|api-key|x-auth-token)${SEP}(?:(?:${SCHEMES})\s+)?(?<secret>${NOT_A_PLACEHOLDER}(?!(?:${SCHEMES})\b)[^\s"',;\\]{4,})`,
      'dgi',
    ),
    shape: 'secret',
  },
  {
    name: 'bearer-token',
    regex: new RegExp(String.raw`bearer\s+(?<secret>${NOT_A_PLACEHOLDER}[A-Za-z0-9._~+/-]{8,}=*)`, 'dgi'),
    accept: (s) => s.length >= 12 && /[0-9]/.test(s),
    shape: 'secret',
  },
  {
    name: 'basic-credentials',
    regex: new RegExp(String.raw`basic\s+(?<secret>${NOT_A_PLACEHOLDER}[A-Za-z0-9+/]{4,}={0,2})`, 'dgi'),
    accept: looksLikeBasicCredentials,
    shape: 'secret',
  },
  {
    // https://user:password@host
    name: 'url-credentials',
    regex: /\b[a-z][a-z0-9+.-]{0,20}:\/\/(?<secret>[^\s/?#@:"'<>[\]]+:[^\s/?#@"'<>]+)@/dgi,
    requires: '@',
    shape: 'secret',
  },
  {
    name: 'aws-access-key-id',
    regex:
      /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA)[A-Z0-9]{16}(?![A-Z0-9])/dg,
    shape: 'secret',
  },
  {
    name: 'aws-secret-access-key',
    regex: new RegExp(`aws_?secret_?access_?key${SEP}(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])`, 'dgi'),
    shape: 'secret',
  },
  {
    name: 'github-token',
    contextFree: true,
    regex: /(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})/dg,
    shape: 'secret',
  },
  {
    name: 'slack-token',
    contextFree: true,
    regex: /(?:xox[abposr]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{8,})/dg,
    shape: 'secret',
  },
  {
    name: 'email',
    contextFree: true,
    // The lookbehind keeps matching linear on long runs of word characters without an '@'.
    regex: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/dg,
    requires: '@',
    accept: (s) => !isAllowedEmail(s),
    shape: 'email',
  },
];

/** The span of the secret in a match of a pattern: the `secret` group, else the whole match. */
export function secretSpan(match: RegExpExecArray): [number, number] {
  const span = match.indices?.groups?.secret;
  return span ?? [match.index, match.index + match[0].length];
}

/** Every secret the built-in patterns find in `text` (for the leak scan). */
export function findSecrets(text: string): Array<{ pattern: string; value: string; index: number }> {
  const found: Array<{ pattern: string; value: string; index: number }> = [];
  for (const pattern of SECRET_PATTERNS) {
    if (pattern.requires !== undefined && !text.includes(pattern.requires)) continue;
    pattern.regex.lastIndex = 0;
    for (let m = pattern.regex.exec(text); m !== null; m = pattern.regex.exec(text)) {
      if (m[0].length === 0) {
        pattern.regex.lastIndex += 1;
        continue;
      }
      const [start, end] = secretSpan(m);
      const value = text.slice(start, end);
      if (!pattern.accept || pattern.accept(value))
        found.push({ pattern: pattern.name, value, index: start });
    }
  }
  return found;
}
