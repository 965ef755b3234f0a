/**
 * The story screenshot, as a Vitest browser command (runs in Node, next to Playwright).
 *
 * Called by .storybook/vitest.setup.ts once per story and theme. It captures the story's frame (the
 * whole viewport, grown to the page's full height when the story is taller) and compares it with the
 * committed baseline tests/visual/__screenshots__/<theme>/<story id>.png:
 *
 * - identical bytes: a pass without decoding anything (the usual case: the same Chromium and fonts
 *   encode the same pixels to the same PNG);
 * - otherwise both images are decoded and compared pixel by pixel with pixelmatch at threshold 0;
 *   up to 24 differing pixels (corner anti-aliasing, docs/adr/0001) pass and keep the old baseline;
 * - more: the test fails, and the new image and a diff image are written to test-results/visual/.
 *
 * A missing baseline is written and fails the test (review it, then run again); with `-u`
 * (`npm run test:visual:update`) changed and new baselines are written and pass. CI never writes.
 * Measured against Vitest's own toMatchScreenshot in docs/adr/0005.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { CDPSession, Frame, Page } from 'playwright';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { BrowserCommand } from 'vitest/node';

/** Pixels allowed to differ (any amount) before a screenshot counts as changed: docs/adr/0001. */
export const MAX_DIFF_PIXELS = 24;
export const BASELINE_DIR = 'tests/visual/__screenshots__';
export const DIFF_DIR = 'test-results/visual';

export interface ScreenshotResult {
  pass: boolean;
  message: string;
}

/** A story id and theme as a file path: `dark/ui-button--primary.png`. */
export function baselineName(theme: string, storyId: string) {
  if (!/^[a-z0-9-]+$/.test(storyId) || !/^[a-z]+$/.test(theme)) throw new Error(`Not a story id and theme: ${theme}/${storyId}`);
  return `${theme}/${storyId}.png`;
}

export function comparePng(baseline: Buffer, actual: Buffer): { differing: number; diff?: Buffer; sizes?: string } {
  if (baseline.equals(actual)) return { differing: 0 };
  const a = PNG.sync.read(baseline);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width || a.height !== b.height) {
    return { differing: Math.max(a.width * a.height, b.width * b.height), sizes: `${a.width}×${a.height} → ${b.width}×${b.height}` };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0 });
  return { differing, diff: PNG.sync.write(diff) };
}

/** The size of the story's page, measured in the browser by the caller. */
export interface FrameSize {
  width: number;
  height: number;
  scrollHeight: number;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();
const cdp = (page: Page) => {
  if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
  return sessions.get(page)!;
};

/**
 * The story frame's full extent, captured straight from Chromium (one DevTools call: Playwright's own
 * screenshot adds several round trips for caret and animation handling, which the story page does
 * itself: reduced motion, paused animations, a transparent caret).
 */
async function capture(page: Page, frame: Frame, size: FrameSize): Promise<Buffer> {
  const element = await frame.frameElement();
  const box = await element.boundingBox();
  if (!box) throw new Error('The story frame is not on the page');
  let height = size.height;
  let restore: (() => Promise<void>) | undefined;
  if (size.scrollHeight > size.height) {
    // Grow the frame (and the page, if needed) to the story's full height, like a full-page screenshot.
    // A taller frame can make the page taller still (a layout of at least 100vh, a grid that reflows),
    // so measure again until the height holds.
    const previous = page.viewportSize();
    const style = await element.evaluate((el: HTMLElement) => el.getAttribute('style'));
    restore = async () => {
      await element.evaluate((el: HTMLElement, s: string | null) => (s === null ? el.removeAttribute('style') : el.setAttribute('style', s)), style);
      if (previous) await page.setViewportSize(previous);
    };
    let wanted = size.scrollHeight;
    for (let i = 0; i < 5 && wanted !== height; i += 1) {
      height = wanted;
      await element.evaluate((el: HTMLElement, h: number) => (el.style.height = `${h}px`), height);
      if (previous && page.viewportSize()!.height < box.y + height) await page.setViewportSize({ width: previous.width, height: Math.ceil(box.y + height) });
      wanted = await frame.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => resolve(Math.max(document.documentElement.scrollHeight, document.body.scrollHeight))),
          ),
      );
    }
  }
  try {
    const session = await cdp(page);
    const { data } = await session.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      clip: { x: box.x, y: box.y, width: size.width, height, scale: 1 },
    });
    return Buffer.from(data, 'base64');
  } finally {
    await restore?.();
  }
}

export const storyScreenshot: BrowserCommand<[theme: string, storyId: string, size: FrameSize]> = async (ctx, theme, storyId, size) => {
  const { page } = ctx as unknown as { page: Page };
  const frame = await (ctx as unknown as { frame: () => Promise<Frame> }).frame();
  const name = baselineName(theme, storyId);
  const root = ctx.project.config.root;
  const baselinePath = join(root, BASELINE_DIR, name);
  const update = ctx.project.serializedConfig.snapshotOptions.updateSnapshot;
  const actual = await capture(page, frame, size);
  const baseline = await readFile(baselinePath).catch(() => null);
  const rel = relative(root, baselinePath);

  const write = async (path: string, data: Buffer) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  };

  if (!baseline) {
    if (update === 'none') return { pass: false, message: `No baseline ${rel}: make it with npm run test:visual:update and review it.` };
    await write(baselinePath, actual);
    if (update === 'all') return { pass: true, message: `New baseline ${rel}` };
    return { pass: false, message: `No baseline ${rel}: one was written. Review it, then run again.` };
  }
  const { differing, diff, sizes } = comparePng(baseline, actual);
  // After a change to the pipeline itself, `VISUAL_EXACT=1 npm run test:visual:update` also rewrites
  // the baselines that differ within the allowance, so later runs match by bytes (no decoding).
  if (update === 'all' && process.env.VISUAL_EXACT && differing <= MAX_DIFF_PIXELS && !baseline.equals(actual)) {
    await write(baselinePath, actual);
    return { pass: true, message: `Rewrote baseline ${rel} (${differing} pixels)` };
  }
  if (differing <= MAX_DIFF_PIXELS) return { pass: true, message: 'matches' };
  if (update === 'all') {
    await write(baselinePath, actual);
    return { pass: true, message: `Updated baseline ${rel}` };
  }
  const out = join(root, DIFF_DIR, name.replace(/\.png$/, ''));
  await write(`${out}-actual.png`, actual);
  if (diff) await write(`${out}-diff.png`, diff);
  return {
    pass: false,
    message:
      `The ${theme} screenshot differs from ${rel}: ${sizes ? `size ${sizes}` : `${differing} pixels`} ` +
      `(at most ${MAX_DIFF_PIXELS} may). See ${relative(root, out)}-actual.png and -diff.png; ` +
      'if the change is intended, run npm run test:visual:update and review the new baseline.',
  };
};
