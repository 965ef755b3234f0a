import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { RenderWhenNear } from '../../src/lib/RenderWhenNear';

/**
 * RenderWhenNear (src/lib/RenderWhenNear.tsx): in the product, parts of a screen far below the
 * window (the dashboard's lower rows on a phone) or not displayed at its width (the desktop menu on a
 * phone, the bottom bar on a desktop) render when they come near, so a first visit renders and calls
 * only what can be seen. The workbench renders at once; these stories pass `defer` to show the
 * product's way. The list below the first screen stands in for a row of campaigns.
 */
function Content() {
  return (
    <ul aria-label="Campaigns below">
      <li>Campaign one</li>
      <li>Campaign two</li>
    </ul>
  );
}

function Scene({ defer, hidden, inView, whenIdle }: { defer: boolean; hidden?: boolean; inView?: boolean; whenIdle?: boolean }) {
  return (
    <div>
      <p style={{ height: inView ? 40 : 1800, margin: 0 }}>The first screen of the page.</p>
      <div data-testid="place" style={hidden ? { display: 'none' } : undefined}>
        <RenderWhenNear defer={defer} minHeight={120} whenIdle={whenIdle}>
          <Content />
        </RenderWhenNear>
      </div>
    </div>
  );
}

const meta = {
  title: 'App/Render When Near',
  component: Scene,
  tags: ['!autodocs'],
  args: { defer: true },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Scene>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Far below the window (without the idle rendering): a place of the content's height is kept; scrolled near, the content renders. */
export const FarBelow: Story = {
  args: { whenIdle: false },
  play: async ({ canvas, step }) => {
    const place = canvas.getByTestId('place');
    await step('not rendered while far below', async () => {
      await new Promise((r) => setTimeout(r, 300));
      await expect(canvas.queryByRole('list', { name: 'Campaigns below' })).toBeNull();
      const kept = place.querySelector<HTMLElement>('[data-offscreen]');
      await expect(kept).not.toBeNull();
      await expect(kept!.getBoundingClientRect().height).toBe(120);
    });
    await step('rendered once scrolled near, and kept', async () => {
      place.scrollIntoView({ block: 'end' });
      await expect(await canvas.findByRole('list', { name: 'Campaigns below' })).toBeInTheDocument();
      window.scrollTo(0, 0);
      await new Promise((r) => setTimeout(r, 100));
      await expect(canvas.getByRole('list', { name: 'Campaigns below' })).toBeInTheDocument();
      await expect(place.querySelector('[data-offscreen]')).toBeNull();
    });
  },
};

/** Far below, the page loaded and the browser idle: rendered without being scrolled to (a keyboard or screen reader user going down the page finds it). */
export const FarBelowWhenIdle: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('list', { name: 'Campaigns below' })).toBeInTheDocument(), { timeout: 3000 });
    await expect(window.scrollY).toBe(0);
  },
};

/** Not displayed at this width: never near, never rendered, even when its place is scrolled to and the browser is idle. */
export const NotDisplayed: Story = {
  args: { hidden: true },
  play: async ({ canvas }) => {
    canvas.getByTestId('place').scrollIntoView();
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => setTimeout(r, 2500));
    await expect(canvas.queryByRole('list', { name: 'Campaigns below' })).toBeNull();
  },
};

/**
 * Not displayed at first, then displayed far below (the shell's right sidebar under a phone's screen,
 * hidden while the screen loads): rendered once the browser is idle, without being scrolled to.
 */
export const DisplayedLater: Story = {
  args: { hidden: true },
  play: async ({ canvas }) => {
    const place = canvas.getByTestId('place');
    await new Promise((r) => setTimeout(r, 300));
    await expect(canvas.queryByRole('list', { name: 'Campaigns below' })).toBeNull();
    place.style.display = 'block';
    await waitFor(() => expect(canvas.getByRole('list', { name: 'Campaigns below' })).toBeInTheDocument(), { timeout: 3000 });
    await expect(window.scrollY).toBe(0);
  },
};

/** Near the window when it first appears: rendered before the first paint, no waiting, no empty place. */
export const InView: Story = {
  args: { inView: true },
  play: async ({ canvasElement }) => {
    // No waiting: the content is there when the story has rendered.
    await expect(within(canvasElement).getByRole('list', { name: 'Campaigns below' })).toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-offscreen]')).toBeNull();
  },
};

/** Without `defer` (the workbench and the tests): rendered at once, wherever it is. */
export const AtOnce: Story = {
  args: { defer: false },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('list', { name: 'Campaigns below' })).toBeInTheDocument());
    await expect(canvasElement.querySelector('[data-offscreen]')).toBeNull();
  },
};
