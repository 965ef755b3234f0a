import { collect, type AreaRoutes, type RouteFrame } from './routeTables';

/**
 * Every area's routes module, found from its folder: a new signed-in area adds nothing here. The
 * public-only areas are left out: a routes module both sides import is in both sides' first download
 * (theirs cost every signed-in route 0.9 KiB gzipped, measured). tests/unit/app/routeManifest.test.ts
 * checks that the areas left out have only public routes.
 */
export const signedInAreas = import.meta.glob<AreaRoutes>(['../features/*/routes.tsx', '!../features/{recovery,register,verify}/routes.tsx'], { eager: true });

/** The signed-in side: the routes drawn on their own, and those inside the shell (none takes sign-in's hooks). */
export function signedInTables(frame: RouteFrame) {
  const withoutSignIn = { ...frame, prefetchSignedIn: () => undefined, loadDispatch: () => Promise.reject(new Error('signed in')) };
  return { open: collect(signedInAreas, 'openRoutes', withoutSignIn), shell: collect(signedInAreas, 'shellRoutes', withoutSignIn) };
}
