import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { escapeHtml, htmlId, htmlPage } from './html-page.js';

describe('the HTML page shell', () => {
  test('escapeHtml leaves no markup and no way out of a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  test('ids keep only letters, digits, - and _; distinct texts give distinct ids', () => {
    expect(htmlId('s', 'control/set-model')).toBe('s-control_2fset-model');
    expect(htmlId('s', 'a b')).not.toBe(htmlId('s', 'a_b'));
    expect(htmlId('s', '"><script>')).toMatch(/^[\w-]+$/);
  });

  test('the policy allows exactly the page’s own script, by its hash, and fetches nothing', () => {
    const script = 'document.body.dataset.ok = "1";';
    const html = htmlPage({ title: '<t>', body: '<p>x</p>', script });
    const hash = createHash('sha256').update(script).digest('base64');
    expect(html).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(html).toContain('default-src &#39;none&#39;');
    expect(html).toContain('<title>&lt;t&gt;</title>');
    expect(html).toContain(`<script>${script}</script>`);
  });

  test('a page script that could end its own element is refused', () => {
    expect(() => htmlPage({ title: 't', body: '', script: 'x = "</SCRIPT>"' })).toThrow(/must not contain/);
  });
});
