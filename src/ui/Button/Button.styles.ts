import styled, { css } from 'styled-components';
import { Button as AriaButton } from 'react-aria-components';

export const StyledButton = styled(AriaButton)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  cursor: pointer;
  white-space: nowrap;
  text-decoration: none;
  transition: background-color ${({ theme }) => theme.durations.fast}, border-color ${({ theme }) => theme.durations.fast};
  outline: none;

  &[data-size='sm'] { padding: 6px 10px; font-size: ${({ theme }) => theme.fontSizes.sm}; min-height: 30px; }
  &[data-size='md'] { padding: 9px 16px; font-size: ${({ theme }) => theme.fontSizes.md}; min-height: 38px; }
  &[data-size='lg'] { padding: 12px 22px; font-size: ${({ theme }) => theme.fontSizes.lg}; min-height: 46px; }
  &[data-full-width] { width: 100%; }

  &[data-variant='primary'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    &[data-hovered] { background: ${({ theme }) => theme.colors.primaryHover}; }
    &[data-pressed] { background: ${({ theme }) => theme.colors.primaryPressed}; }
  }
  &[data-variant='secondary'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    &[data-hovered] { background: ${({ theme }) => theme.colors.primarySubtle}; }
    &[data-pressed] { border-color: ${({ theme }) => theme.colors.primaryPressed}; }
  }
  &[data-variant='danger'] {
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    &[data-hovered] { background: ${({ theme }) => theme.colors.dangerHover}; }
  }
  &[data-variant='warning'] {
    background: ${({ theme }) => theme.colors.warningSubtle};
    color: ${({ theme }) => theme.colors.warning};
    border-color: ${({ theme }) => theme.colors.warning};
  }
  &[data-variant='link'] {
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    padding-left: 0;
    padding-right: 0;
    min-height: 0;
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    text-decoration: underline;
    &[data-hovered] { color: ${({ theme }) => theme.colors.primaryHover}; }
  }

  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  &[data-pending] { cursor: progress; }
`;

export const pendingLabel = css`
  /* opacity, not visibility: the label stays in the accessibility tree so the button keeps its name */
  opacity: 0;
`;

export const Label = styled.span<{ $hidden: boolean }>`
  display: inline-flex;
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
