export { Toast, ToastRegion } from './Toast';
export type { ToastProps, ToastRegionProps, ToastPlacement } from './Toast';
