import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The settings page, signed in and inside the shell; it loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.settings, Component: lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage }))) },
];
