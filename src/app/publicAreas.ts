import * as auth from '../features/auth/routes';
import * as balance from '../features/balance/routes';
import * as info from '../features/info/routes';
import * as recovery from '../features/recovery/routes';
import * as register from '../features/register/routes';
import * as verify from '../features/verify/routes';
import { collect, type AreaRoutes, type PublicFrame } from './routeTables';

/**
 * The areas with public or open routes, named rather than found: if the signed-out side imported every
 * area's routes module, the bundler could no longer count on the shell being loaded when a signed-in
 * screen's chunk is, and would cut the code they share into more, smaller chunks (measured: +5.6 KiB
 * gzipped on every signed-in route, +1.4 on sign-in). tests/unit/app/routeManifest.test.ts fails when
 * an area with such routes is missing here.
 */
export const publicAreas: Record<string, AreaRoutes> = { auth, balance, info, recovery, register, verify };

/** The signed-out side's routes. */
export const signedOutTable = (frame: PublicFrame) => [...collect(publicAreas, 'openRoutes', frame), ...collect(publicAreas, 'publicRoutes', frame)];
