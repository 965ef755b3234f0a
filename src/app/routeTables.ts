import type { RouteObject } from 'react-router-dom';
import { patterns } from '../shared/paths';
import type { AppDispatch } from './store';

/** What the app hands an area's route functions: what every page's frame shows (spec 002 §2). */
export interface RouteFrame {
  productName: string;
  siteId: string;
}

/** The signed-out side's frame, with sign-in's two hooks into the app (a feature imports no app module). */
export interface PublicFrame extends RouteFrame {
  /** Loads the first signed-in screen's code while the affiliate finishes signing in. */
  prefetchSignedIn: () => void;
  /** The store's dispatch, loaded when the sign-in journey starts (the sign-in form is drawn without it). */
  loadDispatch: () => Promise<AppDispatch>;
}

type Table<F> = RouteObject[] | ((frame: F) => RouteObject[]);

/**
 * What an area's `src/features/<area>/routes.tsx` may export, each a list of routes or a function of
 * the frame that returns one:
 * - `shellRoutes`: signed in, drawn inside the portal's shell;
 * - `openRoutes`: open signed in and signed out, drawn on their own (the two-factor guide, /paycompletion);
 * - `publicRoutes`: signed out only.
 * The signed-in side finds every area from its folder but the public-only ones
 * (src/app/signedInAreas.ts); an area with public or open routes is named in src/app/publicAreas.ts. Order does not matter: react-router
 * ranks routes by how specific their paths are. A path appears at most once on a side, and every
 * route has a row in src/app/routeManifest.ts (tests/unit/app/routeManifest.test.ts checks all three).
 */
export interface AreaRoutes {
  shellRoutes?: Table<RouteFrame>;
  openRoutes?: Table<RouteFrame>;
  publicRoutes?: Table<PublicFrame>;
}

export const TABLE_NAMES = ['shellRoutes', 'openRoutes', 'publicRoutes'] as const;

/** One area's table of one kind, built for the frame. */
export function tableOf(area: AreaRoutes, name: (typeof TABLE_NAMES)[number], frame: PublicFrame): RouteObject[] {
  const table = area[name];
  return typeof table === 'function' ? table(frame) : (table ?? []);
}

/** One kind of table of every area given, built for the frame. */
export function collect(areas: Record<string, AreaRoutes>, name: (typeof TABLE_NAMES)[number], frame: PublicFrame): RouteObject[] {
  return Object.values(areas).flatMap((area) => tableOf(area, name, frame));
}

/** The addresses a signed-in affiliate is sent on from to the dashboard. */
export const toDashboard = [patterns.root, patterns.ottLogin, patterns.other];
