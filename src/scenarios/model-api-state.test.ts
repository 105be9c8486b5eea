import { describe, expect, test } from 'vitest';
import type { RecordedRequest } from '../model-api/index.js';
import { modelApiState } from './model-api-state.js';

const request = (index: number, time: number, status?: number): RecordedRequest => ({
  index,
  method: 'POST',
  path: '/v1/messages?beta=true',
  headers: {},
  body: undefined,
  kind: 'conversation',
  turn: status === undefined ? null : index,
  time,
  ...(status === undefined ? {} : { status }),
});

describe('modelApiState: what a silent CLI had asked its model', () => {
  test('no request at all', () => {
    expect(modelApiState([])).toBe('; it had sent the model API no request');
  });

  test('every request answered', () => {
    expect(modelApiState([request(0, 1200, 200)])).toBe(
      '; the model API had 1 request(s) from it, the last conversation POST /v1/messages?beta=true at 1.2 s, all answered',
    );
  });

  test('a request never answered is named', () => {
    expect(modelApiState([request(0, 1200, 200), request(1, 2500)])).toBe(
      '; the model API had 2 request(s) from it, the last conversation POST /v1/messages?beta=true at 2.5 s, 1 never answered (conversation POST /v1/messages?beta=true at 2.5 s)',
    );
  });
});
