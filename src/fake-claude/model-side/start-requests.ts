/**
 * The requests the CLI makes of its API base URL as it starts (`ModelSideData['startRequests']`: a
 * reachability probe of some versions). The promise settles once each is answered, failed or given
 * up (after a few seconds); an answer changes nothing. The caller waits for it before its first
 * model request and before it exits, as the real CLI's requests come first and are never cut off.
 */
export function sendStartRequests(
  baseUrl: string | undefined,
  requests: ReadonlyArray<{ method: string; path: string }>,
): Promise<void> {
  if (!baseUrl) return Promise.resolve();
  return Promise.all(
    requests.map(async ({ method, path }) => {
      try {
        const response = await fetch(new URL(path, baseUrl), { method, signal: AbortSignal.timeout(5_000) });
        await response.body?.cancel();
      } catch {
        // Unreachable, refused or slow: the CLI goes on all the same.
      }
    }),
  ).then(() => undefined);
}
