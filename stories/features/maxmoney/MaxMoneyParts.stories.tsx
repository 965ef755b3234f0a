import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled, forgetDanglingAnnouncements, mocksWith, screen, type PortalParameters, framed } from '../../../.storybook/helpers';
import { rewardEndpoints } from '../../../src/api/contract/rewards';
import { CONNECTION_ERROR } from '../../../src/api/errors';
import { AGREE, REGISTER, REGISTERED } from '../../../src/features/maxmoney/PromoCard';
import { FAQ_TITLE, ProgramModals, TERMS_TITLE } from '../../../src/features/maxmoney/ProgramModals';
import { NO_EVENTS, PromoLists } from '../../../src/features/maxmoney/PromoLists';
import { AMOUNT_LABEL, REDEEM_TITLE, RedeemModal } from '../../../src/features/maxmoney/RedeemModal';
import { paths, patterns } from '../../../src/shared/paths';
import { mock, failureResponse } from '../../mocks/http';
import { futurePromos, maxmoneyHandlers, ongoingPromos, pastPromos, serverMessages } from '../../mocks/maxmoney';

/**
 * The MaxMoney page's parts on their own (the page's stories show them together): the promo lists in
 * every kind and state, the registration steps, the redeem modal, the FAQ and the terms.
 */
const withStoryMocks = mocksWith({
  before: () => {
    forgetDanglingAnnouncements();
  },
});

const meta = {
  title: 'Features/MaxMoney/Parts',
  parameters: { router: { path: patterns.maxmoney, initialEntries: [paths.maxmoney] } } satisfies PortalParameters,
  decorators: [framed({ maxWidth: 1100 })],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const all = { ongoing_promos: ongoingPromos, future_promos: futurePromos, past_promos: pastPromos };
const showTerms = fn();
const promoNamed = (root: HTMLElement, name: string) => within(root).getByRole('article', { name });

/**
 * Every promo kind in each list: fixed rewards as a percentage with their minimum (ongoing and
 * future), campaigns linking to their pages, beat-your-best with a tier met and the congratulations
 * so far (ongoing) or in the past tense (past), the earnings each tier needs (future); Register where
 * one may still register, the check where registered, nothing to register for in the past.
 */
export const AllPromos: Story = {
  render: () => <PromoLists rewards={all} onShowTerms={showTerms} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByText(NO_EVENTS)).toBeNull();
    const flash = promoNamed(canvasElement, 'Flash Promo: Gaming Weekend');
    await expect(flash).toHaveTextContent('23 Nov 2026 – 28 Nov 2026');
    await expect(flash).toHaveTextContent('8% of your qualifying earnings in points');
    await expect(flash).toHaveTextContent('$250.00 of qualifying earnings to earn points');
    await expect(flash).toHaveTextContent('Your qualifying earnings$130.40');
    await expect(within(flash).getByRole('link', { name: 'CasinoRoyale Welcome' })).toHaveAttribute('href', paths.campaign(1205));
    await expect(within(flash).getByRole('button', { name: `${REGISTER}: Flash Promo: Gaming Weekend` })).toBeVisible();

    const newVerticals = promoNamed(canvasElement, 'New Verticals Sprint');
    await expect(newVerticals).toHaveTextContent('10% of your qualifying earnings in points');
    await expect(newVerticals).not.toHaveTextContent('Minimum earnings');
    await expect(within(newVerticals).getByText(REGISTERED)).toBeVisible();
    await expect(within(newVerticals).queryByRole('button')).toBeNull();

    // Ongoing beat your best, first tier met: the congratulations 'so far', the next tiers to go.
    const best = promoNamed(canvasElement, 'Beat Your Best');
    await expect(best).toHaveTextContent('Current earnings$3,105.50');
    await expect(best).toHaveTextContent('Points so far93.17');
    const bestTiers = within(within(best).getByRole('list', { name: 'Reward tiers of Beat Your Best' })).getAllByRole('listitem');
    await expect(bestTiers.map((t) => t.textContent?.trim())).toEqual([
      '3% tier met: $2,800.00 reached',
      '5% tier: $1,194.50 to go to reach $4,300.00 ($2,500.00 above your best)',
      '8% tier: $3,694.50 to go to reach $6,800.00 ($5,000.00 above your best)',
    ]);
    await expect(within(best).getByRole('status')).toHaveTextContent('Congratulations! You have beaten your best and reached the 3% tier so far.');

    const holiday = promoNamed(canvasElement, 'Holiday Best');
    const holidayTiers = within(within(holiday).getByRole('list', { name: 'Reward tiers of Holiday Best' })).getAllByRole('listitem');
    await expect(holidayTiers.map((t) => t.textContent)).toEqual([
      'Earn $3,200.00 ($1,000.00 above your best) for 3% in points',
      'Earn $4,700.00 ($2,500.00 above your best) for 5% in points',
      'Earn $7,200.00 ($5,000.00 above your best) for 8% in points',
    ]);
    await expect(holiday).not.toHaveTextContent('Current earnings');
    await expect(within(holiday).queryByRole('status')).toBeNull();
    await expect(within(promoNamed(canvasElement, 'New Verticals Bonus')).getByRole('button', { name: `${REGISTER}: New Verticals Bonus` })).toBeVisible();

    // A future offer-specific promo: its campaign, reward and minimum, nothing earned yet, Register.
    const travel = promoNamed(canvasElement, 'Flash Promo: Holiday Travel');
    await expect(travel).toHaveTextContent('11 Dec 2026 – 13 Dec 2026');
    await expect(travel).toHaveTextContent('6% of your qualifying earnings in points');
    await expect(travel).toHaveTextContent('$200.00 of qualifying earnings to earn points');
    await expect(travel).not.toHaveTextContent('Your qualifying earnings');
    await expect(travel).not.toHaveTextContent('Points so far');
    await expect(within(travel).getByRole('link', { name: 'TravelNest Hotel Deals' })).toHaveAttribute('href', paths.campaign(1206));
    await expect(within(travel).getByRole('button', { name: `${REGISTER}: Flash Promo: Holiday Travel` })).toBeVisible();

    const summer = promoNamed(canvasElement, 'Summer Best');
    await expect(within(summer).getByRole('status')).toHaveTextContent('Congratulations! You beat your best and reached the 5% tier.');
    await expect(summer).toHaveTextContent('5% tier met: $4,300.00 reached');
    await expect(summer).toHaveTextContent('8% tier: $2,179.25 to go');
    await expect(promoNamed(canvasElement, 'Finance Fortnight')).toHaveTextContent('Points earned37.90');
    await expect(summer).toHaveTextContent('Points earned231.04');
    const pastList = canvas.getByRole('region', { name: 'Past' });
    await expect(within(pastList).queryByRole('button')).toBeNull();
    await expect(within(promoNamed(canvasElement, 'Try Something New')).queryByText(REGISTERED)).toBeNull();
  },
};

