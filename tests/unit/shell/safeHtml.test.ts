import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/features/shell/safeHtml';

// Which links survive is the shared rule's business: tests/unit/shared/safeLink.test.ts.
describe('news and notification HTML (safeHtml)', () => {
  it('without DOMParser returns escaped text, never HTML', () => {
    expect(typeof DOMParser).toBe('undefined');
    expect(sanitizeHtml('<p>Hi <b>there</b></p>')).toBe('Hi there');
    expect(sanitizeHtml('Tom & Jerry "said" \'5 > 3\'')).toBe('Tom &amp; Jerry &quot;said&quot; &#39;5 &gt; 3&#39;');
    expect(sanitizeHtml('<img src=x onerror=alert(1)')).toBe('');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;');
  });
});
