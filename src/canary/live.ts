import { ClideError } from '../errors/index.js';

/** Set to `1` (or pass `--yes-i-will-pay`) to confirm a live run against the real, paid API. */
export const LIVE_CONFIRM_ENV = 'CLIDE_LIVE_CONFIRM';

const CREDENTIALS = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'] as const;

export const LIVE_WARNING = [
  '!!! LIVE RUN: the scenarios talk to the REAL Anthropic API with your credentials.',
  '!!! Every model turn is billed to your account. Never run this in CI.',
  '!!! The scripted model answers are not used: model-tier scenarios may behave differently.',
].join('\n');

/**
 * The extra environment of a live run: the user's credentials passed through, the scripted API
 * switched off. Refuses unless explicitly confirmed, and when no credential is set.
 */
export function liveEnvironment(
  confirmed: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string | undefined> {
  if (!confirmed && env[LIVE_CONFIRM_ENV] !== '1') {
    throw new ClideError('usage', '--live costs money and needs an explicit confirmation', {
      where: '--live',
      hint: `add --yes-i-will-pay or set ${LIVE_CONFIRM_ENV}=1 (never in CI)`,
    });
  }
  if (!CREDENTIALS.some((name) => env[name])) {
    throw new ClideError('usage', `--live needs one of ${CREDENTIALS.join(', ')} in the environment`, {
      where: '--live',
    });
  }
  const extra: Record<string, string | undefined> = { ANTHROPIC_BASE_URL: env.ANTHROPIC_BASE_URL };
  for (const name of CREDENTIALS) extra[name] = env[name];
  return extra;
}
