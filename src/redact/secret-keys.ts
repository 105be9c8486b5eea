import { looksSecretName } from './secret-env.js';

/**
 * Keys whose values are credentials whatever they look like, however low their entropy: a key
 * naming a token, a secret, a password, authentication or a key (`token`, `api_token`,
 * `GITHUB_TOKEN`, `client_secret`, `db_password`, `X-Custom-Auth`, `signing_key`, `apiKey`,
 * `cookie`, `credentials`). `author` is not `auth`, and a bare `key` (a notification's key) is
 * no key of that kind.
 */
const SECRET_KEY =
  /token|secret|passw(?:or)?d|passphrase|auth(?!or(?!i))|cookie|credential|[-_.\s]key$|api-?key|private-?key/i;
/** `apiKey`, `accessKey`: a camel-case name ending in `Key` (not `monkey`). */
const CAMEL_KEY = /[a-z0-9]Key$/;

/**
 * Names that describe a credential without holding it: its source, type, endpoint, expiry, the
 * file or variable it is kept in, or a count of tokens (`tokenSource`, `apiKeySource`,
 * `token_type`, `auth_url`, `password_file`, `expires_in`, `max_tokens`).
 */
const DESCRIBES_A_SECRET =
  /(?:tokens|source|type|kind|method|mode|provider|url|uri|endpoint|expiry|expires(?:[-_]?(?:at|in))?|status|name|format|scheme|path|file|dir|helper|var|count|length|limit|ttl|required|enabled)s?$/i;

export function isSecretKey(key: string): boolean {
  return (SECRET_KEY.test(key) || CAMEL_KEY.test(key)) && !DESCRIBES_A_SECRET.test(key);
}

/**
 * Keys whose object holds a server's or a process's secrets as a map: an MCP server's `env` (its
 * environment) and `headers` (the HTTP headers it is sent), a settings file's `env`.
 */
export function isSecretMapKey(key: string): boolean {
  return key === 'env' || key === 'headers' || key === 'Env' || key === 'Headers';
}

/** Configuration words a secret-shaped key may hold that are not secrets (`"auth": "none"`). */
const CONFIG_WORD =
  /^(?:true|false|yes|no|on|off|none|null|undefined|required|optional|enabled|disabled|default|string|boolean|number|prompt|stdin|env|file|\*+|x+)$/i;
/** A reference to a secret kept elsewhere (`$TOKEN`, `${TOKEN}`, `<your key>`, `{{token}}`), or a placeholder. */
const REFERENCE =
  /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|<[^<>]*>|\{\{[^{}]*\}\}|\[redacted[^\]]*\]|REDACTED(?:-\d+)?)$/;
/** What an environment holds that breaks nothing when kept and is no credential: numbers, paths, URLs without userinfo. */
const SETTING_VALUE: readonly RegExp[] = [
  /^[+-]?\d+(?:\.\d+)?$/,
  /^v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.-]+)?$/,
  /^(?:~|\.{1,2})?\/[^\s:]*(?::(?:~|\.{1,2})?\/[^\s:]*)*:?$/,
  /^[a-z][a-z0-9+.-]*:\/\/[^\s/@?#]*(?:\/[^\s@?#]*)?$/i,
];

/** True for a value under a secret-shaped key that is not a secret: empty, a configuration word, a reference. */
export function isNotSecretValue(value: string): boolean {
  const v = value.trim();
  return v === '' || CONFIG_WORD.test(v) || REFERENCE.test(v);
}

/**
 * Whether the value `value` of entry `name` of a secret map (`env` or `headers`) is a secret:
 * every header value is; an environment value is unless it is a number, a path or a URL without
 * userinfo under a name that does not look secret.
 */
export function isSecretMapValue(map: string, name: string, value: string): boolean {
  if (isNotSecretValue(value)) return false;
  if (map.toLowerCase() === 'headers' || looksSecretName(name) || isSecretKey(name)) return true;
  return !SETTING_VALUE.some((re) => re.test(value));
}
