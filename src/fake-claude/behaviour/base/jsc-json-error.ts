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

// Sticky: matched at the lexer's position, without copying the rest of the line.
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;

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
      NUMBER.lastIndex = this.pos;
      const m = NUMBER.exec(s);
      if (!m) throw new JscJsonError(`Unrecognized token '${c}'`);
      this.pos += m[0].length;
      return { kind: 'number' };
    }
    WORD.lastIndex = this.pos;
    const word = WORD.exec(s);
    if (word) {
      this.pos += word[0].length;
      return { kind: 'word', value: word[0] };
    }
    throw new JscJsonError(`Unrecognized token '${c}'`);
  }
}

const isPunct = (token: Token, value: string): boolean => token.kind === 'punct' && token.value === value;

/** A scalar value at `token`, or the error JSC gives for what stands there instead. */
function scalar(token: Token): void {
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
      throw new JscJsonError(`Unexpected token '${token.value}'`);
  }
}

/** An object member's key and colon at `token`; returns the first token of its value. */
function memberValue(lexer: Lexer, token: Token): Token {
  if (token.kind === 'eof') throw new JscJsonError('Unexpected EOF');
  if (token.kind !== 'string') throw new JscJsonError("Expected '}'");
  const colon = lexer.next();
  if (colon.kind === 'eof') throw new JscJsonError('Unexpected EOF');
  if (!isPunct(colon, ':')) throw new JscJsonError("Expected ':' before value in object property definition");
  return lexer.next();
}

/**
 * One JSON value, checked without recursion (a line may nest a million levels): a stack of the
 * containers open, a value at a time, then as many containers closed as end there.
 */
function parseValue(lexer: Lexer, first: Token): void {
  const open: Array<'array' | 'object'> = [];
  let token = first;
  for (;;) {
    if (isPunct(token, '{')) {
      const next = lexer.next();
      if (!isPunct(next, '}')) {
        open.push('object');
        token = memberValue(lexer, next);
        continue;
      }
    } else if (isPunct(token, '[')) {
      const next = lexer.next();
      if (!isPunct(next, ']')) {
        open.push('array');
        token = next;
        continue;
      }
    } else scalar(token);
    // A value is complete: close what ends here, then go on to the next value, if any.
    for (;;) {
      const container = open.at(-1);
      if (container === undefined) return;
      const after = lexer.next();
      if (isPunct(after, container === 'array' ? ']' : '}')) {
        open.pop();
        continue;
      }
      if (after.kind === 'eof') throw new JscJsonError('Unexpected EOF');
      if (!isPunct(after, ','))
        throw new JscJsonError(container === 'array' ? "Expected ']'" : "Expected '}'");
      const next = lexer.next();
      if (container === 'array') token = next;
      else {
        if (next.kind !== 'string' && next.kind !== 'eof') {
          throw new JscJsonError('Property name must be a string literal');
        }
        token = memberValue(lexer, next);
      }
      break;
    }
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
