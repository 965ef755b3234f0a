import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

export const settingsRoutes: RouteObject[] = [
  { path: patterns.settings, Component: lazy(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage }))) },
];
