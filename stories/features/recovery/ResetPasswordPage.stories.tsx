import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { forgetDanglingAnnouncements, phone, withMocks, type PortalParameters } from '../../../.storybook/helpers';
import { recoveryEndpoints } from '../../../src/api/contract/recovery';
import { CONNECTION_ERROR, INTERNAL_ERROR } from '../../../src/api/errors';
import { ResetPasswordPage } from '../../../src/features/recovery/ResetPasswordPage';
import { resetMessages } from '../../../src/machines/passwordReset.machine';
import { paths, patterns } from '../../../src/shared/paths';
import { profileMessages } from '../../../src/shared/profileOptions';
import { recoveryMessages } from '../../../src/shared/recovery';
import { mocksOf } from '../../mocks/http';

const check = mocksOf(recoveryEndpoints.checkResetToken);
const generate = mocksOf(recoveryEndpoints.generateResetCode);
const reset = mocksOf(recoveryEndpoints.resetPassword);
const TOKEN = 'Zm9yZ290LXBhc3N3b3JkLXN0b3J5LXRva2VuLTAwMDAw';
const MANAGER = 'jordan.lee@example.com';
const withMobile = check.answer({ success: true, data: { is_mobile_added: true, manager_email: MANAGER } });
const router = (url: string) => ({ router: { path: patterns.resetPassword, initialEntries: [url] } satisfies PortalParameters['router'] });

/** /resetPassword?token= (spec 002 §2, §4, §5, §8): every state of the page, its calls mocked. */
const meta = {
  title: 'Features/Recovery/ResetPasswordPage',
  component: ResetPasswordPage,
  args: { productName: 'MaxBounty', siteId: '1' },
  parameters: { layout: 'fullscreen', ...router(paths.resetPassword(TOKEN)) },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const spy = fn();

/** A banner fades in (200 ms): wait until it is visible; a pending button gone leaves no dangling announcement. */
async function shown(canvasElement: HTMLElement, text: string) {
  await waitFor(() => expect(within(canvasElement).getByText(text)).toBeVisible());
  forgetDanglingAnnouncements();
}

async function fill(canvasElement: HTMLElement, fields: { password?: string; retype?: string; code?: string }) {
  const canvas = within(canvasElement);
  if (fields.password) await userEvent.type(await canvas.findByLabelText(/^New password/), fields.password);
  if (fields.retype) await userEvent.type(canvas.getByLabelText(/^Retype new password/), fields.retype);
  if (fields.code) await userEvent.type(canvas.getByLabelText(/^SMS code/), fields.code);
}
const GOOD = { password: 'n3w-Secret!', retype: 'n3w-Secret!', code: '123456' };
const submit = (canvasElement: HTMLElement) => userEvent.click(within(canvasElement).getByRole('button', { name: 'Change password' }));

/** While the link is checked: a spinner. */
export const Checking: Story = {
  beforeEach: withMocks(check.pending()),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'Checking your link' })).toBeVisible();
  },
};

/** The token check fails (unknown, used or expired): the expired-link text and a way to ask again (§4, §8). */
export const Expired: Story = {
  beforeEach: withMocks(check.failure(recoveryMessages.linkExpired)),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, recoveryMessages.linkExpired);
    await expect(within(canvasElement).getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', paths.forgot);
  },
};

/** A link without a token is expired too, without a call. */
export const WithoutToken: Story = {
  parameters: router(paths.resetPassword()),
  beforeEach: (ctx) => {
    spy.mockClear();
    return withMocks(check.answer({ success: true, data: { is_mobile_added: true, manager_email: MANAGER } }, { onRequest: spy }))(ctx);
  },
  play: async ({ canvasElement }) => {
    await shown(canvasElement, recoveryMessages.linkExpired);
    await expect(spy).not.toHaveBeenCalled();
  },
};

/** No mobile number on file: contact the manager by e-mail (§4). */
export const NoMobile: Story = {
  beforeEach: withMocks(check.answer({ success: true, data: { is_mobile_added: false, manager_email: MANAGER } })),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, recoveryMessages.noMobile(MANAGER));
    await expect(within(canvasElement).getByRole('link', { name: `E-mail ${MANAGER}` })).toHaveAttribute('href', `mailto:${MANAGER}`);
  },
};

/** The check got no answer: 'Connection error.' and Try again. */
export const CheckUnanswered: Story = {
  beforeEach: withMocks(check.networkError()),
  play: async ({ canvasElement }) => {
    await shown(canvasElement, CONNECTION_ERROR);
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The form: new password, retyped, the SMS code and its send button. */
export const Form: Story = {
  beforeEach: withMocks(withMobile),
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText(/^New password/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send code' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeVisible();
  },
};

/** §5 before any call: required fields, the password rule's message, 'Passwords do not match.' */
export const FieldMessages: Story = {
  beforeEach: (ctx) => {
    spy.mockClear();
    return withMocks(withMobile, reset.answer({ success: true }, { onRequest: spy }))(ctx);
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByLabelText(/^New password/);
    await submit(canvasElement);
    await expect(await canvas.findByText(recoveryMessages.passwordRequired)).toBeVisible();
    await expect(canvas.getByText(recoveryMessages.codeRequired)).toBeVisible();
    await fill(canvasElement, { password: 'short', retype: 'other', code: '1' });
    await submit(canvasElement);
    await expect(await canvas.findByText(profileMessages.passwordRule)).toBeVisible();
    await expect(canvas.getByText(recoveryMessages.passwordsDontMatch)).toBeVisible();
    await expect(spy).not.toHaveBeenCalled();
  },
};

/** Send code: the button turns into 'Sent (60)', disabled (the countdown itself is the machine's, tested with fake timers). */
export const CodeSent: Story = {
  beforeEach: withMocks(withMobile, generate.answer({ success: true, resend_after: 60 })),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send code' }));
    const sent = await canvas.findByRole('button', { name: /^Sent \((60|59)\)$/ });
    await expect(sent).toBeDisabled();
    await expect(canvas.getByText(resetMessages.codeSent)).toBeVisible();
    forgetDanglingAnnouncements();
  },
  parameters: { visual: { skip: 'the countdown moves on while the screenshot is taken; Machines/PasswordReset shows it still' } },
};

/** Asked again too soon (or any refusal): the server's message under the code field. */
export const CodeRefused: Story = {
  beforeEach: withMocks(withMobile, generate.failure(recoveryMessages.waitForCode(40), 429)),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByText(recoveryMessages.waitForCode(40))).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send code' })).toBeEnabled();
  },
};

