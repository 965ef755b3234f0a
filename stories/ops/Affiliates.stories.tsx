import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, dialogShown, expectNoHorizontalScroll, forgetDanglingAnnouncements, phone, recordingMocks, screen, shown, wait } from '../../.storybook/helpers';
import type { AffiliateDetail } from '../../src/api/contract/opsPeople';
import { AFFILIATE_FLAGS } from '../../src/api/contract/opsPeople';
import { affiliateMessages } from '../../src/ops/affiliates/AffiliateDetailView';
import { AffiliatesPage } from '../../src/ops/affiliates/AffiliatesPage';
import { perRender } from '../mocks/http';
import { meAnswer, opsMocks } from '../mocks/ops';
import { peopleMocks, sampleAffiliates, sampleDetail, sampleManagers, suspendedDetail } from '../mocks/opsPeople';
import { opsFrame } from './opsStory';

/**
 * The affiliates (docs/ops-people.md): the search by text, status and manager, a page at a time, and
 * one affiliate's detail with its changes (manager, suspension, flags, cap overrides), each with the
 * server's sentence when it refuses. A viewer reads without a write control; a manager operator
 * reaching another manager's affiliate reads the server's sentence.
 */

/** The affiliate as the server holds it in one render: each change answers with the detail after it. */
const held = perRender(() => ({ detail: structuredClone(sampleDetail) as AffiliateDetail }));
const changed = (change: (d: AffiliateDetail) => void) => () => {
  change(held().detail);
  return { success: true as const, affiliate: held().detail };
};
const flagOf = (flag: number) => ({ flag, label: AFFILIATE_FLAGS[flag as keyof typeof AFFILIATE_FLAGS], set_at: '2026-11-23T12:00:00.000Z' });

const { calls, spy, withStoryMocks } = recordingMocks({
  defaults: () => [
    opsMocks.me.answer(meAnswer('admin')),
    peopleMocks.managers.answer({ success: true, managers: sampleManagers }),
    peopleMocks.search.answer(({ query }) => ({ success: true, affiliates: sampleAffiliates, page: Number(query.page ?? 1), limit: Number(query.limit ?? 50), total: 60 })),
    peopleMocks.detail.answer(() => ({ success: true, affiliate: held().detail })),
  ],
});

const meta = {
  title: 'Ops/Affiliates',
  component: AffiliatesPage,
  parameters: { layout: 'padded', router: { initialEntries: ['/ops/affiliates'], path: '/ops/affiliates/*' } },
  decorators: [opsFrame],
  beforeEach: withStoryMocks(),
} satisfies Meta<typeof AffiliatesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const detailRoute = { router: { initialEntries: ['/ops/affiliates/1042'], path: '/ops/affiliates/*' } };

const table = async (root: HTMLElement, name = 'Affiliates') => within(await within(root).findByRole('table', { name }));
const heading = (root: HTMLElement) => within(root).findByRole('heading', { level: 1, name: 'Ana Lima' });
/** The detail, once the managers' list is there too (the select shows a name). */
async function detail(root: HTMLElement) {
  await heading(root);
  await waitFor(() => expect(within(root).getByRole('button', { name: /Manager/ })).toHaveTextContent('Jane Doe'));
}

async function confirmation(name: string) {
  const d = await screen().findByRole('alertdialog', { name });
  await waitFor(() => expect(d).toBeVisible());
  await animationsSettled();
  return within(d);
}

// ——— The search ———

