import { matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import type { ApiDispatch } from './baseApi';

/**
 * A screen's first calls, started with its code rather than after its first render (issue 11).
 *
 * Without this a first visit asks for its data only once React has rendered and committed the shell
 * and the screen: RTK Query's hooks subscribe in effects. On a phone that is most of a second after
 * the code arrived, and the screen renders twice (skeletons, then the answers). A module that starts
 * the same calls when the signed-in store is made lets the answers travel while the code renders; a
 * hook that finds its answer in the cache renders it at once. The calls are the hooks' own (same
 * endpoint, same arguments, from the same helper), so RTK Query sends each once.
 */
export interface RouteData {
  /** Starts the screen's calls (RTK Query's `util.prefetch`: an answer already cached is not asked again). */
  startData(dispatch: ApiDispatch, params: Params): void;
}

/** What an area's route carries in `handle`: its data module, loaded beside its code. */
export interface RouteDataHandle {
  data?: () => Promise<RouteData>;
}

/**
 * Starts the calls of the screen at `pathname` (the areas' `handle.data`); `always` runs first, for
 * what every screen of `routes` shows (the shell's calls). Nothing for an address none of `routes`
 * matches. A data module that cannot load is ignored here: the screen's own load reports it.
 */
export function startRouteData(routes: RouteObject[], pathname: string, dispatch: ApiDispatch, always?: (dispatch: ApiDispatch) => void) {
  const matches = matchRoutes(routes, pathname);
  if (!matches?.length) return;
  always?.(dispatch);
  for (const { route, params } of matches) {
    const load = (route.handle as RouteDataHandle | undefined)?.data;
    load?.().then(
      (m) => m.startData(dispatch, params),
      () => undefined,
    );
  }
}
