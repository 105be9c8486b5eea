/** JSON's own escapes, by the character after the backslash. */
const JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * JSON's escapes undone over a whole JSON text. In valid JSON every backslash starts an escape
 * inside a string and no escape spans a string's end, so every string (and key) the text parses
 * to is a substring of the result: a cheap pre-test over it covers all of them at once.
 */
export function unescapeJsonText(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(?:u([0-9a-fA-F]{4})|(.))/gs, (_, hex?: string, ch?: string) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (JSON_ESCAPES[ch ?? ''] ?? ch ?? ''),
  );
}