/** The newest first, with status, manager and a link to each; 60 affiliates are three pages. */
export const Search: Story = {
  play: async ({ canvasElement, canvas }) => {
    const t = await table(canvasElement);
    await expect(t.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Ana Lima', 'Bo Chen', 'Cleo Park']);
    await expect(canvas.getByText('60 affiliates')).toBeVisible();
    const bo = within(t.getByRole('rowheader', { name: 'Bo Chen' }).closest('tr')!);
    await expect(bo.getByText('Suspended')).toBeVisible();
    await expect(t.getByRole('link', { name: 'Ana Lima' })).toHaveAttribute('href', '/ops/affiliates/1042');
    await expect(canvas.getByRole('navigation', { name: 'Affiliate pages' })).toBeVisible();
  },
};

/** Text, status and manager go to the server; the first page of the result is asked for. */
export const SearchFiltered: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.search.answer(({ query }) => ({ success: true, affiliates: sampleAffiliates.slice(0, 1), page: Number(query.page), limit: Number(query.limit), total: 1 }), spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Search/ }), '  lima ');
    await userEvent.click(canvas.getByRole('button', { name: /Status/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Active' }));
    await userEvent.click(canvas.getByRole('button', { name: /Manager/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Jane Doe' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'lima', status: 'active', manager_id: '1', page: '1', limit: '25' }));
    await shown(canvas, '1 affiliate');
    forgetDanglingAnnouncements();
  },
};

/** The second page is asked for. */
export const SearchNextPage: Story = {
  beforeEach: withStoryMocks(
    peopleMocks.search.answer(({ query }) => ({ success: true, affiliates: sampleAffiliates, page: Number(query.page), limit: Number(query.limit), total: 60 }), spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    await table(canvasElement);
    await userEvent.click(within(canvas.getByRole('navigation', { name: 'Affiliate pages' })).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: '2', limit: '25' }));
    await waitFor(() => expect(within(canvas.getByRole('navigation', { name: 'Affiliate pages' })).getByRole('button', { name: /2/ })).toHaveAttribute('aria-current', 'page'));
  },
};

/** Nothing matches. */
export const SearchEmpty: Story = {
  beforeEach: withStoryMocks(peopleMocks.search.answer({ success: true, affiliates: [], page: 1, limit: 25, total: 0 })),
  play: async ({ canvas }) => {
    await shown(canvas, 'No affiliate matches this search.');
    await expect(canvas.getByText('0 affiliates')).toBeVisible();
  },
};

/** Waiting for the search. */
export const SearchLoading: Story = {
  beforeEach: withStoryMocks(peopleMocks.search.pending()),
  parameters: { visual: { skip: 'a spinner; its label is checked' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the affiliates' })).toBeVisible();
  },
};

/** The search did not load: the server's sentence and Try again. */
export const SearchFailed: Story = {
  beforeEach: withStoryMocks(peopleMocks.search.failure('The database is restarting. Please try again in a few seconds.', 503)),
  play: async ({ canvas }) => {
    await shown(canvas, 'The database is restarting. Please try again in a few seconds.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A name in the list opens the affiliate. */
export const OpenAffiliate: Story = {
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement);
    await userEvent.click(t.getByRole('link', { name: 'Ana Lima' }));
    await detail(canvasElement);
  },
};

// ——— The detail ———

/** Profile, status, manager, flags, cap overrides, payment details and balance. */
export const Detail: Story = {
  parameters: detailRoute,
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await expect(canvas.getByText('ana@example.com (verified)')).toBeVisible();
    await expect(canvas.getByRole('switch', { name: `175: ${AFFILIATE_FLAGS[175]}` })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: `121: ${AFFILIATE_FLAGS[121]}` })).not.toBeChecked();
    const caps = await table(canvasElement, 'Cap overrides');
    await expect(caps.getByRole('rowheader', { name: 'Summer Sweepstakes (501)' })).toBeVisible();
    await expect(caps.getByText('40')).toBeVisible();
    await expect(canvas.getByText('$1,234.50')).toBeVisible();
    await expect(canvas.getByText('Payoneer')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Suspend' })).toBeVisible();
  },
};

/** Waiting for the affiliate. */
export const DetailLoading: Story = {
  parameters: { ...detailRoute, visual: { skip: 'a spinner; its label is checked' } },
  beforeEach: withStoryMocks(peopleMocks.detail.pending()),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading the affiliate' })).toBeVisible();
  },
};

/** An unknown affiliate: the server's sentence. */
export const DetailNotFound: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.detail.failure('There is no affiliate 1042.', 404)),
  play: async ({ canvas }) => {
    await shown(canvas, 'There is no affiliate 1042.');
  },
};

