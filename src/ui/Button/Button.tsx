import { forwardRef, type ReactNode } from 'react';
import type { ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Spinner } from '../Spinner';
import { Label, PendingOverlay, StyledButton } from './Button.styles';
import { buttonLook } from './buttonStyles';

/** `quiet`: transparent until hovered, in the text colour (toolbar buttons, page numbers). */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'warning' | 'link' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<AriaButtonProps, 'children'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Icon above a short label, as in the mobile bottom bar. */
  stacked?: boolean;
  children?: ReactNode;
}

/**
 * The action button. `isPending` keeps the button's size, shows a spinner, announces the busy state
 * and ignores presses (react-aria keeps it focusable so keyboard users do not lose their place).
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', fullWidth, stacked, children, ...props },
  ref,
) {
  return (
    <StyledButton {...props} ref={ref} {...buttonLook(variant, size, fullWidth, stacked)}>
      {({ isPending }) => (
        <>
          <Label $hidden={isPending}>{children}</Label>
          {isPending && (
            <PendingOverlay>
              <Spinner size="sm" label={null} />
            </PendingOverlay>
          )}
        </>
      )}
    </StyledButton>
  );
});
