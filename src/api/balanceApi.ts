import { baseApi } from './baseApi';
import { balanceEndpoints } from './contract/balance';
import { send, type Reply } from './endpoints';

const { accountBalance } = balanceEndpoints;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['AccountBalance'] });

/**
 * The yearly statement (spec 001 sections 2.6 and 7, GET /accountBalance/{year}). Each year is kept
 * on its own, so going back to a year already seen shows it at once; every answer also carries the
 * years with lines and each year's starting balance.
 */
export const balanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountBalance: build.query<Reply<typeof accountBalance>, number>({
      query: (year) => send(accountBalance, { params: { year: String(year) } }),
      providesTags: (_result, _error, year) => [{ type: 'AccountBalance', id: year }],
    }),
  }),
});

export const { useAccountBalanceQuery } = balanceApi;
