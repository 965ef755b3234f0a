import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const ComingSoon = lazy(() => import('./ComingSoon').then((m) => ({ default: m.ComingSoon })));

/**
 * Signed-in routes of spec 002 §2 whose screens belong to later issues: they render a small
 * "coming soon" card inside the shell so no link of the shell ends on a 404 (docs/portal-shell.md).
 * An area that builds one of these screens exports its own route and removes the line here.
 */
const comingSoon: { path: string; title: string }[] = [
  { path: patterns.maxmoney, title: 'MaxMoney' },
  { path: patterns.resources, title: 'Resources' },
  { path: patterns.refer, title: 'Referral Program' },
];

export const comingSoonRoutes: RouteObject[] = comingSoon.map(({ path, title }) => ({ path, element: <ComingSoon title={title} /> }));
