export { VisuallyHidden, visuallyHidden } from './VisuallyHidden';
