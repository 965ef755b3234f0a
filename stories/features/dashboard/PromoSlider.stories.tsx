import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PromoSlider, slideTarget } from '../../../src/features/dashboard/PromoSlider';
import { sliderFixture } from '../../mocks/dashboard';
import { portalFrame, framed } from '../../../.storybook/helpers';
import { paths } from '../../../src/shared/paths';

/** Spec 000 §2: the promotional slider, pinned slide first, autoplay every 6000 ms, hidden on mobile. */
const meta = {
  title: 'Features/Dashboard/PromoSlider',
  component: PromoSlider,
  args: { items: sliderFixture },
  decorators: [portalFrame(), framed({ maxWidth: 900 })],
} satisfies Meta<typeof PromoSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

const reduced = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const current = (root: HTMLElement) => root.querySelector('[aria-roledescription="slide"][data-current]');

/** Stops the rotation on slide 1 so the end state is fixed. */
async function settle(root: HTMLElement) {
  const stop = within(root).queryByRole('button', { name: 'Stop automatic slide show' });
  if (stop) await userEvent.click(stop);
  await userEvent.click(within(root).getByRole('button', { name: 'Slide 1 of 3' }));
}

/** The pinned slide (SolarBright) comes first though the server listed it second. */
export const PinnedFirst: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('group', { name: '1 of 3' })).toHaveTextContent('SolarBright Home Quotes');
    // The slide's button goes to its url (a portal path).
    await expect(canvas.getByRole('link', { name: 'Get Started: SolarBright Home Quotes' })).toHaveAttribute('href', paths.campaign(1202));
    await settle(canvasElement);
  },
};

/** Autoplay (interval shortened for the test; the product uses 6000 ms). */
export const Autoplay: Story = {
  args: { interval: 400 },
  play: async ({ canvasElement }) => {
    if (reduced()) return;
    const first = current(canvasElement);
    await waitFor(() => expect(current(canvasElement)).not.toBe(first), { timeout: 3000 });
    await settle(canvasElement);
  },
};

/** An empty url, or one outside the portal, falls back to the campaign page (src/shared/safeLink.ts). */
export const ButtonTargets: Story = {
  play: async ({ canvasElement }) => {
    await expect(slideTarget({ url: '', campaign_id: 1204 })).toEqual({ href: paths.campaign(1204), external: false });
    await expect(slideTarget({ url: 'https://example.com/promo', campaign_id: 1 })).toEqual({ href: paths.campaign(1), external: false });
    await expect(slideTarget({ url: '//evil.example', campaign_id: 7 })).toEqual({ href: paths.campaign(7), external: false });
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Slide 3 of 3' }));
    await expect(within(canvasElement).getByRole('link', { name: 'Learn More: AutoShield Insurance' })).toHaveAttribute('href', paths.campaign(1204));
    const stop = within(canvasElement).queryByRole('button', { name: 'Stop automatic slide show' });
    if (stop) await userEvent.click(stop);
  },
};

/** 375 px: the slider is hidden. */
export const Mobile: Story = {
  decorators: [portalFrame(375)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: 'Featured campaigns' })).toBeNull();
  },
};

export const NoSlides: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-roledescription="carousel"]')).toBeNull();
  },
};

/** Autoplay off: no start/stop button. */
export const AutoplayOff: Story = { args: { autoplay: false } };
