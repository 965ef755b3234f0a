import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { shellApi } from '../../api/shellApi';
import { paths } from '../../shared/paths';
import { dashboardRowArgs } from './rowArgs';

/**
 * A first visit to /dashboard asks for the Popular row as the signed-in store is made (when the
 * signed-in routes first render; this module is the signed-in side's only: the public routes import
 * routes.tsx to fetch the page ahead), beside the page's code, instead of after the page's first render:
 * that row's answer names the first screen's largest image. The row's own hook (same arguments)
 * finds the call in flight or answered. Only this call: the others wait for the page as before
 * (docs/web-performance.md, "A first visit's calls beside its code").
 */
export function startDashboardCall(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, pathname: string) {
  if (pathname === paths.dashboard) void dispatch(shellApi.util.prefetch('getCampaigns', dashboardRowArgs('popular'), {}));
}
