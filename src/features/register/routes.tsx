import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const RegisterPage = lazy(() => import('./RegisterPage').then((m) => ({ default: m.RegisterPage })));

/**
 * The network's contact address named by the availability check's network-failure text (spec 002 §8).
 * The product has no configured one yet: VITE_SUPPORT_EMAIL, else this default.
 */
export const SUPPORT_EMAIL = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'affiliates@example.com';

/** /register (public). */
export function publicRoutes({ productName, siteId }: { productName: string; siteId: string }): RouteObject[] {
  return [{ path: patterns.register, element: <RegisterPage productName={productName} siteId={siteId} supportEmail={SUPPORT_EMAIL} /> }];
}
