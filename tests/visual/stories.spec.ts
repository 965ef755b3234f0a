import { readFileSync } from 'node:fs';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * One screenshot per story of the built Storybook, compared with its committed baseline.
 * A story opts out with the tag `no-visual` (say why in the story).
 *
 * Each story gets its own page load (one page per worker is reused, so the browser cache keeps
 * the bundle warm), so no state of an earlier story can reach its screenshot.
 */
interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}

const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter((e) => e.type === 'story' && !(e.tags ?? []).includes('no-visual'));

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit: (event: string, payload: unknown) => void };
}

/** One page per worker, created with the project's `use` options (viewport, motion, locale...). */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, deviceScaleFactor, colorScheme, reducedMotion, timezoneId, locale } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor, colorScheme, reducedMotion, timezoneId, locale });
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

async function showStory(page: Page, id: string) {
  // A fresh page load per story: switching stories in place leaked pointer position, hover and
  // react-aria's interaction modality from one story into the next, which made 13 of 288
  // screenshots depend on test order.
  await page.goto(`/iframe.html?id=${id}&viewMode=story`);
  // Wait until this story has rendered and its play function has finished.
  await page.waitForFunction(
    (storyId) => {
      const render = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
      return render?.id === storyId && ['finished', 'errored', 'aborted'].includes(render.phase ?? '');
    },
    id,
    { timeout: 30_000 },
  );
  return page.evaluate(() => (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__!.currentRender!.phase);
}

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ storyPage }) => {
    const phase = await showStory(storyPage, story.id);
    expect(phase, 'the story rendered and its play function passed').toBe('finished');
    await storyPage.evaluate(() => document.fonts.ready);
    await expect(storyPage).toHaveScreenshot(`${story.id}.png`, { fullPage: true });
  });
}
