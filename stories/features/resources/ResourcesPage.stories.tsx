import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { mocksWith, phoneFrame, portalFrame, type PortalParameters, framed } from '../../../.storybook/helpers';
import { LOAD_FAILED, NO_RESOURCES, ResourcesPage } from '../../../src/features/resources/ResourcesPage';
import { paths, patterns } from '../../../src/shared/paths';
import type { MockCall } from '../../mocks/http';
import { copiedFeedbackGone, stubClipboard } from '../../mocks/clipboard';
import { resourceHandlers } from '../../mocks/resources';

/**
 * The Resources page, /resources (spec 001 §2.3, §3, §7, §8): partner tools and offers
 * grouped by category, with promo codes, and its loading, empty and error states.
 */
const calls: MockCall[] = [];
const withStoryMocks = mocksWith({
  before: () => {
    calls.length = 0;
  },
  defaults: () => [resourceHandlers.images()],
});

const copied: string[] = [];

const meta = {
  title: 'Features/Resources/ResourcesPage',
  component: ResourcesPage,
  parameters: { layout: 'padded', router: { path: patterns.resources, initialEntries: [paths.resources] } } satisfies PortalParameters & Record<string, unknown>,
  decorators: [portalFrame(), framed({ maxWidth: 1100 })],
  beforeEach: withStoryMocks(resourceHandlers.loaded(undefined, { onRequest: (call) => calls.push(call) })),
} satisfies Meta<typeof ResourcesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const cardOf = (root: HTMLElement, name: string) => within(root).getByRole('heading', { level: 3, name }).closest('article')!;

/**
 * Three categories, each a heading over its cards; promo codes copy with feedback; Learn More opens
 * the partner's site in a new tab and says so; a link that is not http(s) is not shown. The call
 * carries no token (spec 001 §1).
 */
export const Loaded: Story = {
  beforeEach: () => stubClipboard(copied),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    await canvas.findByRole('heading', { level: 2, name: 'Hosting and Websites' });
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Hosting and Websites', 'Email Marketing', 'Tracking and Analytics']);
    const hosting = canvas.getByRole('region', { name: 'Hosting and Websites' });
    await expect(within(hosting).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['BrightHost', 'PageForge']);
    await expect(document.title).toMatch(/^Resources \|/);

    const bright = cardOf(canvasElement, 'BrightHost');
    const image = within(bright).getByRole('img', { name: 'BrightHost' });
    await expect(image).toHaveAttribute('width', '320');
    await expect(image).toHaveAttribute('height', '180');
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBe(320));
    await expect(within(bright).getByRole('textbox', { name: 'Promo code' })).toHaveValue('MAXPUB30');
    await expect(within(bright).getByText('30% off the first year of any plan.')).toBeVisible();
    await userEvent.click(within(bright).getByRole('button', { name: 'Copy' }));
    await expect(await within(bright).findByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(within(bright).getByRole('status')).toHaveTextContent('Copied!');
    await expect(copied).toEqual(['MAXPUB30']);

    const learnMore = within(bright).getByRole('link', { name: 'Learn More about BrightHost (opens in a new tab)' });
    await expect(learnMore).toHaveAttribute('href', 'https://brighthost.example.com/partners');
    await expect(learnMore).toHaveAttribute('target', '_blank');
    await expect(learnMore.getAttribute('rel')).toContain('noopener');

    // No promo code: no copy control.
    await expect(within(cardOf(canvasElement, 'PageForge')).queryByRole('textbox')).toBeNull();
    // A javascript: address is no link.
    const template = cardOf(canvasElement, 'Spreadsheet Template');
    await expect(within(template).queryByRole('link')).toBeNull();
    await expect(canvas.getAllByRole('link', { name: /^Learn More about / })).toHaveLength(4);

    await expect(calls).toHaveLength(1);
    await expect(calls[0].request.headers.get('x-app-token')).toBeNull();
    await copiedFeedbackGone(bright);
  },
};

/** Keyboard only, at 375 px: one column; Tab reaches the first promo code's Copy, then its Learn More. */
export const Phone: Story = {
  parameters: { layout: 'fullscreen' },
  decorators: [phoneFrame],
  beforeEach: () => stubClipboard(copied),
  play: async ({ canvas, canvasElement }) => {
    const bright = await waitFor(() => cardOf(canvasElement, 'BrightHost'));
    const frame = canvas.getByTestId('phone');
    await expect(bright.getBoundingClientRect().width).toBe(351);
    await expect(frame.scrollWidth).toBeLessThanOrEqual(375);
    await userEvent.tab();
    await expect(within(bright).getByRole('textbox', { name: 'Promo code' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(bright).getByRole('button', { name: 'Copy' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await within(bright).findByRole('button', { name: 'Copied!' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: /^Learn More about BrightHost/ })).toHaveFocus();
    await copiedFeedbackGone(bright);
  },
};

export const Loading: Story = {
  beforeEach: withStoryMocks(resourceHandlers.pending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Loading resources' })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach: withStoryMocks(resourceHandlers.empty()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(NO_RESOURCES)).toBeVisible();
    await expect(within(canvasElement).queryByRole('heading', { level: 2 })).toBeNull();
  },
};

/** Spec 001 §8: the server's failure and a lost connection both read 'There was an error fetching the resources.'; Try again asks once more. */
export const Failed: Story = {
  beforeEach: withStoryMocks(resourceHandlers.failure()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
    await expect(canvas.getByRole('alert')).toHaveTextContent(/^There was an error fetching the resources\.$/);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(LOAD_FAILED);
  },
};

export const ConnectionLost: Story = {
  parameters: { visual: { skip: 'the same pixels as Error' } },
  beforeEach: withStoryMocks(resourceHandlers.networkError()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(LOAD_FAILED);
  },
};
