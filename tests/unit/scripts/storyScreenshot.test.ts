import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { baselineName, comparePng, MAX_DIFF_PIXELS } from '../../../scripts/story-screenshot';

function png(width: number, height: number, paint?: (x: number, y: number) => [number, number, number]) {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint?.(x, y) ?? [255, 255, 255];
      const i = (y * width + x) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

describe('story screenshot comparison', () => {
  it('passes equal images without a diff', () => {
    expect(comparePng(png(40, 30), png(40, 30))).toEqual({ differing: 0 });
  });

  it('counts every changed pixel at threshold 0, even a barely different colour', () => {
    const changed = png(40, 30, (x, y) => (x < 5 && y < 6 ? [254, 255, 255] : [255, 255, 255]));
    const result = comparePng(png(40, 30), changed);
    expect(result.differing).toBe(30);
    expect(result.differing).toBeGreaterThan(MAX_DIFF_PIXELS);
    expect(result.diff).toBeInstanceOf(Buffer);
  });

  it('treats a change of size as a change of every pixel', () => {
    const result = comparePng(png(40, 30), png(40, 31));
    expect(result.sizes).toBe('40×30 → 40×31');
    expect(result.differing).toBe(40 * 31);
  });

  it('names baselines by theme and story id, and refuses anything else', () => {
    expect(baselineName('dark', 'ui-button--primary')).toBe('dark/ui-button--primary.png');
    expect(() => baselineName('dark', '../../etc/passwd')).toThrow();
    expect(() => baselineName('dark/..', 'ui-button--primary')).toThrow();
  });
});
