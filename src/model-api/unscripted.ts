import { errorBody } from './message-reply.js';

/**
 * What the real Anthropic API answers for a request the model script does not cover: a route the
 * scripted API does not play (a probe such as `HEAD /api/hello`, an endpoint a newer CLI calls).
 * Such a request is a side request of its own: it never fails the run; the canary reports it as
 * new (or changed) against the baseline's side requests.
 */

export interface UnscriptedAnswer {
  status: number;
  /** The JSON body; none for `HEAD`. */
  body?: unknown;
  /** What the request was taken for (recorded as its `sideReason`). */
  reason: string;
}

/** Probes the real API answers with a 200 (the CLI reads only the status). */
const PROBES: ReadonlyArray<{ path: string; methods: readonly string[]; what: string }> = [
  {
    path: '/api/hello',
    methods: ['HEAD', 'GET'],
    what: 'the connectivity probe (the CLI preconnects with HEAD at start-up)',
  },
];

/** The message of the real API's 404 body. */
export const NOT_FOUND_MESSAGE = 'Not Found';

export function unscriptedAnswer(method: string, pathname: string): UnscriptedAnswer {
  const probe = PROBES.find((p) => p.path === pathname && p.methods.includes(method));
  if (probe) {
    return {
      status: 200,
      ...(method === 'HEAD' ? {} : { body: {} }),
      reason: `unscripted: ${probe.what}, answered 200 as the real API does`,
    };
  }
  return {
    status: 404,
    ...(method === 'HEAD' ? {} : { body: errorBody('not_found_error', NOT_FOUND_MESSAGE) }),
    reason:
      'unscripted: a route the scripted API does not play, answered 404 not_found_error as the real API does',
  };
}

/** `METHOD /path` without the query string: how a side request is named in findings and files. */
export function requestKey(request: { method: string; path: string }): string {
  return `${request.method} ${request.path.split('?')[0] ?? '/'}`;
}