/** Neither ongoing nor future promos: the spec's message, the past ones below it. */
export const NoEventsPlanned: Story = {
  render: () => <PromoLists rewards={{ ongoing_promos: [], future_promos: [], past_promos: pastPromos.slice(0, 1) }} onShowTerms={showTerms} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(NO_EVENTS)).toBeVisible();
    await expect(within(canvasElement).getByRole('heading', { level: 3, name: 'Past' })).toBeVisible();
  },
};

/** No promo at all: the message alone. */
export const NoPromos: Story = {
  render: () => <PromoLists rewards={{ ongoing_promos: [], future_promos: [], past_promos: [] }} onShowTerms={showTerms} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(NO_EVENTS)).toBeVisible();
    await expect(within(canvasElement).queryByRole('heading', { level: 3 })).toBeNull();
  },
};

/** The registration's answer waits for the story to let it through, so the spinner can be seen. */
let letThrough: () => void = () => undefined;
const registered = fn();
const gatedRegistration = () =>
  mock(rewardEndpoints.registerPromo, async (call) => {
    registered(call.body);
    await new Promise<void>((resolve) => (letThrough = resolve));
    return { success: true as const, message: serverMessages.registered('Flash Promo: Gaming Weekend') };
  });

/** Register, then Agree to Terms (its spinner while the call is out), then the Registered check, which takes the focus. */
export const RegisterFlow: Story = {
  render: () => <PromoLists rewards={{ ongoing_promos: ongoingPromos.slice(0, 1), future_promos: [], past_promos: [] }} onShowTerms={showTerms} />,
  beforeEach: (context) => {
    registered.mockClear();
    showTerms.mockClear();
    return withStoryMocks(gatedRegistration())(context);
  },
  play: async ({ canvasElement }) => {
    const flash = promoNamed(canvasElement, 'Flash Promo: Gaming Weekend');
    const button = within(flash).getByRole('button', { name: `${REGISTER}: Flash Promo: Gaming Weekend` });
    await userEvent.click(button);
    await expect(button).toHaveAccessibleName(`${AGREE}: Flash Promo: Gaming Weekend`);
    await expect(registered).not.toHaveBeenCalled();
    await userEvent.click(within(flash).getByRole('button', { name: 'Read the terms' }));
    await expect(showTerms).toHaveBeenCalledOnce();
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-pending', 'true'));
    await waitFor(() => expect(registered).toHaveBeenCalledWith({ promo_id: 3, promo_type: 'OFFER_SPECIFIC' }));
    letThrough();
    const check = await within(flash).findByText(REGISTERED);
    await waitFor(() => expect(check.closest('[tabindex]')).toHaveFocus());
    await expect(within(flash).queryByRole('button', { name: /Register|Agree/ })).toBeNull();
    forgetDanglingAnnouncements();
  },
};

