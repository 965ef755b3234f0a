import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { opsApi } from './api/opsApi';

/** The console's own store: its API slice only (the portal's store and cache are never loaded here). */
export function makeOpsStore() {
  const store = configureStore({
    reducer: { [opsApi.reducerPath]: opsApi.reducer },
    middleware: (getDefault) => getDefault().concat(opsApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type OpsStore = ReturnType<typeof makeOpsStore>;
