import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MissingDocumentsModal, SUBMITTED_LABEL } from '../../../../src/features/dashboard/modals/MissingDocumentsModal';
import { paths } from '../../../../src/shared/paths';
import { animationsSettled, forgetDanglingAnnouncements, phone, screen } from '../../../../.storybook/helpers';

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
    await fitsTheScreen(d);
    // The payment settings it mentions are one click away.
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


/** The dialog lies inside the screen and every button inside the dialog, the long answer's too. */
const fitsTheScreen = async (d: HTMLElement) => {
  const width = document.documentElement.clientWidth;
  const frame = d.getBoundingClientRect();
  await expect(frame.left >= 0 && frame.right <= width).toBe(true);
  for (const button of within(d).getAllByRole('button')) {
    const { left, right } = button.getBoundingClientRect();
    await expect({ name: button.textContent, inside: left >= frame.left && right <= frame.right }).toEqual({ name: button.textContent, inside: true });
  }
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
};

/** At 375 px the long 'I have submitted my documents...' answer wraps inside the dialog. */
export const Phone: Story = {
  parameters: phone,
  play: async () => {
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(375);
    await fitsTheScreen(await dialog());
    await animationsSettled();
  },
};

/** Its confirmation fits too. */
export const PhoneConfirm: Story = {
  parameters: phone,
  play: async () => {
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(375);
    await userEvent.click(within(await dialog()).getByRole('button', { name: SUBMITTED_LABEL }));
    await fitsTheScreen(await screen().findByRole('dialog', { name: 'Have you submitted your documents?' }));
    await animationsSettled();
  },
};
