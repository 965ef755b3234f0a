import { preloadableLazy } from '../../../lib/preloadableLazy';

/**
 * The cards' choosers (react-aria's Select and its list box, 6 KiB gzipped) show only while a card is
 * being edited: they load with the page's lock (SettingsScreenWithLock preloads them), not with the
 * page, whose first visit stays small. SettingsCard renders a form under Suspense.
 */
export const Select = preloadableLazy(() => import('../../../ui/Select').then((m) => m.Select));
export const preloadEditControls = () => void Select.preload().catch(() => undefined);
