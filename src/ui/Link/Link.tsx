import { forwardRef } from 'react';
import styled from 'styled-components';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { Icon } from '../Icon';

const Styled = styled(AriaLink)`
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
  outline: none;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  &[data-variant='subtle'] { color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  &[data-variant='subtle'][data-hovered] { text-decoration: underline; }
  &[data-hovered] { color: ${({ theme }) => theme.colors.primaryHover}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; border-radius: 2px; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; text-decoration: none; }
`;

export interface LinkProps extends AriaLinkProps {
  variant?: 'default' | 'subtle';
  /** Opens in a new tab with `rel="noopener noreferrer"` and says so to screen readers. */
  external?: boolean;
}

/**
 * A navigation link. Client-side routing comes from react-aria's `RouterProvider`, which the app
 * wires to react-router, so `href="/dashboard"` does not reload the page.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { variant = 'default', external, children, ...props },
  ref,
) {
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Styled {...externalProps} {...props} ref={ref} data-variant={variant}>
      {(renderProps) => (
        <>
          {typeof children === 'function' ? children(renderProps) : children}
          {external && <Icon name="external" size={12} title="(opens in a new tab)" />}
        </>
      )}
    </Styled>
  );
});
