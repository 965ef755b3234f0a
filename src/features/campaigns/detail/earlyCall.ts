import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { campaignIdOf } from './campaignId';

/**
 * A first visit to /campaign/{id} asks for the campaign as the signed-in store is made (SignedInRoutes),
 * beside the page's code, instead of after the page's first render: the answer is the whole first
 * screen (its largest paint). The page's hook (same id) finds the call in flight or answered. The
 * campaign API's module is part of the route's code, which the boot script already preloads, so
 * importing it here adds nothing to the shell's own download.
 */
export function startCampaignCall(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, pathname: string) {
  const match = /^\/campaign\/([^/]+)\/?$/.exec(pathname);
  const id = match ? campaignIdOf(match[1]) : null;
  if (id === null) return;
  void import('../../../api/campaignApi')
    .then(({ campaignApi }) => dispatch(campaignApi.util.prefetch('getCampaign', id, {})))
    // The page asks again itself (and shows its message) if the code cannot be loaded here.
    .catch(() => undefined);
}
