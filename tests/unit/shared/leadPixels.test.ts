import { describe, expect, it } from 'vitest';
import { leadPixelsFromEnv } from '../../../server/config';
import { portalIndexHtml } from '../../../server/app';
import { fireLeadPixels } from '../../../src/features/register/leadPixels';
import { leadPixelAddress, leadPixelOrigins, parseLeadPixels } from '../../../src/shared/leadPixels';

/** LEAD_PIXEL_URLS: the thank-you step's conversion pixels (spec 002 §2 step 9). */
describe('lead pixels', () => {
  const ads = 'https://ads.example.com/conv?id=7&cb={cachebuster}';
  const own = 'https://track.network.example/pixel?campaign_id=1001';

  it('the setting: addresses separated by spaces or new lines (a comma belongs to its address); none by default', () => {
    expect(leadPixelsFromEnv(undefined)).toEqual([]);
    expect(leadPixelsFromEnv('  ')).toEqual([]);
    expect(leadPixelsFromEnv(`${ads}\n ${own}\n`)).toEqual([ads, own]);
    expect(leadPixelsFromEnv('https://ads.example.com/c?ids=a,b')).toEqual(['https://ads.example.com/c?ids=a,b']);
    expect(leadPixelsFromEnv('http://[::1]:8080/p.gif http://127.0.0.1/p.gif')).toHaveLength(2);
  });

  it('refuses what is not an absolute http(s) address, what could leave the attribute, and more than five', () => {
    // A host that would widen or break the page's img-src: '*', ';', a cachebuster in the host.
    for (const bad of ['/pixel?x=1', 'javascript:alert(1)', 'data:image/gif;base64,R0lGOD', 'https://a.example/"onload=x', 'https://a.example/<b>', 'https://*/p.gif', 'https://*.example.com/p.gif', 'https://a;b.example/p.gif', 'https://{cachebuster}.example.com/p.gif']) {
      expect(parseLeadPixels(bad), bad).toHaveProperty('error');
      expect(() => leadPixelsFromEnv(bad)).toThrow(/^LEAD_PIXEL_URLS must be image pixel addresses/);
    }
    expect(parseLeadPixels(Array.from({ length: 6 }, (_, i) => `https://p${i}.example/`).join(' '))).toEqual({ error: 'at most 5 addresses, got 6' });
  });

  it('fills {cachebuster} and names the origins the page may load them from', () => {
    expect(leadPixelAddress(ads, '42')).toBe('https://ads.example.com/conv?id=7&cb=42');
    expect(leadPixelOrigins([ads, own, 'https://ads.example.com/other'])).toEqual(['https://ads.example.com', 'https://track.network.example']);
  });

  it('the server writes them into index.html; the thank-you step requests each once, filled', () => {
    const html = portalIndexHtml('<meta name="product-name" content="" /><meta name="lead-pixels" content="" /><title>x</title>', 'Cash $1 & Co', [ads, own]);
    expect(html).toContain('<meta name="product-name" content="Cash $1 &#38; Co" />');
    expect(html).toContain('<meta name="lead-pixels" content="https://ads.example.com/conv?id=7&#38;cb={cachebuster} https://track.network.example/pixel?campaign_id=1001" />');
    // The portal reads the attribute as the browser gives it (entities decoded).
    const content = `${ads} ${own}`;
    const doc = { querySelector: (selector: string) => (selector === 'meta[name="lead-pixels"]' ? ({ content } as HTMLMetaElement) : null) };
    const loaded: string[] = [];
    expect(fireLeadPixels(doc as never, (src) => loaded.push(src), () => '123')).toEqual(loaded);
    expect(loaded).toEqual(['https://ads.example.com/conv?id=7&cb=123', own]);
    expect(fireLeadPixels({ querySelector: () => null } as never, (src) => loaded.push(src))).toEqual([]);
  });
});
