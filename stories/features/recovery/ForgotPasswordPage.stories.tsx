import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { forgetDanglingAnnouncements, phone, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { recoveryEndpoints } from '../../../src/api/contract/recovery';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { ForgotPasswordPage } from '../../../src/features/recovery/ForgotPasswordPage';
import { paths } from '../../../src/shared/paths';
import { recoveryMessages } from '../../../src/shared/recovery';
import { mocksOf } from '../../mocks/http';

const forgot = mocksOf(recoveryEndpoints.forgotPassword);

/**
 * /forgot (spec 002 §2, §4, §5, §8). The captcha is the real ALTCHA widget in its test mode (solved by
 * a click, nothing computed); the call is mocked.
 */
const meta = {
  title: 'Features/Recovery/ForgotPasswordPage',
  component: ForgotPasswordPage,
  args: { productName: 'MaxBounty', siteId: '1', captchaTest: true },
  parameters: { layout: 'fullscreen', router: { initialEntries: [paths.forgot] } satisfies PortalParameters['router'] },
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const spy = fn();

async function solveCaptcha(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const box = await canvas.findByRole('checkbox', {}, { timeout: 5000 });
  await userEvent.click(box);
  await waitFor(() => expect(canvasElement.querySelector('altcha-widget input[name="altcha"]')?.getAttribute('value')).toBeTruthy(), { timeout: 5000 });
}

/** A banner fades in (200 ms, spec 002 §9): wait until it is visible. */
async function shown(canvasElement: HTMLElement, text: string) {
  await waitFor(() => expect(within(canvasElement).getByText(text)).toBeVisible());
  // The pending submit button's announcement outlives the button once the form is replaced.
  forgetDanglingAnnouncements();
}

async function typeEmail(canvasElement: HTMLElement, email: string) {
  await userEvent.type(within(canvasElement).getByRole('textbox', { name: /E-mail/ }), email);
}

/** The form: e-mail, the captcha, the submit button and the way back. */
export const Default: Story = {
  beforeEach: withMocks(forgot.answer({ success: true })),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expect(await canvas.findByRole('checkbox', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', paths.root);
  },
};

/** Nothing is sent before the captcha is solved (§4); the e-mail is required and of e-mail type (§5). */
export const NothingSentWithoutCaptcha: Story = {
  beforeEach: (ctx) => {
    spy.mockClear();
    return withMocks(forgot.answer({ success: true }, { onRequest: spy }))(ctx);
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('checkbox', {}, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByText(recoveryMessages.emailRequired)).toBeVisible();
    await expect(canvas.getByText(recoveryMessages.captchaMissing)).toBeVisible();
    await typeEmail(canvasElement, 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByText(recoveryMessages.emailInvalid)).toBeVisible();
    await userEvent.clear(canvas.getByRole('textbox', { name: /E-mail/ }));
    await typeEmail(canvasElement, 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(canvas.getByText(recoveryMessages.captchaMissing)).toBeVisible();
    await expect(spy).not.toHaveBeenCalled();
  },
};

/** Solved and sent: the spec's text with the address typed; the captcha payload travels as `altcha`. */
export const Sent: Story = {
  beforeEach: (ctx) => {
    spy.mockClear();
    return withMocks(forgot.answer({ success: true }, { onRequest: spy }))(ctx);
  },
  play: async ({ canvas, canvasElement }) => {
    await typeEmail(canvasElement, 'ada@example.com');
    await solveCaptcha(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await shown(canvasElement, recoveryMessages.forgotSent('ada@example.com'));
    await expect(spy).toHaveBeenCalledTimes(1);
    const { query } = spy.mock.calls[0][0] as { query: Record<string, string> };
    await expect(query.email).toBe('ada@example.com');
    await expect(query.altcha).toBeTruthy();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
  },
};

/** A refusal shows the server's message (§8), and a fresh captcha must be solved. */
export const ServerRefusal: Story = {
  beforeEach: withMocks(forgot.failure(recoveryMessages.captchaUsed)),
  play: async ({ canvas, canvasElement }) => {
    await typeEmail(canvasElement, 'ada@example.com');
    await solveCaptcha(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await shown(canvasElement, recoveryMessages.captchaUsed);
    const box = await canvas.findByRole('checkbox', {}, { timeout: 5000 });
    await expect(box).not.toBeChecked();
  },
};

/** No answer: 'Connection error.' */
export const ConnectionFailure: Story = {
  beforeEach: withMocks(forgot.networkError()),
  play: async ({ canvas, canvasElement }) => {
    await typeEmail(canvasElement, 'ada@example.com');
    await solveCaptcha(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await shown(canvasElement, CONNECTION_ERROR);
  },
};

/** 375 px: one column, nothing scrolls sideways; the whole form by keyboard. */
export const PhoneAndKeyboard: Story = {
  parameters: phone,
  beforeEach: withMocks(forgot.answer({ success: true })),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('checkbox', {}, { timeout: 5000 });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    canvas.getByRole('textbox', { name: /E-mail/ }).focus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox')).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(canvasElement.querySelector('altcha-widget input[name="altcha"]')?.getAttribute('value')).toBeTruthy(), { timeout: 5000 });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Send reset link' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await shown(canvasElement, recoveryMessages.forgotSent('ada@example.com'));
  },
};
