import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The campaigns area's signed-in routes (rendered inside the shell); each screen loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.browse, Component: lazy(() => import('./BrowsePage').then((m) => ({ default: m.BrowsePage }))) },
  { path: patterns.campaign, Component: lazy(() => import('./detail/CampaignPage').then((m) => ({ default: m.CampaignPage }))) },
  { path: patterns.search, Component: lazy(() => import('./SearchPage').then((m) => ({ default: m.SearchPage }))) },
];
