import { forwardRef } from 'react';
import styled from 'styled-components';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Icon, type IconName } from '../Icon';

const Styled = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  outline: none;
  &[data-size='sm'] { width: 28px; height: 28px; }
  &[data-size='md'] { width: 36px; height: 36px; }
  &[data-size='lg'] { width: 44px; height: 44px; }
  &[data-variant='outlined'] { border-color: ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface}; }
  &[data-variant='danger'] { color: ${({ theme }) => theme.colors.danger}; }
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.text}; }
  &[data-pressed] { background: ${({ theme }) => theme.colors.border}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  &[data-disabled] { opacity: 0.5; cursor: not-allowed; }
`;

const iconSize = { sm: 14, md: 18, lg: 22 } as const;

export interface IconButtonProps extends Omit<AriaButtonProps, 'children'> {
  icon: IconName;
  /** Required: an icon alone says nothing to a screen reader. */
  'aria-label': string;
  size?: keyof typeof iconSize;
  variant?: 'ghost' | 'outlined' | 'danger';
}

/** A square button holding only an icon, with a mandatory accessible name. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, size = 'md', variant = 'ghost', ...props },
  ref,
) {
  return (
    <Styled {...props} ref={ref} data-size={size} data-variant={variant}>
      <Icon name={icon} size={iconSize[size]} />
    </Styled>
  );
});
