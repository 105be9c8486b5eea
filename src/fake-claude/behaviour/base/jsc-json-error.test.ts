import { describe, expect, it } from 'vitest';
import { jscJsonParseError } from './jsc-json-error.js';

describe('jscJsonParseError (the Bun/JSC JSON.parse messages claude 2.1.150 prints)', () => {
  it.each([
    ['this is not json', 'Unexpected identifier "this"'],
    ['{bad', "Expected '}'"],
    ['[1,', 'Unexpected EOF'],
    ['"abc', 'Unterminated string'],
    ['<html>', "Unrecognized token '<'"],
    ['123abc', 'Unable to parse JSON string'],
    ['{"a":1}}', 'Unable to parse JSON string'],
  ])('%s → %s (observed on the real CLI)', (line, message) => {
    expect(jscJsonParseError(line)).toBe(message);
  });

  it.each([
    '{"type":"user","message":{"role":"user","content":"hi"}}',
    '[1,2,{"a":[true,false,null]}]',
    '42',
    '"s"',
  ])('valid JSON %s has no error', (line) => {
    expect(jscJsonParseError(line)).toBeUndefined();
  });

  it('checks a line nested a million levels deep without recursion', () => {
    const depth = 1_000_000;
    expect(jscJsonParseError(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`)).toBeUndefined();
    expect(jscJsonParseError('[{"a":'.repeat(depth))).toBe('Unexpected EOF');
    expect(jscJsonParseError(`${'['.repeat(depth)}1,}`)).toBe("Unexpected token '}'");
  });
});
