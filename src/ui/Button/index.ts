export { Button } from './Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './Button';
// The look, for LinkButton (a link that looks like a button).
export { buttonStyles } from './Button.styles';
export { buttonLook } from './buttonStyles';
