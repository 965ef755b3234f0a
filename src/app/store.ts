import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/baseApi';
import { closedModalsSlice } from '../features/dashboard/modals/closedModals';

const rootReducer = combineReducers({ [baseApi.reducerPath]: baseApi.reducer, [closedModalsSlice.name]: closedModalsSlice.reducer });
export type RootState = ReturnType<typeof rootReducer>;

/**
 * A new store; the app makes one, and Storybook makes a fresh one for every story, preloaded with
 * the story's `parameters.store.preloadedState` when it has one (.storybook/preview.tsx).
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
