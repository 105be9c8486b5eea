import type { RecordedRequest } from '../model-api/index.js';

/**
 * For a silent CLI's finding: what it had asked the model API and what is still unanswered (a CLI
 * that waits on its model is silent; one that never asked was held up before).
 */
export function modelApiState(requests: readonly RecordedRequest[]): string {
  if (requests.length === 0) return '; it had sent the model API no request';
  const open = requests.filter((r) => r.status === undefined);
  const last = requests[requests.length - 1]!;
  const describe = (r: RecordedRequest) =>
    `${r.kind} ${r.method} ${r.path} at ${(r.time / 1000).toFixed(1)} s`;
  return `; the model API had ${requests.length} request(s) from it, the last ${describe(last)}${
    open.length === 0
      ? ', all answered'
      : `, ${open.length} never answered (${open.map(describe).join('; ')})`
  }`;
}
