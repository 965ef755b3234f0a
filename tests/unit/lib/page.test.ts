import { describe, expect, it } from 'vitest';
import { documentTitle, readProductName } from '../../../src/lib/page';
import { DEFAULT_PRODUCT_NAME } from '../../../src/shared/product';

const docWith = (content: string | null) =>
  ({ querySelector: () => (content === null ? null : { content }) }) as unknown as Document;

describe('page titles', () => {
  it('names the screen first, then the product', () => {
    expect(documentTitle('Dashboard', 'Acme Partners')).toBe('Dashboard | Acme Partners');
    expect(documentTitle(null, 'Acme Partners')).toBe('Acme Partners');
    expect(documentTitle('', 'Acme Partners')).toBe('Acme Partners');
  });

  it("reads the server's product name, else the default", () => {
    expect(readProductName(docWith(' Acme Partners '))).toBe('Acme Partners');
    expect(readProductName(docWith('   '))).toBe(DEFAULT_PRODUCT_NAME);
    expect(readProductName(docWith(null))).toBe(DEFAULT_PRODUCT_NAME);
    expect(readProductName(undefined)).toBe(DEFAULT_PRODUCT_NAME);
  });
});
