export { ProgressBar, resolveTone } from './ProgressBar';
export type { ProgressBarProps, ProgressTone, ProgressThreshold } from './ProgressBar';
