import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MissingDocumentsModal, SUBMITTED_LABEL } from '../../../../src/features/dashboard/modals/MissingDocumentsModal';
import { paths } from '../../../../src/shared/paths';
import { animationsSettled, forgetDanglingAnnouncements, screen } from '../../shell/storyUtils';

/** Spec 002 §4, flag 148: 'Remind me later', or the confirmed 'I have submitted my documents...'. */
const meta = {
  title: 'Features/Dashboard/Modals/MissingDocumentsModal',
  component: MissingDocumentsModal,
  args: { isOpen: true, onRemindLater: fn(), onConfirmSubmitted: fn() },
  parameters: { layout: 'fullscreen' },
  beforeEach: () => forgetDanglingAnnouncements(),
} satisfies Meta<typeof MissingDocumentsModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => {
  const d = await screen().findByRole('dialog');
  await waitFor(() => expect(d).toBeVisible());
  return d;
};

export const Default: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    // The payment settings it mentions are one click away (issue 13).
    await expect(within(d).getByRole('link', { name: 'payment settings' })).toHaveAttribute('href', paths.settings);
    await userEvent.click(within(d).getByRole('button', { name: 'Remind me later' }));
    await expect(args.onRemindLater).toHaveBeenCalledTimes(1);
    await expect(args.onConfirmSubmitted).not.toHaveBeenCalled();
    await animationsSettled();
  },
};

/** The submitted answer asks for a confirmation first. */
export const Confirm: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: SUBMITTED_LABEL }));
    await expect(await screen().findByRole('dialog', { name: 'Have you submitted your documents?' })).toBeVisible();
    await expect(args.onConfirmSubmitted).not.toHaveBeenCalled();
    await userEvent.click(screen().getByRole('button', { name: "Yes, don't show this again" }));
    await expect(args.onConfirmSubmitted).toHaveBeenCalledTimes(1);
    await animationsSettled();
  },
};

export const ConfirmFailed: Story = {
  args: { errorMessage: 'We could not record that. Please try again.' },
  play: async () => {
    const d = await dialog();
    await waitFor(() => expect(within(d).getByRole('alert')).toBeVisible());
    await animationsSettled();
  },
};
