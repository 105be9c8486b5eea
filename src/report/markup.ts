/**
 * Markup built by tagged templates that escape once: every value put into an `xml` or `html`
 * template is escaped as it goes in, unless it is markup a template built already. String
 * concatenation with an escape call at each place can forget one or escape one twice; this cannot.
 */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What a template takes: markup as it is, text (escaped), numbers, nothing (`null`, `false`), lists of these. */
export type Part = Markup | string | number | boolean | null | undefined | readonly Part[];

/** Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Escapes text for HTML content and attribute values (quoted with `"` or `'`). */
export function htmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function render(part: Part, escapeText: (text: string) => string): string {
  if (part instanceof Markup) return part.text;
  if (Array.isArray(part)) return part.map((p) => render(p, escapeText)).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeText(String(part));
}

function template(escapeText: (text: string) => string) {
  return (strings: TemplateStringsArray, ...parts: Part[]): Markup => {
    let out = strings[0] ?? '';
    parts.forEach((part, i) => {
      out += render(part, escapeText) + (strings[i + 1] ?? '');
    });
    return new Markup(out);
  };
}

/** An XML template: `xml\`<a title="${text}">${child}</a>\``. */
export const xml = template(xmlEscape);

/** An HTML template: `html\`<a title="${text}">${child}</a>\``. */
export const html = template(htmlEscape);

/** Markup joined by `separator` (a newline between elements, say). */
export function joinMarkup(parts: readonly Markup[], separator: string): Markup {
  return new Markup(parts.map((p) => p.text).join(separator));
}
