import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from './store';

/**
 * The store of a signed-out page. It is not in the entry: Redux Toolkit and RTK Query (26 KiB)
 * load with a public page that calls the API, or when sign-in starts, not before the sign-in form is
 * drawn. The signed-in routes make their own (src/app/SignedInRoutes.tsx): a page never holds both.
 */
export const appStore = makeStore();

export function AppStoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={appStore}>{children}</Provider>;
}

/** The store's dispatch, for the sign-in journey, which starts without the store (src/features/auth/SignInJourney.tsx). */
export const appDispatch = appStore.dispatch;
