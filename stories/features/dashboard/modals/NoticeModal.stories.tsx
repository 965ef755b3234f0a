import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NoticeModal } from '../../../../src/features/dashboard/modals/NoticeModal';
import { Button } from '../../../../src/ui/Button';
import { dialogShown, RouteProbe } from '../../../../.storybook/helpers';
import { paths } from '../../../../src/shared/paths';

/**
 * The frame every simple dashboard notice shares (spec 002 §4): title, text, a secondary action
 * that closes, and either a LinkButton to /settings or a button of its own; an error in place.
 */
const meta = {
  title: 'Features/Dashboard/Modals/NoticeModal',
  component: NoticeModal,
  args: {
    title: 'Set up your payment method',
    children: <p>Add a payment method so that we can pay your earnings.</p>,
    isOpen: true,
    onClose: fn(),
    closeLabel: 'Remind me later',
    settingsLabel: 'Go to Settings',
  },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <>
      <RouteProbe />
      <NoticeModal {...args} />
    </>
  ),
} satisfies Meta<typeof NoticeModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The LinkButton navigates to /settings and closes the notice on its way. */
export const SettingsLink: Story = {
  play: async ({ args, canvasElement }) => {
    const d = await dialogShown('Set up your payment method');
    const link = within(d).getByRole('link', { name: 'Go to Settings' });
    await expect(link).toHaveAttribute('href', paths.settings);
    await userEvent.click(link);
    await waitFor(() => expect(within(canvasElement).getByTestId('route-probe')).toHaveTextContent('Route: /settings'));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const SecondaryCloses: Story = {
  play: async ({ args }) => {
    const d = await dialogShown('Set up your payment method');
    await userEvent.click(within(d).getByRole('button', { name: 'Remind me later' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const OwnActionWithError: Story = {
  args: {
    title: 'Missing documents',
    settingsLabel: undefined,
    closeLabel: 'Close',
    action: <Button>I have submitted my documents</Button>,
    errorMessage: 'Connection error.',
  },
  play: async () => {
    const d = await dialogShown('Missing documents');
    await expect(within(d).getByRole('button', { name: 'I have submitted my documents' })).toBeVisible();
    await expect(within(d).queryByRole('link')).toBeNull();
    await expect(within(d).getByText('Connection error.')).toBeInTheDocument();
  },
};
