import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The MaxMoney points page, signed in and inside the shell; it loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.maxmoney, Component: lazy(() => import('./MaxMoneyPage').then((m) => ({ default: m.MaxMoneyPage }))) },
];