/** A wrong code: 'Incorrect code. Try again.' under the code field (§8); what was typed stays. */
export const WrongCode: Story = {
  beforeEach: withMocks(withMobile, reset.failure(recoveryMessages.wrongCode)),
  play: async ({ canvas, canvasElement }) => {
    await fill(canvasElement, GOOD);
    await submit(canvasElement);
    await expect(await canvas.findByText(recoveryMessages.wrongCode)).toBeVisible();
    await expect(canvas.getByLabelText(/^New password/)).toHaveValue(GOOD.password);
  },
};

/** Any other refusal: the server's message, e.g. the spec's 'There was an error processing your request. Please try again'. */
export const ServerError: Story = {
  beforeEach: withMocks(withMobile, reset.failure(recoveryMessages.failed)),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, GOOD);
    await submit(canvasElement);
    await shown(canvasElement, recoveryMessages.failed);
  },
};

/** An answer of the final call with success false and no message of the server's: the spec's text (§8), never a generic one. */
export const FinalSuccessFalse: Story = {
  name: "Final success false: 'There was an error processing your request. Please try again'",
  beforeEach: withMocks(withMobile, reset.reply(() => HttpResponse.json({ success: false }))),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, GOOD);
    await submit(canvasElement);
    await shown(canvasElement, 'There was an error processing your request. Please try again');
    await expect(within(canvasElement).queryByText(INTERNAL_ERROR)).not.toBeInTheDocument();
  },
};

/** No answer: 'Connection error.' */
export const ResetUnanswered: Story = {
  beforeEach: withMocks(withMobile, reset.networkError()),
  play: async ({ canvasElement }) => {
    await fill(canvasElement, GOOD);
    await submit(canvasElement);
    await shown(canvasElement, CONNECTION_ERROR);
  },
};

/** Done: the password was changed, with a sign-in link; the spec's call carries the token in the query and the body. */
export const Changed: Story = {
  beforeEach: (ctx) => {
    spy.mockClear();
    return withMocks(withMobile, reset.answer({ success: true }, { onRequest: spy }))(ctx);
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, GOOD);
    await submit(canvasElement);
    await shown(canvasElement, recoveryMessages.changed);
    await expect(within(canvasElement).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.root);
    const call = spy.mock.calls[0][0] as { query: Record<string, string>; body: Record<string, string> };
    await expect(call.query.token).toBe(TOKEN);
    await expect(call.body).toEqual({ token: TOKEN, password: GOOD.password, code: GOOD.code });
  },
};

/** The page as mounted afresh by a reload (its button below the page remounts it). */
function Reloadable(props: { productName: string; siteId: string }) {
  const [mount, setMount] = useState(0);
  return (
    <>
      <ResetPasswordPage key={mount} {...props} />
      <button type="button" onClick={() => setMount((m) => m + 1)}>
        Reload the page
      </button>
    </>
  );
}

/**
 * The countdown survives a reload: the page mounted afresh after Send code still reads 'Sent (n)',
 * disabled, and asks for no code (the server would refuse one for 60 seconds).
 */
export const CountdownKeptOnReload: Story = {
  render: (args) => <Reloadable {...args} />,
  beforeEach: (ctx) => {
    spy.mockClear();
    return withMocks(withMobile, generate.answer({ success: true, resend_after: 60 }, { onRequest: spy }))(ctx);
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Send code' }));
    await canvas.findByRole('button', { name: /^Sent \((60|59)\)$/ });
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the page' }));
    const sent = await canvas.findByRole('button', { name: /^Sent \((60|59|58)\)$/ });
    await expect(sent).toBeDisabled();
    await expect(canvas.getByText(resetMessages.codeSent)).toBeVisible();
    await expect(spy).toHaveBeenCalledTimes(1);
    forgetDanglingAnnouncements();
  },
  parameters: { visual: { skip: 'the countdown moves on while the screenshot is taken; Machines/PasswordReset shows it still' } },
};

/** 375 px and the keyboard alone: fields, Send code and submit in order, nothing scrolls sideways. */
export const PhoneAndKeyboard: Story = {
  parameters: phone,
  beforeEach: withMocks(withMobile, generate.answer({ success: true, resend_after: 60 }), reset.answer({ success: true })),
  play: async ({ canvas, canvasElement }) => {
    (await canvas.findByLabelText(/^New password/)).focus();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.keyboard(GOOD.password);
    await userEvent.tab();
    await userEvent.keyboard(GOOD.retype);
    await userEvent.tab();
    await expect(canvas.getByLabelText(/^SMS code/)).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Send code' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('button', { name: /^Sent \(\d+\)$/ });
    // The code field takes the focus once the code is sent.
    await waitFor(() => expect(canvas.getByLabelText(/^SMS code/)).toHaveFocus());
    await userEvent.keyboard(GOOD.code);
    await userEvent.keyboard('{Enter}');
    await shown(canvasElement, recoveryMessages.changed);
  },
};
