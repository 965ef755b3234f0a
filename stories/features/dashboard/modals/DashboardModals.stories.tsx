import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { Link, Route, Routes } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DashboardModals as Flags } from '../../../../src/api/contract/dashboard';
import { DashboardModals } from '../../../../src/features/dashboard/modals/DashboardModals';
import { SUBMITTED_LABEL } from '../../../../src/features/dashboard/modals/MissingDocumentsModal';
import { dashboardDefaults, dashboardHandlers } from '../../../mocks/dashboard';
import { managerFixture } from '../../../mocks/shell';
import { animationsSettled, bodiesTo, forgetDanglingAnnouncements, screen, screenSettled } from '../../../../.storybook/helpers';
import { paths, patterns } from '../../../../src/shared/paths';

/**
 * The dashboard modals with their calls (spec 002 §4, §7): GET /dashboard/modals says which apply;
 * one shows at a time, closing one shows the next; dismissals are recorded through their calls.
 */
const calls = { dismiss: fn(), tipalti: fn(), save: fn(), modals: fn() };

function flags(modals: Partial<Flags>, ...overrides: AnyHandler[]) {
  return ({ msw }: StoryContext) => {
    forgetDanglingAnnouncements();
    Object.values(calls).forEach((c) => c.mockClear());
    msw.use(
      ...overrides,
      dashboardHandlers.modals.answer(modals, { onRequest: () => calls.modals() }),
      dashboardHandlers.dismiss({ onRequest: ({ url }) => calls.dismiss(url.pathname.split('/').pop()) }),
      dashboardHandlers.tipalti.recorded({ onRequest: () => calls.tipalti() }),
      dashboardHandlers.saveTargets.saved(bodiesTo(calls.save)),
      ...dashboardDefaults(),
    );
  };
}

const meta = {
  title: 'Features/Dashboard/Modals/DashboardModals',
  component: DashboardModals,
  args: { manager: managerFixture },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardModals>;

export default meta;
type Story = StoryObj<typeof meta>;

async function dialog(name: string | RegExp) {
  const d = await screen().findByRole('dialog', { name }, { timeout: 3000 });
  await waitFor(() => expect(d).toBeVisible());
  return d;
}
async function end() {
  await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  await screenSettled();
}

/** `flag` alone: `button` of its modal (`title`) closes it and records the dismissal through /announcements/dismiss/`flag`. */
const dismissedBy = (flag: keyof Flags, title: string, button: string): Story => ({
  beforeEach: flags({ [flag]: true }),
  play: async () => {
    const d = await dialog(title);
    await userEvent.click(within(d).getByRole('button', { name: button }));
    await waitFor(() => expect(calls.dismiss).toHaveBeenCalledWith(flag));
    await end();
  },
});

/** The documents are said to be submitted and that is confirmed. */
async function confirmSubmitted() {
  const d = await dialog('Documents missing');
  await userEvent.click(within(d).getByRole('button', { name: SUBMITTED_LABEL }));
  await userEvent.click(await screen().findByRole('button', { name: "Yes, don't show this again" }));
}

export const NoModals: Story = {
  beforeEach: flags({}),
  play: async () => {
    // The answer has arrived (and been rendered) before the absence is checked.
    await waitFor(() => expect(calls.modals).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 300));
    await expect(screen().queryByRole('dialog')).toBeNull();
  },
};

/**
 * Closed modals stay closed for the visit: dashboard -> /settings -> dashboard does not bring back
 * the snoozed payment-method reminder (the mock keeps answering it, as a cached answer would) nor
 * the invalid e-mail notice, and the dismissal is sent once. The dismissal refetches the flags.
 */
export const ClosedStayClosedOnReturn: Story = {
  beforeEach: flags({ paymentMethod: true, invalidEmail: true }),
  parameters: { router: { initialEntries: [paths.dashboard] } },
  render: (args) => (
    <Routes>
      <Route
        path={patterns.dashboard}
        element={
          <>
            <Link to={paths.settings}>Settings</Link>
            <DashboardModals {...args} />
          </>
        }
      />
      <Route path={patterns.settings} element={<Link to={paths.dashboard}>Back to the dashboard</Link>} />
    </Routes>
  ),
  play: async ({ canvasElement }) => {
    const payment = await dialog('Set up your payment method');
    await userEvent.click(within(payment).getByRole('button', { name: 'Remind me later' }));
    await waitFor(() => expect(calls.dismiss).toHaveBeenCalledWith('paymentMethod'));
    // invalidatesTags: the flags are fetched again after the dismissal.
    await waitFor(() => expect(calls.modals).toHaveBeenCalledTimes(2));
    await dialog('Please update your e-mail address');
    await userEvent.keyboard('{Escape}');
    await end();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Settings' }));
    await userEvent.click(await canvas.findByRole('link', { name: 'Back to the dashboard' }));
    await canvas.findByRole('link', { name: 'Settings' });
    await new Promise((r) => setTimeout(r, 500));
    await expect(screen().queryByRole('dialog')).toBeNull();
    await expect(calls.dismiss).toHaveBeenCalledTimes(1);
  },
};

