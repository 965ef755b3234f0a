import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The reports area's signed-in route (inside the shell); the screen loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.reports, Component: lazy(() => import('./ReportsPage').then((m) => ({ default: m.ReportsPage }))) },
];