/** A manager operator opening another manager's affiliate: the server's sentence (their search lists only their own). */
export const ManagerOtherAffiliate: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(
    opsMocks.me.answer(meAnswer('manager')),
    peopleMocks.detail.failure('This affiliate has another affiliate manager: you can see only your own affiliates.', 403),
  ),
  play: async ({ canvas }) => {
    await shown(canvas, 'This affiliate has another affiliate manager: you can see only your own affiliates.');
  },
};

/** A manager operator on their own affiliate: the same controls as an admin. */
export const ManagerOwnAffiliate: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('manager'))),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Suspend' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Set a cap override' })).toBeVisible();
  },
};

/** A viewer reads everything and has no control that would answer 403. */
export const Viewer: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(opsMocks.me.answer(meAnswer('viewer'), spy)),
  play: async ({ canvasElement, canvas }) => {
    await heading(canvasElement);
    // The role has come (the controls would show by now).
    await waitFor(() => expect(calls).toHaveLength(1));
    await wait(200);
    await expect(canvas.getByText('Jane Doe')).toBeVisible();
    await expect(canvas.queryByRole('switch')).toBeNull();
    await expect(canvas.getByText(`175: ${AFFILIATE_FLAGS[175]} Set.`)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Suspend|Reactivate|Manager|cap/ })).toBeNull();
    await table(canvasElement, 'Cap overrides');
    await expect(canvas.queryByRole('button', { name: /Change|Remove/ })).toBeNull();
  },
};

/** Another manager from the select: sent, and said. */
export const ChangeManager: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.manager.answer(changed((d) => (d.manager = { manager_id: 2, name: 'Sam Lee' })), spy)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Manager/ }));
    const options = within(await screen().findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    await expect(options).toEqual(['No manager', 'Jane Doe', 'Sam Lee']);
    await userEvent.click(within(screen().getByRole('listbox')).getByRole('option', { name: 'Sam Lee' }));
    await shown(canvas, "Ana Lima's manager is now Sam Lee.");
    await expect(calls.map((c) => [c.params.id, c.body])).toEqual([['1042', { manager_id: 2 }]]);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Manager/ })).toHaveTextContent('Sam Lee'));
    await waitFor(() => expect(canvas.getByRole('button', { name: /Manager/ })).toHaveFocus());
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the manager: its sentence; the select shows the manager as it is. */
export const ChangeManagerRefused: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.manager.failure('Sam Lee is deactivated: choose an active affiliate manager.', 409)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Manager/ }));
    await userEvent.click(within(await screen().findByRole('listbox')).getByRole('option', { name: 'Sam Lee' }));
    await shown(canvas, 'Sam Lee is deactivated: choose an active affiliate manager.');
    await expect(canvas.getByRole('button', { name: /Manager/ })).toHaveTextContent('Jane Doe');
    await waitFor(() => expect(canvas.getByRole('button', { name: /Manager/ })).toHaveFocus());
    forgetDanglingAnnouncements();
  },
};

/** Suspend needs a reason; then the affiliate is suspended with it, and the detail says by whom. */
export const Suspend: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(
    peopleMocks.suspend.answer(
      changed((d) => {
        d.status = 'suspended';
        d.suspension = { at: '2026-11-23T12:00:00.000Z', reason: 'Fraudulent leads.', by: { operator_id: 1, email: 'ada@network.example' } };
      }),
      spy,
    ),
  ),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend' }));
    const dialog = within(await dialogShown('Suspend Ana Lima'));
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await shown(dialog, affiliateMessages.suspendMissing);
    await expect(calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Fraudulent leads.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await shown(canvas, 'Ana Lima is suspended and signed out.');
    await expect(calls.map((c) => c.body)).toEqual([{ reason: 'Fraudulent leads.' }]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByText('Fraudulent leads.')).toBeVisible();
    await expect(canvas.getByText('Nov 23, 2026, 12:00 PM UTC by ada@network.example')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** The server refuses the suspension: its sentence in the dialog, which stays open. */
export const SuspendRefused: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.suspend.failure('Only an active affiliate can be suspended: this one is pending (decide it in the publisher review).', 409)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend' }));
    const dialog = within(await dialogShown('Suspend Ana Lima'));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Fraudulent leads.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await shown(dialog, 'Only an active affiliate can be suspended: this one is pending (decide it in the publisher review).');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Suspend' })).not.toHaveAttribute('aria-disabled'));
    forgetDanglingAnnouncements();
  },
};

