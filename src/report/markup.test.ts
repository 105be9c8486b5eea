import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { html, htmlEscape, joinMarkup, Markup, xml, xmlEscape } from './markup.js';

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const xmlLegal = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

/** Any text, with the characters and entities markup is made of coming often. */
const markupish = fc.string({
  unit: fc.oneof(
    fc.constantFrom('<', '>', '&', '"', "'", '&amp;', '&#39;', '</e>'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
});

describe('markup templates escape once', () => {
  it('escapes text put in, never markup a template built, and leaves out nothing values', () => {
    const inner = xml`<b>${'x & y'}</b>`;
    expect(xml`<a t="${'"q"'}">${inner}${null}${false}${undefined}${[inner, '<']}</a>`.text).toBe(
      '<a t="&quot;q&quot;"><b>x &amp; y</b><b>x &amp; y</b>&lt;</a>',
    );
    expect(xml`${3}/${true}`.text).toBe('3/true');
    expect(joinMarkup([xml`<a/>`, xml`<b/>`], '\n').text).toBe('<a/>\n<b/>');
    expect(String(new Markup('<c/>'))).toBe('<c/>');
  });

  test.prop([fc.string({ unit: 'binary' })])(
    'any text in an attribute or an element comes back as its XML-legal characters, with no markup of its own',
    (text) => {
      const out = xml`<e a="${text}">${text}</e>`.text;
      const [, attribute, content] = /^<e a="([^"<&]*(?:&[a-z]+;[^"<&]*)*)">([^<]*)<\/e>$/.exec(out) ?? [];
      expect(attribute).toBeDefined();
      expect(unescapeXml(attribute!)).toBe(xmlLegal(text));
      expect(unescapeXml(content!)).toBe(xmlLegal(text));
      expect(xmlEscape(text)).toBe(attribute);
    },
  );

  it('html: text put in is escaped, markup a template built is kept, nothing values leave nothing', () => {
    const inner = html`<b>${'x & y'}</b>`;
    expect(html`<a title='${"'q'"}'>${inner}${null}${false}${undefined}${[inner, '<']}${2}</a>`.text).toBe(
      "<a title='&#39;q&#39;'><b>x &amp; y</b><b>x &amp; y</b>&lt;2</a>",
    );
  });

  test.prop([markupish])(
    'html: any text in an attribute or an element comes back as itself, with no markup of its own',
    (text) => {
      const out = html`<e a="${text}">${text}</e>`.text;
      const [, attribute, content] = /^<e a="([^"<>']*)">([^<>]*)<\/e>$/.exec(out) ?? [];
      expect(attribute).toBeDefined();
      expect(unescapeHtml(attribute!)).toBe(text);
      expect(unescapeHtml(content!)).toBe(text);
      expect(htmlEscape(text)).toBe(attribute);
    },
  );

  test.prop([markupish, fc.integer({ min: 1, max: 6 })])(
    'html: markup built by the template is escaped once however deep it is nested',
    (text, depth) => {
      let built = html`<i>${text}</i>`;
      for (let i = 1; i < depth; i += 1) built = i % 2 ? html`<b>${built}</b>` : html`<b>${[built]}</b>`;
      const opening = '<b>'.repeat(depth - 1);
      const closing = '</b>'.repeat(depth - 1);
      expect(built.text).toBe(`${opening}<i>${htmlEscape(text)}</i>${closing}`);
    },
  );
});
