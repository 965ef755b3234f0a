import { affiliateApi } from './affiliateApi';
import { baseApi } from './baseApi';
import { rewardEndpoints } from './contract/rewards';
import { plain, withBody, type Body, type Reply } from './endpoints';

const { maxmoney, registerPromo, redeem, cancelRedeem, resources, referrer } = rewardEndpoints;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Affiliate', 'MaxMoney', 'Referrer'] });

/** The points balance in the affiliate record (the top bar's badge) follows an answer's balance at once. */
function setBadge(balance: number) {
  return affiliateApi.util.updateQueryData('getAffiliate', undefined, (record) => {
    record.maxmoney_balance = balance;
  });
}

/** A redeem or a cancel answers with the new balance: the badge takes it once the answer is in. */
async function badgeFromAnswer(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: ReturnType<typeof setBadge>) => unknown; queryFulfilled: Promise<{ data: { balance: number } }> },
) {
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  if (data) dispatch(setBadge(data.balance));
}

/**
 * The rewards answer is fetched again after any answer of the server, a refusal too: a 404 or 409
 * (the entry was cancelled or paid in another tab, the limit was reached elsewhere) means the page
 * shows stale data. A network failure changes nothing, so nothing is fetched.
 */
const afterAnswer = (result: unknown, error: unknown): Array<'MaxMoney'> =>
  result || (typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number') ? ['MaxMoney'] : [];

/**
 * MaxMoney points, partner resources and the referral count (spec 001 §2.2-2.4, §7). A redeem or a
 * cancel answers with the new balance: the badge in the top bar takes it at once, and the rewards
 * answer (balance, history, weekly total) is fetched again.
 */
export const rewardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    maxmoney: build.query<Reply<typeof maxmoney>, void>({
      query: plain(maxmoney),
      providesTags: ['MaxMoney'],
    }),
    registerPromo: build.mutation<Reply<typeof registerPromo>, Body<typeof registerPromo>>({
      query: withBody(registerPromo),
      invalidatesTags: ['MaxMoney'],
    }),
    redeem: build.mutation<Reply<typeof redeem>, Body<typeof redeem>>({
      query: withBody(redeem),
      onQueryStarted: badgeFromAnswer,
      invalidatesTags: afterAnswer,
    }),
    cancelRedeem: build.mutation<Reply<typeof cancelRedeem>, Body<typeof cancelRedeem>>({
      query: withBody(cancelRedeem),
      onQueryStarted: badgeFromAnswer,
      invalidatesTags: afterAnswer,
    }),
    resources: build.query<Reply<typeof resources>, void>({
      query: plain(resources),
    }),
    referrer: build.query<Reply<typeof referrer>, void>({
      query: plain(referrer),
      providesTags: ['Referrer'],
    }),
  }),
});

export const { useMaxmoneyQuery, useRegisterPromoMutation, useRedeemMutation, useCancelRedeemMutation, useResourcesQuery, useReferrerQuery } = rewardsApi;