/** A suspended affiliate: the suspension shown, Reactivate asks first, then they are active. */
export const Reactivate: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(
    peopleMocks.detail.answer(() => ({ success: true, affiliate: suspendedDetail })),
    peopleMocks.reactivate.answer(() => ({ success: true, affiliate: sampleDetail }), spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await expect(canvas.getByText('Incentivised traffic on a no-incent offer.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate' }));
    await userEvent.click((await confirmation('Reactivate Ana Lima?')).getByRole('button', { name: 'Reactivate' }));
    await shown(canvas, 'Ana Lima is active again and can sign in.');
    await expect(calls.map((c) => c.params.id)).toEqual(['1042']);
    await expect(canvas.getByRole('button', { name: 'Suspend' })).toBeVisible();
  },
};

/** The server refuses the reactivation: its sentence. */
export const ReactivateRefused: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(
    peopleMocks.detail.answer(() => ({ success: true, affiliate: suspendedDetail })),
    peopleMocks.reactivate.failure('Only a suspended affiliate can be reactivated.', 409),
  ),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate' }));
    await userEvent.click((await confirmation('Reactivate Ana Lima?')).getByRole('button', { name: 'Reactivate' }));
    await shown(canvas, 'Only a suspended affiliate can be reactivated.');
  },
};

/** A flag switched on and another off: each sent, and said. */
export const Flags: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(
    peopleMocks.setFlag.answer(({ params }) => changed((d) => d.flags.push(flagOf(Number(params.flag))))(), spy),
    peopleMocks.clearFlag.answer(({ params }) => changed((d) => (d.flags = d.flags.filter((f) => f.flag !== Number(params.flag))))(), spy),
  ),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: `148: ${AFFILIATE_FLAGS[148]}` }));
    await shown(canvas, 'Flag 148 is set.');
    await waitFor(() => expect(canvas.getByRole('switch', { name: `148: ${AFFILIATE_FLAGS[148]}` })).toBeChecked());
    await userEvent.click(canvas.getByRole('switch', { name: `175: ${AFFILIATE_FLAGS[175]}` }));
    await shown(canvas, 'Flag 175 is cleared.');
    await waitFor(() => expect(canvas.getByRole('switch', { name: `175: ${AFFILIATE_FLAGS[175]}` })).not.toBeChecked());
    await expect(calls.map((c) => [c.url.pathname.replace(/^.*\/affiliates\//, ''), c.params.flag])).toEqual([
      ['1042/flags/148', '148'],
      ['1042/flags/175/clear', '175'],
    ]);
  },
};

/** The server refuses a flag: its sentence; the switch stays as it was. */
export const FlagRefused: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.setFlag.failure('This affiliate has another affiliate manager: only their manager or an admin can change it.', 403)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: `121: ${AFFILIATE_FLAGS[121]}` }));
    await shown(canvas, 'This affiliate has another affiliate manager: only their manager or an admin can change it.');
    await expect(canvas.getByRole('switch', { name: `121: ${AFFILIATE_FLAGS[121]}` })).not.toBeChecked();
  },
};

