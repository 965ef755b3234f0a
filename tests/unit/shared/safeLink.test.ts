import { describe, expect, it } from 'vitest';
import { NEWS_LINKS, safeLink, SLIDE_LINKS, slideLink } from '../../../src/shared/safeLink';

const origin = 'https://portal.example.com';
/** Links a browser would send to another host although they start with one slash. */
const sneaky = ['/\\evil.com', '/\t/evil.com', '/\n/evil.com', '/\r//evil.com', '\\\\evil.com', '/\\/evil.com', '//evil.com', '/%09/evil.com/\\x'];
const notLinks = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', 'evil.com', 'campaign/12', '', '   ', 'https://evil.com\\@portal.example.com'];

describe('safe links of news and notification HTML', () => {
  it('keeps same-site paths as paths', () => {
    expect(safeLink('/campaign/12', origin)).toEqual({ href: '/campaign/12', external: false });
    expect(safeLink('  /browse/new?x=1#top ', origin)).toEqual({ href: '/browse/new?x=1#top', external: false });
    expect(safeLink('https://portal.example.com/faq', origin)).toEqual({ href: '/faq', external: false });
  });
  it('opens explicit http(s) and mailto addresses in a new tab', () => {
    expect(safeLink('https://blog.example.com/post', origin)).toEqual({ href: 'https://blog.example.com/post', external: true });
    expect(safeLink('HTTP://other.example.org', origin)).toEqual({ href: 'http://other.example.org/', external: true });
    expect(safeLink('mailto:help@example.com', origin, NEWS_LINKS)).toEqual({ href: 'mailto:help@example.com', external: true });
  });
  it.each([...sneaky, ...notLinks])('refuses %j', (href) => {
    expect(safeLink(href, origin)).toBeNull();
  });
  it('refuses nothing and an origin that is no URL', () => {
    expect(safeLink(null, origin)).toBeNull();
    expect(safeLink(undefined, origin)).toBeNull();
    expect(safeLink('/x', 'not an origin')).toBeNull();
  });
});

describe('slide buttons: portal paths only, else the campaign page', () => {
  it('keeps portal paths, also written as an address on the portal', () => {
    expect(slideLink('/campaign/9', 5, origin)).toEqual({ href: '/campaign/9', external: false });
    expect(slideLink('https://portal.example.com/campaign/9', 5, origin)).toEqual({ href: '/campaign/9', external: false });
    expect(slideLink('/campaign/1001?tab=creatives#top', 5, origin)).toEqual({ href: '/campaign/1001?tab=creatives#top', external: false });
  });
  it.each([...sneaky, ...notLinks, 'https://example.com/x', 'mailto:x@example.com', null])('sends %j to the campaign page', (url) => {
    expect(slideLink(url, 5, origin)).toEqual({ href: '/campaign/5', external: false });
    expect(safeLink(url, origin, SLIDE_LINKS)).toBeNull();
  });
  it('gives the server, which has no page, the same answers', () => {
    expect(typeof globalThis.location).toBe('undefined');
    expect(slideLink('/browse/new', 7).href).toBe('/browse/new');
    expect(slideLink(' /browse/new ', 7).href).toBe('/browse/new');
    expect(slideLink('https://portal.example.com/browse/new', 7).href).toBe('/campaign/7');
    expect(slideLink('/browse/new\tjavascript:', 7).href).toBe('/campaign/7');
  });
});