/** Payment method missing: 'Remind me later' snoozes it through /announcements/dismiss/paymentMethod. */
export const PaymentMethod = dismissedBy('paymentMethod', 'Set up your payment method', 'Remind me later');

/** Flag 121: closed for this visit, no call (the flag goes once the e-mail is fixed). */
export const InvalidEmail: Story = {
  beforeEach: flags({ invalidEmail: true }),
  play: async () => {
    const d = await dialog('Please update your e-mail address');
    await userEvent.click(within(d).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await end();
    await expect(calls.dismiss).not.toHaveBeenCalled();
  },
};

export const MissingMobile = dismissedBy('missingMobile', 'Add your mobile number', 'Remind me later');

/** Flag 148: the confirmed answer is recorded through POST /tipaltiMissingDocs. */
export const MissingDocuments: Story = {
  beforeEach: flags({ missingDocuments: true }),
  play: async () => {
    await confirmSubmitted();
    await waitFor(() => expect(calls.tipalti).toHaveBeenCalledTimes(1));
    await end();
  },
};

export const MissingDocumentsRemindLater: Story = {
  beforeEach: flags({ missingDocuments: true }),
  play: async () => {
    const d = await dialog('Documents missing');
    await userEvent.click(within(d).getByRole('button', { name: 'Remind me later' }));
    await end();
    await expect(calls.tipalti).not.toHaveBeenCalled();
  },
};

export const MissingDocumentsFails: Story = {
  beforeEach: flags({ missingDocuments: true }, dashboardHandlers.tipalti.failure()),
  play: async () => {
    await confirmSubmitted();
    await expect(await screen().findByText('We could not record that. Please try again.')).toBeInTheDocument();
    await screenSettled();
  },
};

/** Flag 183 absent: the announcement; dismissal recorded through /announcements/dismiss/telegram. */
export const Telegram = dismissedBy('telegram', 'We are on Telegram', 'Got it');

/** Both surveys incomplete: pick, submit, thank-you, close. */
export const IntroSurvey: Story = {
  beforeEach: flags({ introSurvey: true }),
  play: async () => {
    const d = await dialog('Tell us about your traffic');
    const submit = await within(d).findByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    // Nothing chosen: both boxes are highlighted and nothing is sent.
    await userEvent.click(submit);
    await waitFor(() => expect(within(d).getByRole('button', { name: /Target countries/ }).closest('[data-invalid]')).not.toBeNull());
    await expect(calls.save).not.toHaveBeenCalled();
    await userEvent.click(within(d).getByRole('button', { name: /Target countries/ }));
    await userEvent.click(await screen().findByRole('option', { name: 'Canada' }));
    await userEvent.click(screen().getByRole('option', { name: 'United States of America' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(d).getByRole('button', { name: /Target verticals/ }));
    await userEvent.click(await screen().findByRole('option', { name: /Solar/ }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(d).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ countries: ['CA', 'US'], verticals: [21] }));
    const thanks = await dialog('Thank you!');
    await expect(within(thanks).getByText('Thank you! Your targets have been saved.')).toBeVisible();
    await userEvent.click(within(thanks).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await end();
  },
};

export const IntroSurveyVerticalsFail: Story = {
  beforeEach: flags({ introSurvey: true }, dashboardHandlers.verticals.failure()),
  play: async () => {
    const d = await dialog('Tell us about your traffic');
    await expect(await within(d).findByText('An error occurred while fetching verticals.')).toBeInTheDocument();
    await animationsSettled();
  },
};

/** Every flag at once: one after another, in the contract's order. */
export const AllInTurn: Story = {
  beforeEach: flags({ introSurvey: true, paymentMethod: true, invalidEmail: true, missingMobile: true, missingDocuments: true, telegram: true }),
  play: async () => {
    // Each modal in turn, closed by its button, or by Escape where none is named.
    const inTurn: [title: string, button?: string][] = [
      ['Tell us about your traffic'],
      ['Set up your payment method', 'Remind me later'],
      ['Please update your e-mail address'],
      ['Add your mobile number'],
      ['Documents missing', 'Remind me later'],
      ['We are on Telegram'],
    ];
    for (const [title, button] of inTurn) {
      const d = await dialog(title);
      if (button) await userEvent.click(within(d).getByRole('button', { name: button }));
      else await userEvent.keyboard('{Escape}');
    }
    await end();
    // The last dismissal is a request still on its way when the modal has gone.
    await waitFor(() => expect(calls.dismiss.mock.calls.map((c) => c[0])).toEqual(['paymentMethod', 'missingMobile', 'telegram']));
  },
};

/** Spec 002 §8: 'Error while fetching modals'. */
export const ModalsFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(dashboardHandlers.modals.failure(), ...dashboardDefaults());
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await waitFor(() => expect(alert).toBeVisible());
    await expect(alert).toHaveTextContent('Error while fetching modals');
  },
};
