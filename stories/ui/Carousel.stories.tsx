import type { Meta, StoryObj } from '@storybook/react-vite';
import styled from 'styled-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Carousel } from '../../src/ui/Carousel';
import { framed } from '../../.storybook/helpers';

// Promotional slides drawn with CSS only (no network images), in theme colours.
const SlideBox = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 8px;
  height: 200px;
  padding: 24px 32px;
  background: ${({ theme }) => theme.colors.primarySubtle};
  color: ${({ theme }) => theme.colors.text};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-tone='success'] { background: ${({ theme }) => theme.colors.successSubtle}; }
  &[data-tone='warning'] { background: ${({ theme }) => theme.colors.warningSubtle}; }
`;

const slides = [
  <SlideBox key="1">
    <h3>Solar Quotes US</h3>
    <p>$42.00 per lead. Pinned offer.</p>
  </SlideBox>,
  <SlideBox key="2" data-tone="success">
    <h3>Auto Insurance Pro</h3>
    <p>Now paying 12% of sale.</p>
  </SlideBox>,
  <SlideBox key="3" data-tone="warning">
    <h3>Debt Relief Now</h3>
    <p>New landing pages available.</p>
  </SlideBox>,
];

const meta = {
  title: 'UI/Carousel',
  component: Carousel,
  args: { slides, 'aria-label': 'Featured campaigns', interval: 6000, onSlideChange: fn() },
  decorators: [framed({ maxWidth: 640 })],
} satisfies Meta<typeof Carousel>;

export default meta;
type Story = StoryObj<typeof meta>;

const dot = (root: HTMLElement, n: number) => within(root).getByRole('button', { name: `Slide ${n} of 3` });
const currentSlide = (root: HTMLElement) => root.querySelector('[aria-roledescription="slide"][data-current]');

/**
 * The visual-regression run emulates `prefers-reduced-motion: reduce`, where the carousel must not
 * rotate at all. The timed stories then check exactly that instead of the rotation.
 */
const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const expectNoRotation = async (root: HTMLElement, interval: number) => {
  await expect(within(root).queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  // Still on slide 1 after more than two intervals (a 6000 ms one is not waited out: its check is the
  // missing rotation control above).
  if (interval <= 1000) await new Promise((r) => setTimeout(r, 2.5 * interval));
  await expect(dot(root, 1)).toHaveAttribute('aria-current', 'true');
  await expect(root.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
};

/** Stops the rotation and shows slide 1, so the screenshot after the play is always the same. */
const settle = async (root: HTMLElement) => {
  const stop = within(root).queryByRole('button', { name: 'Stop automatic slide show' });
  if (stop) await userEvent.click(stop);
  await userEvent.click(dot(root, 1));
  await expect(dot(root, 1)).toHaveAttribute('aria-current', 'true');
};

/** The dashboard slider: WAI-ARIA carousel structure, autoplay every 6000 ms (spec 000). */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const region = canvas.getByRole('region', { name: 'Featured campaigns' });
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const groups = canvas.getAllByRole('group', { hidden: true });
    await expect(groups).toHaveLength(3);
    await expect(groups[0]).toHaveAttribute('aria-roledescription', 'slide');
    await expect(groups[0]).toHaveAccessibleName('1 of 3');
    await expect(groups[1]).toHaveAttribute('aria-hidden', 'true');
    await expect(dot(canvasElement, 1)).toHaveAttribute('aria-current', 'true');
    if (prefersReducedMotion()) return expectNoRotation(canvasElement, args.interval ?? 6000);
    // Rotating: the slides are not a live region.
    await expect(groups[0].parentElement).toHaveAttribute('aria-live', 'off');
    await settle(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
    await expect(groups[0].parentElement).toHaveAttribute('aria-live', 'polite');
  },
};

/** With a short interval it advances by itself. */
export const Autoplay: Story = {
  args: { interval: 300 },
  play: async ({ canvasElement, args }) => {
    if (prefersReducedMotion()) return expectNoRotation(canvasElement, args.interval ?? 6000);
    await expect(dot(canvasElement, 1)).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(dot(canvasElement, 2)).toHaveAttribute('aria-current', 'true'), { timeout: 5000 });
    await expect(args.onSlideChange).toHaveBeenCalledWith(1);
    await waitFor(() => expect(dot(canvasElement, 3)).toHaveAttribute('aria-current', 'true'), { timeout: 5000 });
    // Wraps around.
    await waitFor(() => expect(dot(canvasElement, 1)).toHaveAttribute('aria-current', 'true'), { timeout: 5000 });
    await settle(canvasElement);
  },
};

/** Hovering pauses it for longer than several intervals; leaving resumes. */
export const HoverPauses: Story = {
  args: { interval: 300 },
  play: async ({ canvasElement, args }) => {
    if (prefersReducedMotion()) return expectNoRotation(canvasElement, args.interval ?? 6000);
    const region = within(canvasElement).getByRole('region', { name: 'Featured campaigns' });
    await userEvent.hover(region);
    const before = currentSlide(canvasElement);
    await new Promise((r) => setTimeout(r, 1000));
    await expect(currentSlide(canvasElement)).toBe(before);
    await userEvent.unhover(region);
    await waitFor(() => expect(currentSlide(canvasElement)).not.toBe(before), { timeout: 5000 });
    await settle(canvasElement);
  },
};

/** Focus inside pauses it too (keyboard users are not interrupted). */
export const FocusPauses: Story = {
  args: { interval: 300 },
  play: async ({ canvasElement, args }) => {
    if (prefersReducedMotion()) return expectNoRotation(canvasElement, args.interval ?? 6000);
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'Stop automatic slide show' })).toHaveFocus();
    const before = currentSlide(canvasElement);
    await new Promise((r) => setTimeout(r, 1000));
    await expect(currentSlide(canvasElement)).toBe(before);
    await settle(canvasElement);
  },
};

/** The pause button stops rotation for good; play restarts it. */
export const PausePlay: Story = {
  args: { interval: 300 },
  play: async ({ canvasElement, args }) => {
    if (prefersReducedMotion()) return expectNoRotation(canvasElement, args.interval ?? 6000);
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Featured campaigns' });
    // Pointer and focus leave after each press, so only the button's state can keep it still.
    const leave = async () => {
      await userEvent.unhover(region);
      (document.activeElement as HTMLElement | null)?.blur();
    };
    await userEvent.click(canvas.getByRole('button', { name: 'Stop automatic slide show' }));
    await leave();
    const before = currentSlide(canvasElement);
    await new Promise((r) => setTimeout(r, 1000));
    await expect(currentSlide(canvasElement)).toBe(before);
    await userEvent.click(canvas.getByRole('button', { name: 'Start automatic slide show' }));
    await leave();
    await waitFor(() => expect(currentSlide(canvasElement)).not.toBe(before), { timeout: 5000 });
    await settle(canvasElement);
  },
};

/** Previous / next and the dots (autoplay off: a pure visual). */
export const NextPrevious: Story = {
  args: { autoplay: false },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await expect(dot(canvasElement, 2)).toHaveAttribute('aria-current', 'true');
    await expect(args.onSlideChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    // Wraps to the last slide.
    await expect(dot(canvasElement, 3)).toHaveAttribute('aria-current', 'true');
    await expect(canvas.getByRole('group', { name: '3 of 3' })).toHaveTextContent('Debt Relief Now');
    await userEvent.click(dot(canvasElement, 2));
    await expect(canvas.getByRole('group', { name: '2 of 3' })).toHaveTextContent('Auto Insurance Pro');
    await expect(dot(canvasElement, 2)).toHaveAttribute('aria-current', 'true');
  },
};