/** A new cap override: the campaign and a cap in range, checked before sending; then the table shows it. */
export const SetCap: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(
    peopleMocks.cap.answer(
      ({ params, body }) =>
        changed((d) =>
          d.cap_overrides.push({ campaign_id: Number(params.campaign), campaign_name: 'Premium Finance Leads', access_status: 'Approved', daily_cap: (body as { daily_cap: number }).daily_cap, campaign_daily_cap: null }),
        )(),
      spy,
    ),
  ),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Set a cap override' }));
    const dialog = within(await dialogShown('Set a cap override'));
    await userEvent.type(dialog.getByLabelText(/^Daily cap/), '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the cap' }));
    await shown(dialog, affiliateMessages.campaignInvalid);
    await shown(dialog, affiliateMessages.capInvalid);
    await expect(calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText(/^Campaign id/), '777');
    await userEvent.clear(dialog.getByLabelText(/^Daily cap/));
    await userEvent.type(dialog.getByLabelText(/^Daily cap/), '25');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the cap' }));
    await shown(canvas, "Ana Lima's daily cap on campaign 777 is 25.");
    await expect(calls.map((c) => [c.params.campaign, c.body])).toEqual([['777', { daily_cap: 25 }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect((await table(canvasElement, 'Cap overrides')).getByRole('rowheader', { name: 'Premium Finance Leads (777)' })).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** Change a cap in its row. */
export const ChangeCap: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.cap.answer(({ body }) => changed((d) => (d.cap_overrides[0].daily_cap = (body as { daily_cap: number }).daily_cap))(), spy)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change the cap on Summer Sweepstakes' }));
    const dialog = within(await dialogShown('Daily cap on Summer Sweepstakes'));
    await expect(dialog.queryByLabelText(/^Campaign id/)).toBeNull();
    await userEvent.clear(dialog.getByLabelText(/^Daily cap/));
    await userEvent.type(dialog.getByLabelText(/^Daily cap/), '1500');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the cap' }));
    await shown(canvas, "Ana Lima's daily cap on campaign 501 is 1,500.");
    await expect(calls.map((c) => [c.params.campaign, c.body])).toEqual([['501', { daily_cap: 1500 }]]);
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect((await table(canvasElement, 'Cap overrides')).getByText('1,500')).toBeVisible();
    forgetDanglingAnnouncements();
  },
};

/** Remove a cap: asked first, sent as null. */
export const RemoveCap: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.cap.answer(changed((d) => (d.cap_overrides = [])), spy)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove the cap on Summer Sweepstakes' }));
    await userEvent.click((await confirmation('Remove the cap on Summer Sweepstakes?')).getByRole('button', { name: 'Remove' }));
    await shown(canvas, 'The cap on campaign 501 is removed.');
    await expect(calls.map((c) => c.body)).toEqual([{ daily_cap: null }]);
    await shown(canvas, "No cap override: the campaigns' own caps apply.");
  },
};

/** The server refuses the cap (a campaign they do not run): its sentence in the dialog. */
export const SetCapRefused: Story = {
  parameters: detailRoute,
  beforeEach: withStoryMocks(peopleMocks.cap.failure('Ana Lima neither runs nor asked to run campaign 999: a cap needs their access to it.', 409)),
  play: async ({ canvasElement, canvas }) => {
    await detail(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Set a cap override' }));
    const dialog = within(await dialogShown('Set a cap override'));
    await userEvent.type(dialog.getByLabelText(/^Campaign id/), '999');
    await userEvent.type(dialog.getByLabelText(/^Daily cap/), '10');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the cap' }));
    await shown(dialog, 'Ana Lima neither runs nor asked to run campaign 999: a cap needs their access to it.');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save the cap' })).not.toHaveAttribute('aria-disabled'));
    forgetDanglingAnnouncements();
  },
};

/** At 375 px: the search's rows are cards, nothing scrolls sideways. */
export const SearchPhone: Story = {
  parameters: phone,
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};

/** At 375 px: the detail's sections stack, nothing scrolls sideways. */
export const DetailPhone: Story = {
  parameters: { ...phone, ...detailRoute },
  play: async ({ canvasElement }) => {
    await detail(canvasElement);
    await expectNoHorizontalScroll(canvasElement);
  },
};
