import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

/** The Account Balances page, signed in and inside the shell; it loads with its route. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.accountBalance, Component: lazy(() => import('./AccountBalancePage').then((m) => ({ default: m.AccountBalancePage }))) },
];

/**
 * /paycompletion renders on its own, outside the shell (it fills the payment modal's iframe or a
 * pop-up), and is open signed in and signed out: it needs no call, and a session that ended while
 * the provider's page was open must not turn the confirmation into the sign-in screen.
 */
export const openRoutes: RouteObject[] = [
  {
    path: patterns.payCompletion,
    Component: lazy(() => import('./PayCompletionPage').then((m) => ({ default: m.PayCompletionPage }))),
    // No call, so no store when signed out (src/app/SignedOutRoutes.tsx).
    handle: { store: false },
  },
];
