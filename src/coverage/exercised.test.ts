import { describe, expect, it } from 'vitest';
import { refusedSubtype } from './exercised.js';

describe('refusedSubtype', () => {
  const answer = (error: string) => ({
    type: 'control_response',
    response: { subtype: 'error', request_id: 'r1', error },
  });

  it("names the subtype of the CLI's 'Unsupported control request subtype' answer", () => {
    expect(refusedSubtype('from-cli', answer('Unsupported control request subtype: set_color'))).toBe(
      'set_color',
    );
  });

  it('ignores other errors, successes and what the client sent', () => {
    expect(refusedSubtype('from-cli', answer('Server not found: x'))).toBeUndefined();
    expect(refusedSubtype('from-cli', { type: 'control_response', response: { subtype: 'success' } })).toBe(
      undefined,
    );
    expect(
      refusedSubtype('to-cli', answer('Unsupported control request subtype: set_color')),
    ).toBeUndefined();
  });
});
