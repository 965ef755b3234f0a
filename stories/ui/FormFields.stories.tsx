import { useState, type FormEvent } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form } from 'react-aria-components';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Card, CardBody, CardHeader } from '../../src/ui/Card';
import { Checkbox } from '../../src/ui/Checkbox';
import { CheckboxGroup } from '../../src/ui/CheckboxGroup';
import { ComboBox } from '../../src/ui/ComboBox';
import { CopyField } from '../../src/ui/CopyField';
import { DatePicker } from '../../src/ui/DatePicker';
import { DateRangePicker } from '../../src/ui/DateRangePicker';
import { FileField } from '../../src/ui/FileField';
import { RadioGroup } from '../../src/ui/RadioGroup';
import { Select } from '../../src/ui/Select';
import { Switch } from '../../src/ui/Switch';
import { TextArea } from '../../src/ui/TextArea';
import { TextField } from '../../src/ui/TextField';

interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

// Spec 002 §5: e-mail and password are required; the e-mail must be well formed.
function validate({ email, password }: SignInValues) {
  const errors: Partial<Record<'email' | 'password', string>> = {};
  if (!email) errors.email = 'Please enter your e-mail address.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Please enter a valid e-mail address.';
  if (!password) errors.password = 'Please enter your password.';
  return errors;
}

/** The login screen's form, validated on submit; the first invalid field takes focus. */
function SignInForm({ onSubmit }: { onSubmit: (values: SignInValues) => void }) {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<ReturnType<typeof validate>>({});
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    const first = (['email', 'password'] as const).find((k) => found[k]);
    if (first) e.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    else onSubmit(values);
  };
  /** A required text field's props: its value, its error and its change, by its name. */
  const field = (name: 'email' | 'password') => ({
    name,
    isRequired: true,
    value: values[name],
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    errorMessage: errors[name],
  });
  return (
    <Card style={{ maxWidth: 400 }}>
      <CardHeader title="Sign in" />
      <CardBody>
        <Form validationBehavior="aria" onSubmit={submit} style={{ display: 'grid', gap: 16 }}>
          <TextField label="E-mail" type="email" autoComplete="email" leadingIcon="user" {...field('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
          <Checkbox isSelected={values.remember} onChange={(remember) => setValues((v) => ({ ...v, remember }))}>
            Remember me
          </Checkbox>
          <Button type="submit" fullWidth>
            Sign in
          </Button>
        </Form>
      </CardBody>
    </Card>
  );
}

const meta = {
  title: 'UI/Form fields/All together',
  component: SignInForm,
  args: { onSubmit: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SignInForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Submitting empty shows both errors and focuses the e-mail; fixing them submits. */
export const SignIn: Story = {
  play: async ({ canvas, args }) => {
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    const password = canvas.getByLabelText(/^Password/);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(email).toHaveAccessibleDescription(/Please enter your e-mail address\./);
    await expect(password).toHaveAccessibleDescription(/Please enter your password\./);
    await expect(email).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.type(email, 'ann@example.com');
    await userEvent.type(password, 'S3cret!pass');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'S3cret!pass', remember: true });
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

/** A malformed e-mail and no password: the errors the screenshot keeps. */
export const SignInWithErrors: Story = {
  play: async ({ canvas, args }) => {
    const email = canvas.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, 'ann@example');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await expect(canvas.getByText('Please enter your password.')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

const trafficTypes = [
  { id: 'E', label: 'Email' },
  { id: 'M', label: 'Mobile' },
  { id: 'N', label: 'Native' },
];

/** Every field in one campaign-application-like form, each in its error state where it has one. */
function AllFields() {
  return (
    <Form validationBehavior="aria" style={{ display: 'grid', gap: 20, maxWidth: 560 }}>
      <TextField label="Leads per day" maxLength={10} isRequired defaultValue="ten" errorMessage="Number of leads you will send must be a numeric value." />
      <Select label="Traffic type" items={trafficTypes} placeholder="Select a traffic type" isRequired description="Other traffic types are NOT ALLOWED." errorMessage="You must select a traffic type." />
      <ComboBox label="Campaign" items={[{ id: 1204, label: 'Summer Sweepstakes', description: '#1204' }]} placeholder="Search campaigns by name or #ID" leadingIcon="search" errorMessage="Choose a campaign from the list." />
      <RadioGroup label="Creative" orientation="horizontal" isRequired options={[{ value: 'E', label: 'Existing creative' }, { value: 'M', label: 'Make my own' }]} errorMessage="Please choose a creative." />
      <CheckboxGroup label="Sources" orientation="horizontal" options={[{ value: 'a', label: 'Auto-responder' }, { value: 's', label: 'Solo e-mail blast' }, { value: 'n', label: 'Newsletter ad' }]} errorMessage="Choose at least one source." />
      <TextArea label="Description" isRequired maxLength={1000} defaultValue="" errorMessage="Please describe how you will promote the campaign." />
      <FileField label="Ad placement image" maxSize={20_000_000} errorMessage="The image must be a jpg, png, or gif." />
      <DatePicker label="Start date" today="2024-05-20" defaultValue="2024-06-31" errorMessage="Please enter a valid date." />
      <DateRangePicker label="Custom range" today="2024-05-20" defaultValue={{ start: '2024-05-01', end: '2024-05-20' }} />
      <CopyField label="Tracking link" value="" placeholder="Select a traffic type and creative type to get started..." />
      <Switch>Performance bonus</Switch>
      <Checkbox isInvalid isRequired>I agree to the Terms and Conditions</Checkbox>
      <div>
        <Button type="submit">Submit application</Button>
      </div>
    </Form>
  );
}

/** Every control together, errors shown: a check that they line up and stay accessible side by side. */
export const EveryField: Story = {
  render: () => <AllFields />,
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Leads per day/)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('radiogroup', { name: 'Creative' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(/1000 characters remaining/);
    await expect(canvas.getByRole('button', { name: /Choose image Ad placement image \(max 20MB\)/ })).toHaveAccessibleDescription(
      'The image must be a jpg, png, or gif.',
    );
  },
};
