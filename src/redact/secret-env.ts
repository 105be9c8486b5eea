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
