/**
 * The real CLI 2.1.150 is a Bun binary: a stdin line that is not JSON is reported with the message of
 * JavaScriptCore's JSON parser (`JSON Parse error: Unexpected identifier "this"`), not V8's. This is a
 * small JSON checker that yields JSC's messages for the common mistakes. Observed on 2.1.150:
 *
 * | line              | message                        |
 * |-------------------|--------------------------------|
 * | `this is not json`| `Unexpected identifier "this"` |
 * | `{bad`            | `Expected '}'`                 |
 * | `[1,`             | `Unexpected EOF`               |
 * | `"abc`            | `Unterminated string`          |
 * | `<html>`          | `Unrecognized token '<'`       |
 * | `123abc`, `{}}`   | `Unable to parse JSON string`  |
 *
 * Other cases follow the same rules by analogy (see docs/fake-claude-differences.md).
 */

type Token =
  | { kind: 'punct'; value: string }
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'word'; value: string }
  | { kind: 'eof' };

class JscJsonError extends Error {}

class Lexer {
  private pos = 0;
  constructor(private readonly text: string) {}

  next(): Token {
    const s = this.text;
    while (this.pos < s.length && ' \t\r\n'.includes(s[this.pos]!)) this.pos++;
    if (this.pos >= s.length) return { kind: 'eof' };
    const c = s[this.pos]!;
    if ('{}[]:,'.includes(c)) {
      this.pos++;
      return { kind: 'punct', value: c };
    }
    if (c === '"') {
      this.pos++;
      while (this.pos < s.length) {
        const d = s[this.pos]!;
        if (d === '\\') {
          this.pos += 2;
          continue;
        }
        if (d === '"') {
          this.pos++;
          return { kind: 'string' };
        }
        this.pos++;
      }
      throw new JscJsonError('Unterminated string');
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(s.slice(this.pos));
      if (!m) throw new JscJsonError(`Unrecognized token '${c}'`);
      this.pos += m[0].length;
      return { kind: 'number' };
    }
    const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(s.slice(this.pos));
    if (word) {
      this.pos += word[0].length;
      return { kind: 'word', value: word[0] };
    }
    throw new JscJsonError(`Unrecognized token '${c}'`);
  }
}

function parseValue(lexer: Lexer, token: Token): void {
  switch (token.kind) {
    case 'eof':
      throw new JscJsonError('Unexpected EOF');
    case 'string':
    case 'number':
      return;
    case 'word':
      if (token.value === 'true' || token.value === 'false' || token.value === 'null') return;
      throw new JscJsonError(`Unexpected identifier "${token.value}"`);
    case 'punct':
      if (token.value === '{') {
        parseObject(lexer);
        return;
      }
      if (token.value === '[') {
        parseArray(lexer);
        return;
      }
      throw new JscJsonError(`Unexpected token '${token.value}'`);
  }
}

function parseObject(lexer: Lexer): void {
  let token = lexer.next();
  if (token.kind === 'punct' && token.value === '}') return;
  for (;;) {
    if (token.kind === 'eof') throw new JscJsonError('Unexpected EOF');
    if (token.kind !== 'string') throw new JscJsonError("Expected '}'");
    const colon = lexer.next();
    if (colon.kind === 'eof') throw new JscJsonError('Unexpected EOF');
    if (colon.kind !== 'punct' || colon.value !== ':') {
      throw new JscJsonError("Expected ':' before value in object property definition");
    }
    parseValue(lexer, lexer.next());
    const after = lexer.next();
    if (after.kind === 'punct' && after.value === '}') return;
    if (after.kind === 'eof') throw new JscJsonError('Unexpected EOF');
    if (after.kind !== 'punct' || after.value !== ',') throw new JscJsonError("Expected '}'");
    token = lexer.next();
    if (token.kind !== 'string' && token.kind !== 'eof') {
      throw new JscJsonError('Property name must be a string literal');
    }
  }
}

function parseArray(lexer: Lexer): void {
  let token = lexer.next();
  if (token.kind === 'punct' && token.value === ']') return;
  for (;;) {
    parseValue(lexer, token);
    const after = lexer.next();
    if (after.kind === 'punct' && after.value === ']') return;
    if (after.kind === 'eof') throw new JscJsonError('Unexpected EOF');
    if (after.kind !== 'punct' || after.value !== ',') throw new JscJsonError("Expected ']'");
    token = lexer.next();
  }
}

/** JSC's `JSON Parse error: …` detail for `text`, or `undefined` when it is valid JSON. */
export function jscJsonParseError(text: string): string | undefined {
  try {
    const lexer = new Lexer(text);
    parseValue(lexer, lexer.next());
    if (lexer.next().kind !== 'eof') return 'Unable to parse JSON string';
    return undefined;
  } catch (error) {
    if (error instanceof JscJsonError) return error.message;
    throw error;
  }
}
