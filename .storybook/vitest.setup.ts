/**
 * One browser pass per story and theme (docs/testing.md, docs/adr/0005).
 *
 * addon-vitest turns every story into a test that renders it, runs its play function and axe. The
 * storybook project has two browser instances, `light` and `dark` (vitest.config.ts), which start
 * every story in their theme; after the test, this hook takes the screenshot of that same render and
 * compares it with the committed baseline tests/visual/__screenshots__/<theme>/<story id>.png
 * (scripts/story-screenshot.ts). So each story is rendered once per theme, and play, axe (colour
 * contrast included) and the screenshot all run on that render.
 * A story opts out of the screenshot, never of play or axe, with `parameters.visual.skip: '<why>'`.
 */
import { afterEach, expect, type TestContext } from 'vitest';
import { commands } from 'vitest/browser';
import type { ThemeName } from '../src/ui/theme';
import type { FrameSize, ScreenshotResult } from '../scripts/story-screenshot';

interface ComposedStory {
  id: string;
  globals: Record<string, unknown>;
  parameters: { visual?: { skip?: string } };
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    storyScreenshot: (theme: ThemeName, storyId: string, size: FrameSize) => Promise<ScreenshotResult>;
  }
}

// A blinking caret would make a focused field's screenshot depend on the moment it is taken.
const noCaret = document.createElement('style');
noCaret.textContent = '*, *::before, *::after { caret-color: transparent !important; }';
document.head.appendChild(noCaret);

/**
 * Ends every running animation and transition the way Playwright's `animations: 'disabled'` does:
 * finite ones jump to their end state, infinite ones (spinners) go back to their start, so the
 * screenshot never depends on the moment it is taken.
 */
function settleAnimations() {
  for (const animation of document.getAnimations()) {
    if (animation.effect?.getComputedTiming().iterations === Infinity) animation.cancel();
    else animation.finish();
  }
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Waits (up to 2 s) until no overlay is still leaving, then two frames: react-aria gives focus back to
 * the trigger when a popover or modal has finished exiting, and the focus ring must not depend on
 * whether the screenshot came first.
 */
async function overlaysGone() {
  const until = performance.now() + 2000;
  while (document.querySelector('[data-exiting]') && performance.now() < until) await frame();
  await frame();
  await frame();
}

/**
 * Waits (up to 2 s) until the images on the page have loaded: a data-URL QR code decodes after the
 * first paint. Lazy images below the fold never load, hence the limit.
 */
async function imagesLoaded() {
  const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
  const limit = new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.race([Promise.all(pending.map((img) => img.decode().catch(() => undefined))), limit]);
}

async function screenshot(story: ComposedStory, theme: ThemeName) {
  await document.fonts.ready;
  await imagesLoaded();
  await overlaysGone();
  settleAnimations();
  const size = {
    width: window.innerWidth,
    height: window.innerHeight,
    scrollHeight: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
  };
  const result = await commands.storyScreenshot(theme, story.id, size);
  expect.soft(result.pass, result.message).toBe(true);
}

afterEach(async (context: TestContext & { story?: ComposedStory }) => {
  const story = context.story;
  if (!story || context.task.result?.state === 'fail' || story.parameters.visual?.skip) return;
  await screenshot(story, (story.globals.theme ?? 'light') as ThemeName);
});
