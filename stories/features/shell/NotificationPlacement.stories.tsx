import type { Decorator, Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PortalShell } from '../../../src/features/shell/PortalShell';
import { paths } from '../../../src/shared/paths';
import { Button } from '../../../src/ui/Button';
import { TextField } from '../../../src/ui/TextField';
import { notificationHandlers, shellHandlers } from '../../mocks/shell';
import { animationsSettled, forgetDanglingAnnouncements, mobileFrame, screen, shellArgs } from '../../../.storybook/helpers';

/**
 * Where the notification pop-ups sit in the signed-in shell (docs/portal-shell.md): never over the
 * page's working area (its form and its results), and always under a modal's dim layer. The page
 * here is a form above 30 results, taller than the window.
 */
function WorkingPage() {
  return (
    <>
      <h1 style={{ margin: '0 0 12px' }}>Search</h1>
      <form aria-label="Search campaigns" onSubmit={(e) => e.preventDefault()} style={{ display: 'grid', gap: 12, marginBottom: 16 }}>
        <TextField label="Campaign name" name="q" />
        <Button type="submit">Search</Button>
      </form>
      <ol aria-label="Results" style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 8 }}>
        {Array.from({ length: 30 }, (_, i) => (
          <li key={i}>Result {i + 1}: a campaign that pays per lead</li>
        ))}
      </ol>
    </>
  );
}

const withNotifications = <A,>({ msw }: StoryContext<A>) => {
  forgetDanglingAnnouncements();
  msw.use(notificationHandlers.loaded(), ...shellHandlers());
};

const meta = {
  title: 'Features/Shell/NotificationPlacement',
  component: PortalShell,
  args: {
    ...shellArgs(100),
    children: <WorkingPage />,
  },
  parameters: { layout: 'fullscreen', router: { initialEntries: [paths.search()] } },
  beforeEach: withNotifications,
} satisfies Meta<typeof PortalShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const inWindow = (r: DOMRect) => r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;

/** The pop-ups, shown and settled. */
async function popups(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const region = await canvas.findByRole('region', { name: 'Notifications' });
  await waitFor(() => expect(canvas.getByText(/SolarBright Home Quotes now pays/)).toBeVisible());
  await animationsSettled();
  return region;
}

/**
 * No part of the page's form or results, wherever the window is scrolled, lies under the pop-ups;
 * `withLists`: nor the campaign lists, which narrower shells put in the page's flow under it.
 */
async function expectWorkingAreaClear(canvasElement: HTMLElement, region: HTMLElement, { withLists = false } = {}) {
  const canvas = within(canvasElement);
  const parts = [canvas.getByRole('form', { name: 'Search campaigns' }), ...within(canvas.getByRole('list', { name: 'Results' })).getAllByRole('listitem')];
  if (withLists) {
    const lists = canvas.getByRole('complementary', { name: 'Campaign lists' });
    await waitFor(() => expect(within(lists).getAllByRole('link').length).toBeGreaterThan(0));
    parts.push(...within(lists).getAllByRole('link'));
  }
  for (const y of [0, document.documentElement.scrollHeight]) {
    window.scrollTo(0, y);
    await new Promise((r) => requestAnimationFrame(r));
    const box = region.getBoundingClientRect();
    for (const part of parts) await expect(overlaps(box, part.getBoundingClientRect()), `${part.textContent?.slice(0, 30)} at scroll ${y}`).toBe(false);
  }
  window.scrollTo(0, 0);
}

/** An open modal's dim layer covers the pop-ups: what is under the middle of a pop-up is the modal's layer. */
async function expectUnderModal(region: HTMLElement, open: () => Promise<void>) {
  await open();
  const dialog = await screen().findByRole('dialog', { name: 'Your affiliate manager' });
  await waitFor(() => expect(dialog).toBeVisible());
  await animationsSettled();
  const item = region.querySelector('li')!;
  item.scrollIntoView({ block: 'nearest' });
  const box = item.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  await expect(top).not.toBeNull();
  await expect(region.contains(top)).toBe(false);
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  await animationsSettled();
}

/**
 * A wide window (the three columns of the shell): the pop-ups keep to the right column, pinned to the
 * window's foot, clear of the page's form and results; Clear All and the close buttons by keyboard.
 */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    const region = await popups(canvasElement);
    const main = canvasElement.querySelector('main')!.getBoundingClientRect();
    const box = region.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(main.right);
    await expect(inWindow(box)).toBe(true);
    await expectWorkingAreaClear(canvasElement, region);
    await expectUnderModal(region, () => userEvent.click(canvas.getByRole('button', { name: /Your affiliate manager/ })));
  },
};

const frame =
  (width: number): Decorator =>
  (Story) => (
    <div style={{ width, margin: '0 auto' }}>
      <Story />
    </div>
  );

/** Between the phone and the three columns (the right column under the page): a strip at the top, in the flow; Clear All by keyboard. */
export const Tablet: Story = {
  decorators: [frame(900)],
  play: async ({ canvas, canvasElement }) => {
    const region = await popups(canvasElement);
    await expectWorkingAreaClear(canvasElement, region, { withLists: true });
    // Keyboard: Clear All is reachable and closes them.
    canvas.getByRole('button', { name: 'Clear All' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Clear All' })).toBeNull());
  },
};

/**
 * 375 px: the pop-ups are a strip at the top of the page, in the flow (the page starts under them),
 * at most a third of the screen high; the modal's layer covers them.
 */
export const Phone: Story = {
  decorators: [mobileFrame],
  play: async ({ canvas, canvasElement }) => {
    const region = await popups(canvasElement);
    const box = region.getBoundingClientRect();
    await expect(box.height).toBeLessThanOrEqual(window.innerHeight / 3 + 1);
    // Within the 375 px shell (the story's frame stands for the phone's screen).
    const shell = canvasElement.firstElementChild!.getBoundingClientRect();
    await expect(box.left >= shell.left && box.right <= shell.right).toBe(true);
    await expectWorkingAreaClear(canvasElement, region, { withLists: true });
    await expectUnderModal(region, async () => {
      await userEvent.click(within(canvas.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Menu' }));
      await userEvent.click(await within(await screen().findByRole('menu')).findByRole('menuitem', { name: /your affiliate manager/ }));
    });
  },
};
