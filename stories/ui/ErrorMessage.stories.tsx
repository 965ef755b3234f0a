import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { ErrorMessage } from '../../src/ui/ErrorMessage';
import { TextField } from '../../src/ui/TextField';
import { framed } from '../../.storybook/helpers';

/**
 * The small red error line. Inside a field it is the field's FieldError (shown while invalid,
 * linked to the control); on its own it is a block error announced to screen readers.
 */
const meta = {
  title: 'UI/ErrorMessage',
  component: ErrorMessage,
  args: { children: 'News is not available right now.' },
  decorators: [framed({ maxWidth: 360 })],
} satisfies Meta<typeof ErrorMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A block error, e.g. in place of a list that failed to load: `role="alert"`, said at once. */
export const Block: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('News is not available right now.');
  },
};

/** Polite: a live region that stays mounted while empty, for errors that follow each change. */
export const Polite: Story = {
  render: () => {
    function Demo() {
      const [error, setError] = useState<string | null>(null);
      return (
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
          <Button variant="secondary" size="sm" onPress={() => setError('The image must be a jpg, png, or gif.')}>
            Choose a PDF
          </Button>
          <ErrorMessage announce="polite" id="upload-error">
            {error}
          </ErrorMessage>
        </div>
      );
    }
    return <Demo />;
  },
  play: async ({ canvasElement }) => {
    const region = canvasElement.querySelector('#upload-error')!;
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).not.toHaveAttribute('role');
    await expect(region).toBeEmptyDOMElement();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Choose a PDF' }));
    await expect(region).toHaveTextContent('The image must be a jpg, png, or gif.');
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** A long message wraps under its icon. */
export const LongText: Story = {
  args: { children: 'We could not save your postback URL. Check that it starts with https:// and try again in a few minutes.' },
};

/** In a field: the FieldError of a TextField, described by it and shown because the field is invalid. */
export const InField: Story = {
  render: () => <TextField label="E-mail" defaultValue="jordan@" errorMessage="Enter a valid e-mail address." />,
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-mail' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Enter a valid e-mail address.');
    // Inside a field it is not an alert: the field's own state carries the error.
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** In a field with no message of its own: the field's validation errors, only once it is invalid. */
export const FromValidation: Story = {
  render: () => (
    <TextField
      label="Sub ID"
      validationBehavior="aria"
      validate={(value) => (/^[a-z0-9_]*$/i.test(value) ? null : 'Use letters, digits and _ only.')}
    />
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Sub ID' });
    await userEvent.type(input, 'spring_sale');
    await expect(canvas.queryByText('Use letters, digits and _ only.')).toBeNull();
    await userEvent.type(input, '!');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Use letters, digits and _ only.'));
  },
};
