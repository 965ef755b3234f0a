import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardModals } from '../../../api/contract/dashboard';
import { storageKeys } from '../../../lib/storageKeys';

export type ModalName = keyof DashboardModals;

/**
 * The dashboard modals closed in this visit, per affiliate. Kept in the store, not in the
 * component, so leaving the dashboard (to /settings, say) and coming back does not reopen them.
 * A visit ends with a reload, which logout always does (spec 002 §4), so the set starts empty again.
 */
export type ClosedModalsState = Record<string, ModalName[]>;

export const closedModalsSlice = createSlice({
  name: 'closedModals',
  initialState: {} as ClosedModalsState,
  reducers: {
    modalClosed(state, action: PayloadAction<{ affiliate: string; name: ModalName }>) {
      const { affiliate, name } = action.payload;
      const list = (state[affiliate] ??= []);
      if (!list.includes(name)) list.push(name);
    },
  },
});

export const { modalClosed } = closedModalsSlice.actions;

/** The store shape this slice needs (features cannot import the app's RootState). */
export interface WithClosedModals {
  [closedModalsSlice.name]: ClosedModalsState;
}

const none: readonly ModalName[] = [];
export const selectClosedModals = (state: WithClosedModals, affiliate: string): readonly ModalName[] =>
  state[closedModalsSlice.name][affiliate] ?? none;

/** The signed-in affiliate's id as the session stores it ('' outside a browser or signed out). */
export function currentAffiliateKey(): string {
  try {
    return globalThis.localStorage?.getItem(storageKeys.affiliateId) ?? '';
  } catch {
    return '';
  }
}
