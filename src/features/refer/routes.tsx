import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The Referral Program page, signed in and inside the shell; it loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.refer, Component: lazy(() => import('./ReferPage').then((m) => ({ default: m.ReferPage }))) },
];
