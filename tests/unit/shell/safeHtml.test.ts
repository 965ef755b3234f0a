import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/features/shell/safeHtml';

// Which links survive is the shared rule's business: tests/unit/shared/safeLink.test.ts. The same
// rule runs on the server (tests/server/newsHtml.test.ts); here it runs on jsdom as it does there.
describe('news and notification HTML (safeHtml, DOMPurify)', () => {
  it.each([
    ['<p>Hi <b>there</b></p>', '<p>Hi <b>there</b></p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<script>alert(1)</script>ok', 'ok'],
    ['<p>1</p><iframe src=x>frame text</iframe>', '<p>1</p>'],
    ['<svg><a href="/x">t</a></svg>z', 'z'],
    ['<form>f<input></form>ok', 'ok'],
    ['<div><span style="color:red" onmouseover="x()">s</span></div>', '<span>s</span>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href=" /campaigns/3 " title="t">c</a>', '<a href="/campaigns/3">c</a>'],
    ['<a href="https://example.com/a">e</a>', '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">e</a>'],
    ['<a href="mailto:help@example.com">m</a>', '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">m</a>'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('%s -> %s', (html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it('never lets an event handler or a script element through, whatever the nesting', () => {
    const out = sanitizeHtml('<p><b onclick=x><a href="/x" onfocus=y><math><mi xlink:href="javascript:1">m</mi></math><scr<script>ipt>z</p>');
    expect(out).not.toMatch(/on\w+=|<script|javascript:|<math/i);
  });
});
