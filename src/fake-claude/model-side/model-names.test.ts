import { describe, expect, it } from 'vitest';
import { displayModelName, windowText } from './model-names.js';

describe('model names as the CLI shows them', () => {
  it('names a model id by family and version', () => {
    expect(displayModelName('claude-haiku-4-5')).toBe('Haiku 4.5');
    expect(displayModelName('claude-opus-5-5')).toBe('Opus 5.5');
    expect(displayModelName('claude-sonnet-4-5-20250929')).toBe('Sonnet 4.5');
    expect(displayModelName('claude-opus-4-7[1m]')).toBe('Opus 4.7');
  });
  it('shows an id of another shape as it is', () => {
    expect(displayModelName('my-model')).toBe('my-model');
  });
  it('writes context windows in K and M', () => {
    expect(windowText(1_000_000)).toBe('1M');
    expect(windowText(200_000)).toBe('200K');
    expect(windowText(12_345)).toBe('12345');
  });
});
