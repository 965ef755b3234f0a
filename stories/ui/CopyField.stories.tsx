import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CopyField } from '../../src/ui/CopyField';
import { stubClipboard } from '../mocks/clipboard';
import { framed } from '../../.storybook/helpers';

const link = 'https://trk.example.net/click?a=10452&o=1204&c=3&s1=spring';

const writeText = fn(async (_text: string) => {});

const meta = {
  title: 'UI/CopyField',
  component: CopyField,
  args: { label: 'Tracking link', value: link, onCopy: fn() },
  beforeEach: () => {
    writeText.mockClear();
    return stubClipboard(writeText);
  },
  decorators: [framed({ maxWidth: 560 })],
} satisfies Meta<typeof CopyField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Copy writes the value to the clipboard, says "Copied!" (announced), then goes back to "Copy". */
export const Default: Story = {
  args: { feedbackDuration: 600 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('textbox', { name: 'Tracking link' })).toHaveValue(link);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(writeText).toHaveBeenCalledWith(link);
    await expect(args.onCopy).toHaveBeenCalledWith(link);
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied!');
    await expect(canvas.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(''), { timeout: 5000 });
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  },
};

/** The "Copied!" state, held long enough to be what the screenshot shows. */
export const Copied: Story = {
  args: { feedbackDuration: 60_000, description: 'Share this link wherever you promote the campaign.' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(await canvas.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied!');
  },
};

/** No Clipboard API (an old browser or plain http): falls back to selecting the text and execCommand. */
export const Fallback: Story = {
  args: { feedbackDuration: 60_000 },
  beforeEach: () => stubClipboard(undefined),
  play: async ({ canvas }) => {
    const execCommand = fn(() => true);
    const original = document.execCommand;
    document.execCommand = execCommand;
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
      await expect(execCommand).toHaveBeenCalledWith('copy');
      const input = canvas.getByRole<HTMLInputElement>('textbox', { name: 'Tracking link' });
      await expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe(link);
      await expect(canvas.getByRole('status')).toHaveTextContent('Copied!');
    } finally {
      document.execCommand = original;
    }
  },
};

/** Both ways fail: the text is selected and the user is told to press Ctrl+C. */
export const CopyFailed: Story = {
  args: { feedbackDuration: 60_000 },
  beforeEach: () => stubClipboard(() => Promise.reject(new Error('denied'))),
  play: async ({ canvas, args }) => {
    const original = document.execCommand;
    document.execCommand = () => false;
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
      await expect(await canvas.findByRole('status')).toHaveTextContent('Press Ctrl+C to copy');
      await expect(args.onCopy).not.toHaveBeenCalled();
    } finally {
      document.execCommand = original;
    }
  },
};

/** Spec 000 link builder: no link yet, so nothing to copy. */
export const Empty: Story = {
  args: { value: '', placeholder: 'Select a traffic type and creative type to get started...' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Tracking link' })).toHaveAttribute(
      'placeholder',
      'Select a traffic type and creative type to get started...',
    );
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Tracking link' })).toBeDisabled();
  },
};
