export { ErrorBanner, SystemMessage } from './SystemMessage';
export type { SystemMessageProps, SystemMessageVariant } from './SystemMessage';
