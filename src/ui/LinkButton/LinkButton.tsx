import { forwardRef } from 'react';
import styled from 'styled-components';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { buttonLook, buttonStyles, type ButtonSize, type ButtonVariant } from '../Button';

const StyledLink = styled(AriaLink)`
  ${buttonStyles}
`;

export interface LinkButtonProps extends AriaLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/**
 * A link that looks like a Button (same variants and sizes): for actions that go somewhere, e.g.
 * 'Go to Settings'. It is a real link (`role="link"`, `href`, opens in a new tab on middle-click),
 * and `href="/settings"` navigates through the app's router (react-aria's RouterProvider).
 */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { variant = 'primary', size = 'md', fullWidth, ...props },
  ref,
) {
  return <StyledLink {...props} ref={ref} {...buttonLook(variant, size, fullWidth)} />;
});
