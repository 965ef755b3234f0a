import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileField } from '../../src/ui/FileField';
import { framed } from '../../.storybook/helpers';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];

/** A file whose bytes start with `magic`, padded to `size` bytes. */
function makeFile(name: string, type: string, magic: number[], size = 2048) {
  const bytes = new Uint8Array(size);
  bytes.set(magic);
  return new File([bytes], name, { type });
}

const fileInput = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;

const meta = {
  title: 'UI/FileField',
  component: FileField,
  args: { label: 'Front image', onChange: fn(), onReject: fn() },
  decorators: [framed({ maxWidth: 480 })],
} satisfies Meta<typeof FileField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the label states the 25MB default limit; only images are offered by the picker. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('group', { name: 'Front image (max 25MB)' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Choose image Front image (max 25MB)' })).toBeEnabled();
    await expect(fileInput(canvasElement)).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif');
    await expect(canvas.getByText('No image chosen')).toBeInTheDocument();
  },
};

/** A real PNG is accepted: name and size shown; Remove clears it and returns focus to the button. */
export const UploadAndRemove: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const png = makeFile('banner.png', 'image/png', PNG, 2048);
    await userEvent.upload(fileInput(canvasElement), png);
    await expect(await canvas.findByText('banner.png')).toBeInTheDocument();
    await expect(canvas.getByText('(2 KB)')).toBeInTheDocument();
    await expect(args.onChange).toHaveBeenLastCalledWith(png);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove banner.png' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.queryByText('banner.png')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Choose image/ })).toHaveFocus();
    // Upload again so the chosen state is what the screenshot shows.
    await userEvent.upload(fileInput(canvasElement), makeFile('photo.jpg', 'image/jpeg', JPEG, 1_234_567));
    await expect(await canvas.findByText('(1.2 MB)')).toBeInTheDocument();
  },
};

/** Spec 000: the ad placement image, with a 20MB label and a description. */
export const WithDescriptionAndLimit: Story = {
  args: { label: 'Ad placement image', maxSize: 20_000_000, isRequired: true, description: 'Required when you make your own creative.' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Choose image Ad placement image (max 20MB)' });
    await expect(button).toHaveAccessibleDescription('Required when you make your own creative.');
  },
};

/** A text file is refused with the spec's message (the picker's accept filter is bypassed here, as a drop would). */
export const WrongType: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const user = userEvent.setup({ applyAccept: false });
    const txt = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(fileInput(canvasElement), txt);
    const error = await canvas.findByText('The image must be a jpg, png, or gif.');
    await expect(error.parentElement).toHaveAttribute('aria-live', 'polite');
    await expect(canvas.getByRole('button', { name: /Choose image/ })).toHaveAccessibleDescription('The image must be a jpg, png, or gif.');
    await expect(args.onReject).toHaveBeenCalledWith('type', txt);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Named and typed as a PNG, but its bytes are not an image: the magic number decides. */
export const DisguisedFile: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const fake = new File(['MZ not really a picture'], 'holiday.png', { type: 'image/png' });
    await userEvent.upload(fileInput(canvasElement), fake);
    await expect(await canvas.findByText('The image must be a jpg, png, or gif.')).toBeInTheDocument();
    await expect(args.onReject).toHaveBeenCalledWith('type', fake);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** One byte over 25,000,000 is refused with the spec's message. */
export const TooLarge: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const big = makeFile('scan.jpg', 'image/jpeg', JPEG, 25_000_001);
    await userEvent.upload(fileInput(canvasElement), big);
    await expect(await canvas.findByText('The image must be less than 25MB')).toBeInTheDocument();
    await expect(args.onReject).toHaveBeenCalledWith('size', big);
    await expect(args.onChange).not.toHaveBeenCalled();
    // A good file afterwards clears the error.
    await userEvent.upload(fileInput(canvasElement), makeFile('scan-small.jpg', 'image/jpeg', JPEG, 900));
    await waitFor(() => expect(canvas.queryByText('The image must be less than 25MB')).not.toBeInTheDocument());
    await expect(canvas.getByText('scan-small.jpg')).toBeInTheDocument();
  },
};

/** Custom messages and limit. */
export const CustomMessages: Story = {
  args: { label: 'Back image', maxSize: 1000, sizeErrorMessage: 'Back image: keep it under 1KB.' },
  play: async ({ canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), makeFile('back.gif', 'image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], 1001));
    await expect(await within(canvasElement).findByText('Back image: keep it under 1KB.')).toBeInTheDocument();
  },
};

/** An error from the form, e.g. a required image not given. */
export const WithError: Story = {
  args: { isRequired: true, errorMessage: 'Front image required.' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Choose image/ });
    await expect(button).toHaveAccessibleDescription('Front image required.');
  },
};

export const WithFile: Story = {
  args: { defaultValue: makeFile('id-front.png', 'image/png', PNG, 48_300) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('id-front.png')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Replace image/ })).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: makeFile('id-front.png', 'image/png', PNG, 48_300) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Replace image/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Remove id-front.png' })).toBeDisabled();
  },
};
