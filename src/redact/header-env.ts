import { looksSecretName } from './secret-env.js';

/**
 * The environment variables worth keeping in a fixture header (they change the CLI's behaviour).
 * A trailing `*` is a prefix. Everything else is left out: the header is not an env dump.
 */
export const DEFAULT_HEADER_ENV: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_MODEL',
  'ANTHROPIC_SMALL_FAST_MODEL',
  'ANTHROPIC_DEFAULT_*',
  'CLAUDE_CODE_*',
  'CLAUDE_CONFIG_DIR',
  'DISABLE_*',
  'MAX_THINKING_TOKENS',
  'MAX_MCP_OUTPUT_TOKENS',
  'MCP_TIMEOUT',
  'MCP_TOOL_TIMEOUT',
  'BASH_DEFAULT_TIMEOUT_MS',
  'BASH_MAX_TIMEOUT_MS',
  'HOME',
];

function allowed(name: string, allow: readonly string[]): boolean {
  return allow.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));
}

/**
 * The allow-listed part of `env` for a fixture header, redacted: a secret-looking name keeps only
 * the fact that it was set (`[redacted:env:NAME]`); other values go through `redactText` (so HOME
 * becomes `$HOME`). Keys sorted.
 */
export function headerEnv(
  env: Record<string, string | undefined>,
  redactor: { redactText(text: string): string },
  allow: readonly string[] = DEFAULT_HEADER_ENV,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value === undefined || !allowed(name, allow)) continue;
    out[name] = looksSecretName(name) && value !== '' ? `[redacted:env:${name}]` : redactor.redactText(value);
  }
  return out;
}
