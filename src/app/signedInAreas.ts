import { collect, type AreaRoutes, type RouteFrame } from './routeTables';

/** Every area's routes module, found from its folder: a new signed-in area adds nothing here. */
export const signedInAreas = import.meta.glob<AreaRoutes>('../features/*/routes.tsx', { eager: true });

/** The signed-in side: the routes drawn on their own, and those inside the shell (none takes sign-in's hooks). */
export function signedInTables(frame: RouteFrame) {
  const withoutSignIn = { ...frame, prefetchSignedIn: () => undefined, loadDispatch: () => Promise.reject(new Error('signed in')) };
  return { open: collect(signedInAreas, 'openRoutes', withoutSignIn), shell: collect(signedInAreas, 'shellRoutes', withoutSignIn) };
}
