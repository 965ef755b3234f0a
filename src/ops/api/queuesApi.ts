import { useEffect, useState } from 'react';
import { apiBase } from '../../api/baseApi';
import { callRequest, type AnyEndpoint, type CallArg } from '../../api/contract/endpoint';
import { OPERATOR_TOKEN_HEADER, operatorEndpoints } from '../../api/contract/operator';
import { publisherReviewEndpoints } from '../../api/contract/register';
import { send, type Query, type Reply } from '../../api/endpoints';
import { opsApi } from './opsApi';
import { readOperatorSession } from './session';

const ep = operatorEndpoints;
const pub = publisherReviewEndpoints;

/**
 * The approval queues: new publishers' applications (src/api/contract/register.ts) and the access
 * requests to By Request campaigns (src/api/contract/operator.ts). A decision asks for the list again.
 */
export const queuesApi = opsApi.enhanceEndpoints({ addTagTypes: ['Publishers', 'AccessRequests', 'Affiliates', 'Audit'] }).injectEndpoints({
  endpoints: (build) => ({
    listPublishers: build.query<Reply<typeof pub.listPublishers>, Query<typeof pub.listPublishers>>({
      query: (query) => send(pub.listPublishers, { query }),
      providesTags: ['Publishers'],
    }),
    approvePublisher: build.mutation<Reply<typeof pub.approvePublisher>, number>({
      query: (id) => send(pub.approvePublisher, { params: { id: String(id) } }),
      invalidatesTags: ['Publishers', 'Affiliates', 'Audit'],
    }),
    rejectPublisher: build.mutation<Reply<typeof pub.rejectPublisher>, number>({
      query: (id) => send(pub.rejectPublisher, { params: { id: String(id) } }),
      invalidatesTags: ['Publishers', 'Affiliates', 'Audit'],
    }),
    listAccessRequests: build.query<Reply<typeof ep.listAccessRequests>, Query<typeof ep.listAccessRequests>>({
      query: (query) => send(ep.listAccessRequests, { query }),
      providesTags: ['AccessRequests'],
    }),
    approveAccessRequest: build.mutation<Reply<typeof ep.approveAccessRequest>, number>({
      query: (id) => send(ep.approveAccessRequest, { params: { id: String(id) } }),
      invalidatesTags: ['AccessRequests', 'Affiliates', 'Audit'],
    }),
    rejectAccessRequest: build.mutation<Reply<typeof ep.rejectAccessRequest>, { id: number; reason: string }>({
      query: ({ id, reason }) => send(ep.rejectAccessRequest, { params: { id: String(id) }, body: { reason } }),
      invalidatesTags: ['AccessRequests', 'Affiliates', 'Audit'],
    }),
  }),
});

export const {
  useListPublishersQuery, useApprovePublisherMutation, useRejectPublisherMutation, useListAccessRequestsQuery, useApproveAccessRequestMutation,
  useRejectAccessRequestMutation,
} = queuesApi;

/** What an image of the operator API is while it loads. */
export type OperatorImage = { state: 'loading' } | { state: 'shown'; url: string } | { state: 'failed' };

/**
 * An image the operator API serves only with the operator token (an `<img src>` cannot send it): fetched
 * with the token and shown as an object URL, released when the image changes or goes away. `args` null:
 * no image.
 */
export function useOperatorImage<E extends AnyEndpoint>(endpoint: E, args: CallArg<E> | null): OperatorImage | null {
  const url = args === null ? null : apiBase + callRequest(endpoint, args).url;
  const [image, setImage] = useState<OperatorImage | null>(null);
  useEffect(() => {
    if (url === null) {
      setImage(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    setImage({ state: 'loading' });
    const session = readOperatorSession();
    fetch(url, { headers: session ? { [OPERATOR_TOKEN_HEADER]: session.token } : {} })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        const blob = await r.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ state: 'shown', url: objectUrl });
      })
      .catch(() => {
        if (!cancelled) setImage({ state: 'failed' });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return image;
}
