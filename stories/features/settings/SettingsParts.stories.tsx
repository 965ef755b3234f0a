import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { screenSettled, withMocks, type PortalParameters, framed } from '../../../.storybook/helpers';
import type { AffiliateResponse } from '../../../src/api/contract/affiliate';
import { PaymentCard } from '../../../src/features/settings/PaymentCard';
import { ProviderCard } from '../../../src/features/settings/payment/ProviderCard';
import { SettingsCard } from '../../../src/features/settings/SettingsCard';
import { TwoFactorCard, twoFactorCardText } from '../../../src/features/settings/TwoFactorCard';
import { SetupFlow } from '../../../src/features/settings/TwoFactorSetupFlow';
import { PAY_BLACKOUT_LABEL } from '../../../src/shared/payBlackout';
import { paths, patterns } from '../../../src/shared/paths';
import { TextField } from '../../../src/ui/TextField';
import { otpActivateHandlers, otpSetupHandlers } from '../../mocks/auth';
import { otpCancelHandlers } from '../../mocks/settings';
import { affiliateFixture } from '../../mocks/shell';

/**
 * The settings page's parts on their own (the page's stories show them together): the generic card,
 * the two-factor card and its set-up flow, the payment card, a provider card of the payment modal.
 */
const meta = {
  title: 'Features/Settings/Parts',
  parameters: { router: { path: patterns.settings, initialEntries: [paths.settings] } } satisfies PortalParameters,
  decorators: [framed({ maxWidth: 560 })],
  beforeEach: withMocks(otpSetupHandlers.fresh(), otpActivateHandlers.byCode(), otpCancelHandlers.deactivated()),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const saveSpy = fn();
/** The generic card: read-only with Edit; editing with Cancel and Save; the save's message. */
export const GenericCard: Story = {
  render: () => (
    <SettingsCard<{ handle: string }>
      title="Example"
      editable
      saved={{ handle: '@jordan' }}
      facts={[['Handle', '@jordan']]}
      validate={(v) => ({ handle: v.handle.trim() ? undefined : 'Please enter a handle.' })}
      save={async (v) => {
        saveSpy(v);
        return { ok: true, message: 'Saved.' };
      }}
      form={({ values, errors, set }) => (
        <TextField label="Handle" value={values.handle} onChange={(x) => set('handle', x)} isInvalid={Boolean(errors.handle)} errorMessage={errors.handle} />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    saveSpy.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Example' }));
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Handle' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(canvas.getAllByText('Please enter a handle.').length).toBeGreaterThan(0));
    await expect(saveSpy).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Handle' }), '@jo');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(canvas.getByText('Saved.')).toBeVisible());
    await expect(saveSpy).toHaveBeenCalledWith({ handle: '@jo' });
    await screenSettled();
  },
};

/** Two-factor off, read-only page: the explanation, no button. */
export const TwoFactorOffLocked: Story = {
  render: () => <TwoFactorCard affiliate={affiliateFixture} editable={false} onLocked={fn()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(twoFactorCardText.off)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

const active: AffiliateResponse = { ...affiliateFixture, otp_details: { otp_key: 'active' } };
/** Two-factor on: 'Google 2-fa Settings' arms the red 'Deactivate Google Authenticator'. */
export const TwoFactorOnArmed: Story = {
  render: () => <TwoFactorCard affiliate={active} editable onLocked={fn()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(twoFactorCardText.lostDevice)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Google 2-fa Settings' }));
    await expect(await canvas.findByRole('button', { name: 'Deactivate Google Authenticator' })).toBeVisible();
  },
};

/** The set-up flow of the two-factor card, its first step. */
export const SetupFlowFirstStep: Story = {
  render: () => <SetupFlow onClosed={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Next' })).toBeVisible();
  },
};

/** The payment card, read-only: platform and method. */
export const PaymentCardReadOnly: Story = {
  render: () => <PaymentCard affiliate={{ ...affiliateFixture, payment_information: { payee: 'Jordan Demo', method: 'ACH', platform: 'Tipalti', tmp_payoneer: 0 } }} editable={false} onLocked={fn()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Tipalti')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Payment Settings' })).toBeNull();
  },
};

/** A provider card: the current platform, its methods and button. */
export const ProviderCurrent: Story = {
  render: () => <ProviderCard name="Tipalti" methods={['ACH', 'Wire', 'PayPal']} current label="Edit Details" onPress={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Edit Details/ })).toBeEnabled();
  },
};

/** A provider card in the blackout: its button disabled with the blackout's label. */
export const ProviderBlackout: Story = {
  render: () => <ProviderCard name="Payoneer" methods={['Bank transfer', 'Prepaid card']} pending label={PAY_BLACKOUT_LABEL} disabled onPress={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: new RegExp(PAY_BLACKOUT_LABEL.replace(/[()]/g, '\\$&')) })).toBeDisabled();
  },
};
