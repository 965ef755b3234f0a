export type { CardProps } from './cardKit';
export { preloadEditControls } from './editControls';
export { PersonalCard } from './PersonalCard';
export { EMAIL_NOTICES_HELP, EmailPreferencesCard } from './EmailPreferencesCard';
export { PhoneCard } from './PhoneCard';
export { AddressCard } from './AddressCard';
export { INCENTIVE_NOTE, PromotionalCard } from './PromotionalCard';
export { SecurityCard } from './SecurityCard';
