import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { patterns } from '../../shared/paths';

const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));

/** Password recovery (spec 002 §2, docs/recovery.md): public routes, each page (and the captcha) loaded with its route. */
export function publicRoutes({ productName, siteId }: { productName: string; siteId: string }): RouteObject[] {
  return [
    { path: patterns.forgot, element: <ForgotPasswordPage productName={productName} siteId={siteId} /> },
    { path: patterns.resetPassword, element: <ResetPasswordPage productName={productName} siteId={siteId} /> },
  ];
}
