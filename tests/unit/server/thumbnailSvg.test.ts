import { describe, expect, it } from 'vitest';
import { campaignThumbnailSvg, THUMBNAIL } from '../../../server/modules/images/svg';

describe('the demo campaign thumbnail', () => {
  const svg = campaignThumbnailSvg({ brand: 'GreenCredit Travel Rewards Platinum', vertical: 'Credit Cards and Personal Finance Offers', style: 3 });

  it('is 4:3, the shape of every box the portal shows it in, so no cover crop cuts it', () => {
    expect(svg).toContain(`viewBox="0 0 ${THUMBNAIL.width} ${THUMBNAIL.height}"`);
    expect(THUMBNAIL.width / THUMBNAIL.height).toBeCloseTo(4 / 3);
  });

  it('shortens a long brand and vertical to fit inside it', () => {
    const texts = [...svg.matchAll(/<text[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].map(([, size, text]) => ({ size: Number(size), text }));
    expect(texts.map((t) => t.text.endsWith('…'))).toEqual([true, true]);
    // About 0.68 em a character in the bold face: still inside the image's width with a margin.
    for (const { size, text } of texts) expect(text.length * size * 0.68).toBeLessThan(THUMBNAIL.width - 10);
  });
});
