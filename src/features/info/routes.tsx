import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const TermsPage = lazy(() => import('./TermsPage').then((m) => ({ default: m.TermsPage })));
const FaqPage = lazy(() => import('./FaqPage').then((m) => ({ default: m.FaqPage })));

/** The terms and the FAQ inside the signed-in shell. */
export const shellRoutes: RouteObject[] = [
  { path: patterns.terms, element: <TermsPage /> },
  { path: patterns.faq, element: <FaqPage /> },
];

/**
 * Signed out too: the wizard's terms step links /terms (spec 002 §2), and the FAQ answers a visitor's
 * questions before applying (the spec lists /faq among signed-in routes only; we open it to visitors too).
 */
export function publicRoutes(frame: { productName: string; siteId: string }): RouteObject[] {
  return [
    // Static pages: no store (src/app/SignedOutRoutes.tsx).
    { path: patterns.terms, element: <TermsPage signedOut {...frame} />, handle: { store: false } },
    { path: patterns.faq, element: <FaqPage signedOut {...frame} />, handle: { store: false } },
  ];
}
