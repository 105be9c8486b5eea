import { stringifyJson } from '../../util/deep-json.js';

type Json = Record<string, unknown>;

/**
 * Posts a request the CLI makes of the API besides the conversation (`set_model`'s model check,
 * `get_context_usage`'s token counts) to the API at `baseUrl` with the CLI's headers and the
 * session's credentials; the answer changes nothing. Settles once answered, failed or given up
 * (after `timeoutMs`: a few seconds unless given). With `node:http(s)`, not `fetch` (see model-source.ts: a process that
 * used `fetch` is slow to exit).
 */
export async function postToApi(
  baseUrl: string,
  check: { path: string; body: Json },
  options: {
    headers: Record<string, string>;
    env: Record<string, string | undefined>;
    sessionId: string;
    timeoutMs?: number;
  },
): Promise<void> {
  const { env } = options;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...options.headers,
    'x-claude-code-session-id': options.sessionId,
  };
  if (env.ANTHROPIC_API_KEY) headers['x-api-key'] = env.ANTHROPIC_API_KEY;
  const token = env.ANTHROPIC_AUTH_TOKEN ?? (env.ANTHROPIC_API_KEY ? undefined : env.CLAUDE_CODE_OAUTH_TOKEN);
  if (token) headers.authorization = `Bearer ${token}`;
  const body = stringifyJson(check.body);
  try {
    const target = new URL(`${baseUrl.replace(/\/+$/, '')}${check.path}`);
    const { request } = target.protocol === 'https:' ? await import('node:https') : await import('node:http');
    await new Promise<void>((resolve) => {
      const req = request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        },
        (response) => {
          response.resume();
          response.on('end', resolve);
          response.on('error', () => resolve());
        },
      );
      req.on('error', () => resolve());
      req.end(body);
    });
  } catch {
    // Unreachable or refused: the CLI goes on all the same.
  }
}
