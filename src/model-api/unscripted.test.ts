import { describe, expect, it } from 'vitest';
import { requestKey, unscriptedAnswer } from './unscripted.js';

describe('unscriptedAnswer', () => {
  it('answers the /api/hello probe with a 200, without a body for HEAD', () => {
    expect(unscriptedAnswer('HEAD', '/api/hello')).toMatchObject({ status: 200 });
    expect(unscriptedAnswer('HEAD', '/api/hello').body).toBeUndefined();
    expect(unscriptedAnswer('GET', '/api/hello')).toMatchObject({ status: 200, body: {} });
  });

  it("answers any other route with the API's JSON 404 (no body for HEAD)", () => {
    expect(unscriptedAnswer('GET', '/v1/models')).toEqual({
      status: 404,
      body: { type: 'error', error: { type: 'not_found_error', message: 'Not Found' } },
      reason: expect.stringContaining('404 not_found_error'),
    });
    expect(unscriptedAnswer('POST', '/api/hello').status).toBe(404);
    expect(unscriptedAnswer('HEAD', '/api/other')).toMatchObject({ status: 404 });
    expect(unscriptedAnswer('HEAD', '/api/other').body).toBeUndefined();
  });
});

describe('requestKey', () => {
  it('names a request by method and path, without the query string', () => {
    expect(requestKey({ method: 'HEAD', path: '/api/hello' })).toBe('HEAD /api/hello');
    expect(requestKey({ method: 'GET', path: '/v1/models?limit=5&beta=true' })).toBe('GET /v1/models');
  });
});
