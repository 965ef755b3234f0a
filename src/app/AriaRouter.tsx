import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import { confirmLeave } from '../lib/leaveGuard';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * react-router's `useHref` reads every href as a route path ('tel:+1...' became '/tel:+1...').
 * Addresses with a scheme (https:, mailto:, tel:) or protocol-relative ones are left as they are.
 */
function useAppHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') ? href : routed;
}

/**
 * Lets react-aria links and menu items navigate through react-router instead of reloading, asking
 * first while a form has unsaved changes (src/lib/leaveGuard.ts).
 */
export function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => {
        if (confirmLeave()) navigate(to, options);
      }} useHref={useAppHref}>
      {children}
    </RouterProvider>
  );
}
