import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PortalShell } from '../../../src/features/shell/PortalShell';
import { paths } from '../../../src/shared/paths';
import { shellHandlers } from '../../mocks/shell';
import { shellArgs, framed } from '../../../.storybook/helpers';

/**
 * How wide the screen's column is on a wide window: the shell gives the screen (between the two
 * sidebars) the width the window has, up to 1920 px, so a wide report's money columns show.
 */
const meta = {
  title: 'Features/Shell/ContentWidth',
  component: PortalShell,
  args: {
    ...shellArgs(300),
    children: <h1 style={{ margin: 0 }}>Page</h1>,
  },
  parameters: {
    layout: 'fullscreen',
    router: { initialEntries: [paths.dashboard] },
    visual: { skip: 'a 1920 px frame is wider than the screenshot' },
  },
  decorators: [framed({ width: 1920 })],
  beforeEach: <A,>({ msw }: StoryContext<A>) => {
    msw.use(...shellHandlers());
  },
} satisfies Meta<typeof PortalShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** At 1920 px the screen's column is over 1300 px wide (it was held to the width of a 1440 px window). */
export const At1920: Story = {
  play: async ({ canvasElement }) => {
    const main = within(canvasElement).getByRole('main');
    await expect(main.getBoundingClientRect().width).toBeGreaterThan(1300);
  },
};
