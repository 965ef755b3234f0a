import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The postbacks area's signed-in routes (rendered inside the shell); the screen loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.globalPostback, Component: lazy(() => import('./GlobalPostbackPage').then((m) => ({ default: m.GlobalPostbackPage }))) },
];
