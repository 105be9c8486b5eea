/**
 * Environment variables whose NAME says they hold a secret: `*_KEY`, `*_TOKEN`, `*_SECRET`,
 * `*PASSWORD*`, `*_CREDENTIALS`, `AUTH*`, … Their values are redacted wherever they appear.
 */
const SECRET_NAME =
  /(?:^|_)(?:KEY|KEYS|TOKEN|TOKENS|SECRET|SECRETS|CREDENTIAL|CREDENTIALS|PASSWD|PASSPHRASE|PAT|APIKEY|AUTH)$|PASSWORD|SECRET|PRIVATE_?KEY|ACCESS_?KEY|SESSION_?KEY|COOKIE|^AUTH/i;

/** Values too short or too common to replace everywhere without wrecking the fixture. */
export const MIN_SECRET_LENGTH = 6;
const NOT_SECRET_VALUE =
  /^(?:true|false|yes|no|on|off|none|null|undefined|enabled|disabled|default|\d{1,7})$/i;

export function looksSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export interface EnvSecret {
  name: string;
  value: string;
}

/**
 * The secret values of `env`: those of secret-looking names, long and unusual enough to be
 * replaced everywhere. `skipped` lists the names whose value was not (too short/common), for a note.
 */
export function envSecrets(env: Record<string, string | undefined>): {
  secrets: EnvSecret[];
  skipped: string[];
} {
  const secrets: EnvSecret[] = [];
  const skipped: string[] = [];
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value === undefined || value === '' || !looksSecretName(name)) continue;
    if (value.length < MIN_SECRET_LENGTH || NOT_SECRET_VALUE.test(value)) skipped.push(name);
    else secrets.push({ name, value });
  }
  return { secrets, skipped };
}

/** Values of other variables shorter than this are never replaced everywhere (too many false hits). */
export const MIN_KNOWN_VALUE_LENGTH = 8;

/**
 * Values that are common and not secret, whatever the variable is called (unless its name looks
 * secret): numbers, versions and booleans; absolute paths and path lists; URLs without userinfo,
 * query or fragment; locales; model names; plain lower-case words (`production`, `xterm-256color`,
 * `stream-json`); IP addresses.
 */
const COMMON_VALUES: readonly RegExp[] = [
  /^(?:true|false|yes|no|on|off|none|null|undefined|enabled|disabled|default)$/i,
  /^[+-]?\d+(?:[.,:]\d+)*[a-z]{0,3}$/i,
  /^v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.-]+)?$/,
  // Absolute paths, `~` paths and path lists (PATH, NODE_PATH); relative slash-separated names.
  /^(?:~|\.{1,2})?\/[^\s:]*(?::(?:~|\.{1,2})?\/[^\s:]*)*:?$/,
  /^[A-Za-z]:\\[^;]*(?:;[A-Za-z]:\\[^;]*)*;?$/,
  /^[A-Za-z][a-z0-9_.-]*(?:\/[A-Za-z_.][a-z0-9_.-]*)+$/,
  // URLs with no userinfo, query or fragment, and no token-like path segment (16+ letters and digits).
  /^[a-z][a-z0-9+.-]*:\/\/[^\s/@?#]*(?:\/(?!(?=[^/]*\d)(?=[^/]*[A-Za-z])[^/]{16,})[^\s/@?#]*)*$/i,
  /^(?:[a-z]{2,3}(?:_[A-Z]{2})?|C|POSIX)(?:\.[A-Za-z0-9-]+)?(?:@[A-Za-z0-9]+)?$/,
  /^(?:(?:[a-z]{2}\.)?anthropic\.|claude)[A-Za-z0-9._:@/-]*$/,
  /^[a-z]+(?:[-_.:][a-z0-9]+)*$/,
  /^[a-z]+[0-9]{1,4}(?:[-_.][a-z0-9]+)*$/,
  /^(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?$/,
];

/** True for a value that is common and not a credential (see `COMMON_VALUES`). */
export function isCommonValue(value: string): boolean {
  return COMMON_VALUES.some((re) => re.test(value));
}

/** The kit's own settings and variables that only ever hold such values are not hunted. */
const NOT_HUNTED_NAME = /^(?:CLIDE_(?!.*(?:KEY|TOKEN|SECRET|PASSWORD))|_$|OLDPWD$|PWD$|SHLVL$|LS_COLORS$)/;

export interface KnownValue {
  /** `env:NAME`, `env:NAME(userinfo)`, `header:ANTHROPIC_CUSTOM_HEADERS:X-Name`. */
  kind: string;
  /** The placeholder it becomes: `[redacted:env:NAME]`, `[redacted:header:X-Name]`. */
  placeholder: string;
  /** The rule counted for a hit: `env-secret` (secret-looking name), `env-value`, `header-value`. */
  rule: 'env-secret' | 'env-value' | 'header-value';
  value: string;
  /** Replaced only in its encoded forms (base64, percent-encoding), not as it is. */
  encodedOnly?: boolean;
}

/** `Name: value` lines of `ANTHROPIC_CUSTOM_HEADERS` (newline-separated, like the CLI reads them). */
export function customHeaders(text: string | undefined): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = [];
  for (const line of (text ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name !== '' && value !== '') out.push({ name, value });
  }
  return out;
}