/** The spinner itself (the answer never comes). */
export const RegisterSending: Story = {
  render: () => <PromoLists rewards={{ ongoing_promos: [], future_promos: futurePromos.slice(0, 1), past_promos: [] }} onShowTerms={showTerms} />,
  beforeEach: withStoryMocks(mock(rewardEndpoints.registerPromo, () => new Promise<never>(() => undefined))),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: `${REGISTER}: New Verticals Bonus` });
    await userEvent.click(button);
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-pending', 'true'));
    await expect(button.querySelector('[data-spinner]')).not.toBeNull();
  },
};

/** A registration the server refuses (above the cap): its message; Agree to Terms stays for another try. */
export const RegisterRefused: Story = {
  render: () => <PromoLists rewards={{ ongoing_promos: ongoingPromos.slice(0, 1), future_promos: [], past_promos: [] }} onShowTerms={showTerms} />,
  beforeEach: withStoryMocks(mock(rewardEndpoints.registerPromo, () => failureResponse(serverMessages.overCap, 409))),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: `${REGISTER}: Flash Promo: Gaming Weekend` });
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(serverMessages.overCap);
    await expect(button).toHaveAccessibleName(`${AGREE}: Flash Promo: Gaming Weekend`);
    await expect(within(canvasElement).queryByText(REGISTERED)).toBeNull();
    await animationsSettled();
    forgetDanglingAnnouncements();
  },
};

/** A registration that gets no answer: 'Connection error.'; Agree to Terms stays for another try. */
export const RegisterConnectionError: Story = {
  render: () => <PromoLists rewards={{ ongoing_promos: ongoingPromos.slice(0, 1), future_promos: [], past_promos: [] }} onShowTerms={showTerms} />,
  beforeEach: withStoryMocks(maxmoneyHandlers.register.networkError()),
  parameters: { visual: { skip: 'RegisterRefused with another text; its text is checked' } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: `${REGISTER}: Flash Promo: Gaming Weekend` });
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(CONNECTION_ERROR);
    await expect(button).toHaveAccessibleName(`${AGREE}: Flash Promo: Gaming Weekend`);
    await expect(within(canvasElement).queryByText(REGISTERED)).toBeNull();
    forgetDanglingAnnouncements();
  },
};

/** The redeem modal: the amount field with the weekly limit and what is left this week. */
export const RedeemModalOpen: Story = {
  render: () => <RedeemModal isOpen onOpenChange={() => undefined} redeemLimit={500} redeemedThisWeek={140} onRedeemed={() => undefined} />,
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: REDEEM_TITLE });
    await expect(within(dialog).getByRole('textbox', { name: AMOUNT_LABEL })).toHaveAccessibleDescription(
      'Weekly limit: 500.00 points. Left this week: 360.00 points.',
    );
    await animationsSettled();
  },
};

/** The FAQ, with the server's weekly limit. */
export const ProgramFaq: Story = {
  render: () => <ProgramModals open="faq" onClose={() => undefined} redeemLimit={500} />,
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: FAQ_TITLE });
    await expect(dialog).toHaveTextContent('1 point = $1 (one point is worth one US dollar)');
    await expect(dialog).toHaveTextContent('Promos run every two weeks, plus flash promos of a few days.');
    await expect(dialog).toHaveTextContent('at most 10,000 points. Above that, you must redeem before you can register for further promos.');
    await animationsSettled();
  },
};

/** The terms (spec 001 §5, §9). */
export const ProgramTerms: Story = {
  render: () => <ProgramModals open="terms" onClose={() => undefined} redeemLimit={750} />,
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: TERMS_TITLE });
    const items = within(dialog).getAllByRole('listitem').map((li) => li.textContent);
    await expect(items).toEqual([
      'One point equals one US dollar (1 point = $1).',
      'The maximum accumulation is 10,000 points. Beyond that, redemption is required before registering for further promos.',
      'You can redeem up to 750.00 points a week.',
      'Points redeemed before Monday 11:59 pm Eastern qualify for payment the following Wednesday: they are added to your account balance and paid with it.',
      'Your account must be in good standing to redeem points.',
      'Promos run every two weeks, plus flash promos of a few days. Points are earned only in promos you registered for, and are credited when the promo ends. For 30 days after that, conversions reversed later are taken back and conversions approved later are added.',
    ]);
    await animationsSettled();
  },
};
