import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The dashboard's code: loaded with its route, and fetched ahead once the password is accepted. */
export const loadDashboardPage = () => import('./DashboardPage');

/** The dashboard area's signed-in routes (rendered inside the shell). Its screens load with the route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.dashboard, Component: lazy(() => loadDashboardPage().then((m) => ({ default: m.DashboardPage }))) },
];
