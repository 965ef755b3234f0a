import { Button as AriaButton } from 'react-aria-components';
import styled from 'styled-components';

/** The top bar's and bottom bar's quiet buttons (bell, account, menu). */
export const BarButton = styled(AriaButton)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]}px;
  min-width: 36px;
  height: 36px;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-pressed] { background: ${({ theme }) => theme.colors.border}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  &[data-stacked] {
    flex-direction: column;
    gap: 2px;
    height: 52px;
    min-width: 72px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
  .bar-count {
    position: absolute;
    top: 0;
    right: 0;
    transform: translate(30%, -20%);
  }
`;
