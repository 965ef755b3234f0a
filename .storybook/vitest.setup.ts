/**
 * One browser pass per story, both themes (docs/testing.md, docs/adr/0008).
 *
 * addon-vitest turns every story into a test that renders it (light, unless the story's globals say
 * otherwise), runs its play function and axe. After the test, this hook takes the light screenshot of
 * that render and compares it with the committed baseline tests/visual/__screenshots__/light/<story
 * id>.png (scripts/story-screenshot.ts); then it switches the SAME render to the dark theme (the
 * story's tree stays mounted with its state, focus and open overlays; only the theme's consumers render
 * again), runs axe's colour rules on it (the rest of the page is the same markup axe has just passed)
 * and takes the dark screenshot. So each story is rendered and played once, and axe and the screenshot
 * run in both themes.
 * A story opts out of the screenshots, never of play or axe, with `parameters.visual.skip: '<why>'`.
 */
import { afterEach, expect, type TestContext } from 'vitest';
import { commands } from 'vitest/browser';
import type { ThemeName } from '../src/ui/theme';
import { flushSync } from 'react-dom';
import { forceStoryTheme } from './storyTheme';
import { darkAxeViolations, type A11yParameters } from './darkAxe';
import type { FrameSize, ScreenshotResult } from '../scripts/story-screenshot';

interface ComposedStory {
  id: string;
  globals: Record<string, unknown>;
  parameters: { visual?: { skip?: string }; a11y?: A11yParameters };
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

/** Fonts and images in, overlays done leaving, animations and transitions at their end. */
async function settled() {
  await document.fonts.ready;
  await imagesLoaded();
  await overlaysGone();
  settleAnimations();
}

/**
 * While the same render is switched to dark: no CSS transitions. Otherwise every element (the
 * reduced-motion rule gives each a 0.01 ms transition of every property) would start one for its new
 * colours, and a parent's finished transition changes what its children inherit, which starts theirs:
 * ending them all takes as many rounds as the page is deep.
 */
const noTransitions = document.createElement('style');
noTransitions.textContent = '*, *::before, *::after { transition: none !important; }';

async function screenshot(story: ComposedStory, theme: ThemeName, ready: () => Promise<void> = settled) {
  await ready();
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
  // A failed play or light axe check is the story's failure; its dark pass would only repeat it.
  if (!story || context.task.result?.state === 'fail') return;
  const shoot = !story.parameters.visual?.skip;
  const theme = (story.globals.theme ?? 'light') as ThemeName;
  if (shoot) await screenshot(story, theme);
  // A story that starts in the dark theme (its own globals) has been checked there already.
  if (theme === 'dark') return;
  document.head.appendChild(noTransitions);
  try {
    // The switch renders the theme's consumers again, committed at once; reading a computed style
    // then applies the new colours everywhere (no transitions), so axe reads the final colours.
    flushSync(() => forceStoryTheme('dark'));
    void getComputedStyle(document.body).color;
    settleAnimations();
    const violations = await darkAxeViolations(story.parameters.a11y);
    expect.soft(violations, `The dark theme fails axe (${violations.length} violations):\n${violations.join('\n')}`).toEqual([]);
    // Overlays settled and fonts loaded in the light pass; only images the theme swaps may be new.
    if (shoot) await screenshot(story, 'dark', darkReady);
  } finally {
    noTransitions.remove();
  }
});

async function darkReady() {
  await imagesLoaded();
  settleAnimations();
}