/**
 * Every value of `env` the recorder knows and must not write: values of secret-looking names (6+
 * characters, not boolean/number-like), every other value of 8+ characters that is not a common
 * non-secret value (`isCommonValue`), the userinfo of URL values (`https://user:pw@…`: `user:pw`
 * and `pw`), and the value of every header in `ANTHROPIC_CUSTOM_HEADERS` (with its scheme word
 * dropped: `Bearer x` → `x`). `skipped` names secret-looking variables whose value was too short.
 */
export function knownEnvValues(env: Record<string, string | undefined>): {
  values: KnownValue[];
  skipped: string[];
} {
  const values: KnownValue[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  const add = (v: KnownValue): void => {
    if (v.value.length === 0 || seen.has(v.value)) return;
    seen.add(v.value);
    values.push(v);
  };
  const { secrets, skipped: tooShort } = envSecrets(env);
  skipped.push(...tooShort);
  for (const { name, value } of secrets)
    add({ kind: `env:${name}`, placeholder: `[redacted:env:${name}]`, rule: 'env-secret', value });
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value === undefined || value === '' || NOT_HUNTED_NAME.test(name)) continue;
    if (name === 'ANTHROPIC_CUSTOM_HEADERS') {
      for (const header of customHeaders(value)) {
        const bare = header.value.replace(/^(?:bearer|basic|token)\s+/i, '');
        for (const v of new Set([header.value, bare])) {
          if (v.length >= MIN_SECRET_LENGTH && !NOT_SECRET_VALUE.test(v))
            add({
              kind: `header:${name}:${header.name}`,
              placeholder: `[redacted:header:${header.name}]`,
              rule: 'header-value',
              value: v,
            });
        }
      }
      // The header names are not secret: the whole value is hunted only in its encoded forms
      // (base64 of the whole header block), the values of the headers in every form.
      add({
        kind: `env:${name}`,
        placeholder: `[redacted:env:${name}]`,
        rule: 'header-value',
        value,
        encodedOnly: true,
      });
      continue;
    }
    const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^\s/?#@]+)@/i.exec(value)?.[1];
    if (userinfo !== undefined) {
      const password = userinfo.slice(userinfo.indexOf(':') + 1);
      for (const v of [userinfo, password]) {
        if (v.length >= MIN_SECRET_LENGTH)
          add({
            kind: `env:${name}(userinfo)`,
            placeholder: `[redacted:env:${name}]`,
            rule: 'env-value',
            value: v,
          });
      }
    }
    if (looksSecretName(name)) continue;
    if (value.length < MIN_KNOWN_VALUE_LENGTH || isCommonValue(value)) continue;
    add({ kind: `env:${name}`, placeholder: `[redacted:env:${name}]`, rule: 'env-value', value });
  }
  return { values, skipped };
}
