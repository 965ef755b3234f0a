import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DialogTrigger } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Modal, type ModalProps } from '../../src/ui/Modal';
import { framed } from '../../.storybook/helpers';

const body = () => within(document.body);

const meta = {
  title: 'UI/Modal',
  component: Modal,
  args: {
    title: 'Please verify your account',
    children: <p>Choose how you would like to receive your verification code.</p>,
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  parameters: { layout: 'padded' },
  decorators: [framed({ minHeight: 480 })],
  render: (args) => (
    <DialogTrigger>
      <Button>Edit</Button>
      <Modal {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Opens the modal and waits until it has finished entering, as a person would: closing it in the
 * middle of its entry animation on a busy machine left it stuck half-closed now and then.
 */
const openIt = async (canvasElement: HTMLElement, name = 'Edit') => {
  await userEvent.click(within(canvasElement).getByRole('button', { name }));
  const dialog = await body().findByRole('dialog');
  await waitFor(() => expect(document.body.querySelector('[data-modal-overlay][data-entering]')).toBeNull());
  return dialog;
};

/** Closed, with its trigger. Open → dialog named by its title; Escape closes and focus returns. */
export const ClosedWithTrigger: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Edit' });
    await expect(body().queryByRole('dialog')).toBeNull();
    const dialog = await openIt(canvasElement);
    await expect(dialog).toHaveAccessibleName('Please verify your account');
    await expect(within(dialog).getByRole('heading', { name: 'Please verify your account' })).toBeInTheDocument();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    // Focus is trapped: tabbing from the last control wraps inside the dialog.
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const OpenSmall: Story = {
  args: { size: 'sm', title: 'Remind me later?' },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
  },
};

export const OpenMedium: Story = {
  args: { size: 'md' },
  play: async ({ canvasElement }) => {
    const dialog = await openIt(canvasElement);
    // The close button closes and returns focus too.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Edit' })).toHaveFocus());
    await openIt(canvasElement);
  },
};

export const OpenLarge: Story = {
  args: { size: 'lg', title: 'Available macros' },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
  },
};

/** Below the tablet breakpoint the dialog fills the screen (no rounded corners, no margin). */
export const FullscreenOnMobile: Story = {
  args: { size: 'md', fullscreenOnMobile: true },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const dialog = await openIt(canvasElement);
    // Only checkable where the viewport really is narrow; the 800px screenshot run shows the
    // desktop layout (Storybook's viewport global does not resize a bare iframe).
    if (window.innerWidth < 768) {
      const panel = dialog.parentElement as HTMLElement;
      await waitFor(() => expect(Math.round(panel.getBoundingClientRect().width)).toBe(document.documentElement.clientWidth));
      await expect(getComputedStyle(panel).borderTopLeftRadius).toBe('0px');
    }
  },
};

const macros = Array.from({ length: 60 }, (_, i) => `{subid${i + 1}}`);

/** A long body scrolls between the fixed header and footer; the body is then keyboard-scrollable. */
export const LongScrollingBody: Story = {
  args: {
    size: 'md',
    title: 'Available macros',
    children: (
      <ul>
        {macros.map((m) => (
          <li key={m}>
            <code>{m}</code> is replaced by the value you passed in the tracking link.
          </li>
        ))}
      </ul>
    ),
    footer: (close: () => void) => <Button onPress={close}>Done</Button>,
  },
  play: async ({ canvasElement }) => {
    const dialog = await openIt(canvasElement);
    const heading = within(dialog).getByRole('heading');
    const done = within(dialog).getByRole('button', { name: 'Done' });
    const scroller = dialog.querySelector('[data-scrolls]') as HTMLElement;
    await waitFor(() => expect(scroller).not.toBeNull());
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight);
    await expect(scroller).toHaveAttribute('tabindex', '0');
    scroller.scrollTop = scroller.scrollHeight;
    // Header and footer stay in view while the body scrolls.
    const box = dialog.getBoundingClientRect();
    await expect(heading.getBoundingClientRect().top).toBeGreaterThanOrEqual(box.top);
    await expect(done.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom + 1);
    scroller.scrollTop = 0;
  },
};

/** Footer actions receive a `close` function. */
export const WithFooterActions: Story = {
  args: {
    title: 'Missing documents',
    children: <p>We have not received your tax documents yet.</p>,
    footer: (close: () => void) => (
      <>
        <Button variant="secondary" onPress={close}>Remind me later</Button>
        <Button onPress={close}>I have submitted my documents</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    let dialog = await openIt(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remind me later' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    dialog = await openIt(canvasElement);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'I have submitted my documents' })).toBeVisible());
  },
};

/** A forced flow: no close button, Escape and outside clicks do nothing; only the action closes it. */
export const NotDismissable: Story = {
  args: {
    title: 'Add your payment method',
    isDismissable: false,
    children: <p>You need a payment method before we can pay your earnings.</p>,
    footer: (close: () => void) => <Button onPress={close}>Set up payments</Button>,
  },
  play: async ({ canvasElement }) => {
    const dialog = await openIt(canvasElement);
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await new Promise((r) => setTimeout(r, 300));
    await expect(body().getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(document.body.querySelector('[data-modal-overlay]') as HTMLElement);
    await new Promise((r) => setTimeout(r, 300));
    await expect(body().getByRole('dialog')).toBeInTheDocument();
  },
};

function ControlledModal(args: ModalProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Contact your manager</Button>
      <Modal
        {...args}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open);
          args.onOpenChange?.(open);
        }}
      />
    </>
  );
}

/** Controlled with `isOpen` / `onOpenChange`; a click outside closes a dismissable modal. */
export const ControlledOutsideClick: Story = {
  args: { size: 'sm', title: 'Your affiliate manager', onOpenChange: fn() },
  render: (args) => <ControlledModal {...args} />,
  play: async ({ canvasElement, args }) => {
    await openIt(canvasElement, 'Contact your manager');
    await userEvent.click(document.body.querySelector('[data-modal-overlay]') as HTMLElement);
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Contact your manager' })).toHaveFocus());
  },
};

/** `closeOnOutsideClick={false}`: Escape and the close button still work, the backdrop does not. */
export const OutsideClickDisabled: Story = {
  args: { size: 'sm', title: 'Your affiliate manager', closeOnOutsideClick: false },
  play: async ({ canvasElement }) => {
    await openIt(canvasElement);
    await userEvent.click(document.body.querySelector('[data-modal-overlay]') as HTMLElement);
    await new Promise((r) => setTimeout(r, 300));
    await expect(body().getByRole('dialog')).toBeInTheDocument();
  },
};
