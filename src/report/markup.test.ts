import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { joinMarkup, Markup, xml, xmlEscape } from './markup.js';

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const xmlLegal = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

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
});
