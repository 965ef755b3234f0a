import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectNoHorizontalScroll, mocksWith, phone, shown } from '../../.storybook/helpers';
import { operatorSignInMessages } from '../../src/api/contract/operator';
import { OpsSignInPage } from '../../src/ops/signIn/OpsSignInPage';
import { OpsSignInView, type OpsSignInViewProps } from '../../src/ops/signIn/OpsSignInView';
import { opsMocks } from '../mocks/ops';
import { qrImage } from '../mocks/qrImage';
import { opsFrame } from './opsStory';

/**
 * The back office's sign-in (docs/operators.md "Sign-in"): e-mail and password, then the
 * authenticator's code, or at the first sign-in its set-up (QR code and key) with the first code.
 * Every step of the machine (src/ops/machines/opsSignIn.machine.ts) is a story of the view; the
 * page's stories run the machine against mocked calls.
 */
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const view = (over: Partial<OpsSignInViewProps>): OpsSignInViewProps => ({
  step: 'password',
  productName: 'Publisher Portal',
  error: null,
  onSubmitPassword: fn(),
  onSubmitCode: fn(),
  onCancel: fn(),
  ...over,
});

const meta = {
  title: 'Ops/SignIn',
  component: OpsSignInView,
  parameters: { layout: 'fullscreen' },
  decorators: [opsFrame],
  args: view({}),
} satisfies Meta<typeof OpsSignInView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first step: e-mail and password. */
export const Password: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/E-mail address/), 'ada@network.example');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'a long enough password');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmitPassword).toHaveBeenCalledWith('ada@network.example', 'a long enough password');
  },
};

/** The server refused the password: its sentence above the form. */
export const PasswordRefused: Story = {
  args: view({ error: operatorSignInMessages.failed }),
  play: async ({ canvas }) => {
    await shown(canvas, operatorSignInMessages.failed);
  },
};

/** After an accepted invitation (or a sign-out): a notice above the form. */
export const WithNotice: Story = {
  args: view({ notice: 'Your password is set. Sign in to set up your authenticator.' }),
  play: async ({ canvas }) => {
    await shown(canvas, /Your password is set/);
  },
};

/** The password is being checked: the button is busy. */
export const CheckingPassword: Story = {
  args: view({ step: 'checkingPassword' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Sign in/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The authenticator's code; Cancel goes back to the password. */
export const Code: Story = {
  args: view({ step: 'code' }),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Authenticator code' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmitCode).toHaveBeenCalledWith('123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** A wrong code: the server's sentence, the field kept for the next code. */
export const CodeRefused: Story = {
  args: view({ step: 'code', error: operatorSignInMessages.wrongCode }),
  play: async ({ canvas }) => {
    await shown(canvas, operatorSignInMessages.wrongCode);
  },
};

/** The code is being checked. */
export const CheckingCode: Story = {
  args: view({ step: 'checkingCode' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** The first sign-in: the QR code and the key, then the first code. */
export const Setup: Story = {
  args: view({ step: 'setup', secret: SECRET, qrImage: qrImage() }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Set up your authenticator' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
    await expect(canvas.getByText(SECRET)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn on and sign in' })).toBeVisible();
  },
};

/** The QR code is still being drawn: the key is there already. */
export const SetupDrawingQr: Story = {
  args: view({ step: 'setup', secret: SECRET, qrImage: null }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Drawing the QR code…')).toBeVisible();
    await expect(canvas.getByText(SECRET)).toBeVisible();
  },
};

/** The set-up's first code is being checked. */
export const CheckingSetupCode: Story = {
  args: view({ step: 'checkingSetupCode', secret: SECRET, qrImage: qrImage() }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Turn on and sign in' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** At 375 px the set-up fits, and the keyboard alone reaches the code and the buttons. */
export const SetupPhone: Story = {
  args: view({ step: 'setup', secret: SECRET, qrImage: qrImage() }),
  parameters: phone,
  play: async ({ canvas, canvasElement }) => {
    await expectNoHorizontalScroll(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByLabelText(/Authentication code/)).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Turn on and sign in' })).toHaveFocus();
  },
};

// ——— The page: the machine with the calls ———

const withStoryMocks = mocksWith();
const signedIn = fn();
const pageStory = (mocks: ReturnType<typeof withStoryMocks>) => ({
  render: () => <OpsSignInPage onSignedIn={signedIn} />,
  beforeEach: (ctx: Parameters<typeof mocks>[0]) => {
    signedIn.mockClear();
    return mocks(ctx);
  },
});
const sessionAnswer = { success: true as const, token: 'ops-story-token', expires_at: '2026-11-24T00:00:00.000Z', operator: { operator_id: 3, email: 'linus@network.example', role: 'finance' as const } };

/** First sign-in end to end: password, the set-up's QR code and key, a wrong first code, then the right one. */
export const FirstSignIn = {
  ...pageStory(
    withStoryMocks(
      opsMocks.signIn.answer({ success: true, step: 'setup', challenge: 'c1', expires_at: '2026-11-23T12:15:00.000Z', secret: SECRET, otpauth_uri: `otpauth://totp/Network:linus?secret=${SECRET}&issuer=Network` }),
      opsMocks.signInCode.reply(async ({ body }) =>
        (body as { code: string }).code === '000000'
          ? new Response(JSON.stringify({ success: false, errors: { message: operatorSignInMessages.wrongCode } }), { status: 403, headers: { 'content-type': 'application/json' } })
          : sessionAnswer,
      ),
    ),
  ),
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/E-mail address/), 'linus@network.example');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'a long enough password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Set up your authenticator' })).toBeVisible();
    await expect(await canvas.findByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on and sign in' }));
    await shown(canvas, operatorSignInMessages.wrongCode);
    await userEvent.clear(canvas.getByLabelText(/Authentication code/));
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Turn on and sign in' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ token: 'ops-story-token', expiresAt: sessionAnswer.expires_at, operator: { operatorId: 3, email: 'linus@network.example', role: 'finance' } }));
  },
} satisfies StoryObj<typeof OpsSignInPage>;

/** The challenge expired before the code came: back to the password with the server's sentence. */
export const ExpiredChallenge = {
  ...pageStory(
    withStoryMocks(
      opsMocks.signIn.answer({ success: true, step: 'code', challenge: 'c2', expires_at: '2026-11-23T12:15:00.000Z' }),
      opsMocks.signInCode.failure(operatorSignInMessages.expired, 403),
    ),
  ),
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/E-mail address/), 'ada@network.example');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'a long enough password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Authenticator code' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeVisible();
    await shown(canvas, operatorSignInMessages.expired);
    await expect(signedIn).not.toHaveBeenCalled();
  },
} satisfies StoryObj<typeof OpsSignInPage>;

/** No answer at all: the connection's sentence, the form kept. */
export const ConnectionLost = {
  ...pageStory(withStoryMocks(opsMocks.signIn.networkError())),
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/E-mail address/), 'ada@network.example');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'a long enough password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await shown(canvas, 'Connection error.');
    await expect(canvas.getByLabelText(/E-mail address/)).toHaveValue('ada@network.example');
  },
} satisfies StoryObj<typeof OpsSignInPage>;
