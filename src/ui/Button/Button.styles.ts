import styled, { css } from 'styled-components';
import { buttonStyles } from './buttonStyles';
import { Button as AriaButton } from 'react-aria-components';

export { buttonStyles };

export const StyledButton = styled(AriaButton)`
  ${buttonStyles}
`;

export const pendingLabel = css`
  /* opacity, not visibility: the label stays in the accessibility tree so the button keeps its name */
  opacity: 0;
`;

export const Label = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
  flex-direction: inherit;
  align-items: center;
  gap: inherit;
  ${({ $hidden }) => ($hidden ? pendingLabel : '')}
`;

export const PendingOverlay = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;
