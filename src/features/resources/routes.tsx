import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The Resources page, signed in and inside the shell; it loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.resources, Component: lazy(() => import('./ResourcesPage').then((m) => ({ default: m.ResourcesPage }))) },
];
