import { describe, expect, it } from 'vitest';
import { safeLink, sanitizeHtml } from '../../../src/features/shell/safeHtml';
import { slideTarget } from '../../../src/features/dashboard/PromoSlider';

const origin = 'https://portal.example.com';
/** Links a browser would send to another host although they start with one slash. */
const sneaky = ['/\\evil.com', '/\t/evil.com', '/\n/evil.com', '/\r//evil.com', '\\\\evil.com', '/\\/evil.com', '//evil.com', '/%09/evil.com/\\x'];

describe('news and notification links (safeHtml)', () => {
  it('keeps same-site paths as paths', () => {
    expect(safeLink('/campaign/12', origin)).toEqual({ href: '/campaign/12', external: false });
    expect(safeLink('  /browse/new?x=1#top ', origin)).toEqual({ href: '/browse/new?x=1#top', external: false });
    expect(safeLink('https://portal.example.com/faq', origin)).toEqual({ href: '/faq', external: false });
  });
  it('opens explicit http(s) and mailto addresses in a new tab', () => {
    expect(safeLink('https://blog.example.com/post', origin)).toEqual({ href: 'https://blog.example.com/post', external: true });
    expect(safeLink('HTTP://other.example.org', origin)).toEqual({ href: 'http://other.example.org/', external: true });
    expect(safeLink('mailto:help@example.com', origin)).toEqual({ href: 'mailto:help@example.com', external: true });
  });
  it.each(sneaky)('refuses %j', (href) => {
    expect(safeLink(href, origin)).toBeNull();
  });
  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'evil.com', '', '   ', 'https://evil.com\\@portal.example.com'])('refuses %j', (href) => {
    expect(safeLink(href, origin)).toBeNull();
  });
  it('without DOMParser returns escaped text, never HTML', () => {
    expect(typeof DOMParser).toBe('undefined');
    expect(sanitizeHtml('<p>Hi <b>there</b></p>')).toBe('Hi there');
    expect(sanitizeHtml('Tom & Jerry "said" \'5 > 3\'')).toBe('Tom &amp; Jerry &quot;said&quot; &#39;5 &gt; 3&#39;');
    expect(sanitizeHtml('<img src=x onerror=alert(1)')).toBe('');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;');
  });
});

describe('slide button target (PromoSlider)', () => {
  const t = (url: string) => slideTarget({ url, campaign_id: 5 }, origin);
  it('keeps portal paths and opens http(s) addresses in a new tab', () => {
    expect(t('/campaign/9')).toEqual({ href: '/campaign/9', external: false });
    expect(t('https://example.com/x')).toEqual({ href: 'https://example.com/x', external: true });
    expect(t('https://portal.example.com/campaign/9')).toEqual({ href: '/campaign/9', external: false });
  });
  it.each([...sneaky, 'javascript:alert(1)', 'mailto:x@example.com', ''])('sends %j to the campaign page', (url) => {
    expect(t(url)).toEqual({ href: '/campaign/5', external: false });
  });
});
