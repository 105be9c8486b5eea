/**
 * What the real CLI writes on stderr for `--betas` before a session starts (2.1.150 and 2.1.332,
 * the same texts): with an OAuth token, that custom betas are for API-key users only and are
 * ignored; otherwise (an API key, or no credentials yet) a warning for each value it does not
 * allow. A value is taken whole: `--betas a,b` is one header `a,b`, not two.
 */
export function betasWarnings(
  betas: readonly string[] | undefined,
  env: Record<string, string | undefined>,
  allowed: readonly string[],
): string[] {
  if (!betas || betas.length === 0) return [];
  if (!env.ANTHROPIC_API_KEY && env.CLAUDE_CODE_OAUTH_TOKEN) {
    return ['Warning: Custom betas are only available for API key users. Ignoring provided betas.'];
  }
  return betas
    .filter((beta) => !allowed.includes(beta))
    .map(
      (beta) =>
        `Warning: Beta header '${beta}' is not allowed. Only the following betas are supported: ${allowed.join(', ')}`,
    );
}
