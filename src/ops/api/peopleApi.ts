import { opsPeopleEndpoints } from '../../api/contract/opsPeople';
import { plain, send, type Body, type Query, type Reply } from '../../api/endpoints';
import { opsApi } from './opsApi';

const ep = opsPeopleEndpoints;

type DetailReply = Reply<typeof ep.affiliateDetail>;

/**
 * The back office's people (src/api/contract/opsPeople.ts, docs/ops-people.md): the affiliate search
 * and detail with their changes, and the affiliate managers. A change answers with the detail after
 * it, which replaces the cached detail at once; the search and the managers' counts are asked again.
 */
export const peopleApi = opsApi.enhanceEndpoints({ addTagTypes: ['Affiliates', 'Affiliate', 'Managers', 'Operators', 'Audit'] }).injectEndpoints({
  endpoints: (build) => {
    const change = <A>(request: (arg: A & { id: number }) => ReturnType<typeof send>) =>
      build.mutation<DetailReply, A & { id: number }>({
        query: request,
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(peopleApi.util.upsertQueryData('affiliateDetail', id, data));
          } catch {
            // The page shows the server's sentence; the cache keeps what it had.
          }
        },
        invalidatesTags: ['Affiliates', 'Managers', 'Audit'],
      });
    return {
      searchAffiliates: build.query<Reply<typeof ep.searchAffiliates>, Query<typeof ep.searchAffiliates>>({
        query: (query) => send(ep.searchAffiliates, { query }),
        providesTags: ['Affiliates'],
      }),
      affiliateDetail: build.query<DetailReply, number>({
        query: (id) => send(ep.affiliateDetail, { params: { id: String(id) } }),
        providesTags: (_r, _e, id) => [{ type: 'Affiliate', id }],
      }),
      changeAffiliateManager: change<{ managerId: number | null }>(({ id, managerId }) =>
        send(ep.changeAffiliateManager, { params: { id: String(id) }, body: { manager_id: managerId } }),
      ),
      suspendAffiliate: change<{ reason: string }>(({ id, reason }) => send(ep.suspendAffiliate, { params: { id: String(id) }, body: { reason } })),
      reactivateAffiliate: change<object>(({ id }) => send(ep.reactivateAffiliate, { params: { id: String(id) } })),
      setAffiliateFlag: change<{ flag: number }>(({ id, flag }) => send(ep.setAffiliateFlag, { params: { id: String(id), flag: String(flag) } })),
      clearAffiliateFlag: change<{ flag: number }>(({ id, flag }) => send(ep.clearAffiliateFlag, { params: { id: String(id), flag: String(flag) } })),
      setAffiliateCap: change<{ campaignId: number; dailyCap: number | null }>(({ id, campaignId, dailyCap }) =>
        send(ep.setAffiliateCap, { params: { id: String(id), campaign: String(campaignId) }, body: { daily_cap: dailyCap } }),
      ),
      listManagers: build.query<Reply<typeof ep.listManagers>, void>({ query: plain(ep.listManagers), providesTags: ['Managers'] }),
      createManager: build.mutation<Reply<typeof ep.createManager>, Body<typeof ep.createManager>>({
        query: (body) => send(ep.createManager, { body }),
        invalidatesTags: ['Managers', 'Audit'],
      }),
      editManager: build.mutation<Reply<typeof ep.editManager>, { id: number; body: Body<typeof ep.editManager> }>({
        query: ({ id, body }) => send(ep.editManager, { params: { id: String(id) }, body }),
        invalidatesTags: ['Managers', 'Affiliates', 'Affiliate', 'Audit'],
      }),
      deactivateManager: build.mutation<Reply<typeof ep.deactivateManager>, number>({
        query: (id) => send(ep.deactivateManager, { params: { id: String(id) } }),
        invalidatesTags: ['Managers', 'Audit'],
      }),
      activateManager: build.mutation<Reply<typeof ep.activateManager>, number>({
        query: (id) => send(ep.activateManager, { params: { id: String(id) } }),
        invalidatesTags: ['Managers', 'Audit'],
      }),
      linkOperatorManager: build.mutation<Reply<typeof ep.linkOperatorManager>, { operatorId: number; managerId: number | null }>({
        query: ({ operatorId, managerId }) => send(ep.linkOperatorManager, { params: { id: String(operatorId) }, body: { manager_id: managerId } }),
        invalidatesTags: ['Managers', 'Operators', 'Affiliates', 'Audit'],
      }),
    };
  },
});

export const {
  useSearchAffiliatesQuery, useAffiliateDetailQuery, useChangeAffiliateManagerMutation, useSuspendAffiliateMutation, useReactivateAffiliateMutation,
  useSetAffiliateFlagMutation, useClearAffiliateFlagMutation, useSetAffiliateCapMutation, useListManagersQuery, useCreateManagerMutation,
  useEditManagerMutation, useDeactivateManagerMutation, useActivateManagerMutation, useLinkOperatorManagerMutation,
} = peopleApi;
