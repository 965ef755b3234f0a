import { campaignApi } from './campaignApi';
import { campaignAccessEndpoints, type RequestApprovalInput } from './contract/campaignAccess';
import { send, type Reply } from './endpoints';

const { getApprovalQuestions, requestApproval } = campaignAccessEndpoints;

/**
 * The application modal's calls (spec 000 section 7): its questions, and the submission (multipart:
 * the answers as form fields, the ad-placement image as a file). A submission that lands reloads
 * the campaign, whose status it changed.
 */
export const campaignAccessApi = campaignApi.injectEndpoints({
  endpoints: (build) => ({
    getApprovalQuestions: build.query<Reply<typeof getApprovalQuestions>, number>({
      query: (id) => send(getApprovalQuestions, { params: { id: String(id) } }),
      keepUnusedDataFor: 0,
    }),
    requestApproval: build.mutation<Reply<typeof requestApproval>, { id: number; body: RequestApprovalInput }>({
      query: ({ id, body }) => send(requestApproval, { params: { id: String(id) }, body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Campaign', id }]),
    }),
  }),
});
