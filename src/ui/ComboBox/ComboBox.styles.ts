import styled from 'styled-components';
import { Button as AriaButton, ComboBox as AriaComboBox, Input } from 'react-aria-components';
import { fieldStack, inputFrame } from '../Field';

export const Root = styled(AriaComboBox)`
  ${fieldStack}
` as typeof AriaComboBox;

/** The box around input, spinner and chevron; the Input inside is borderless. */
export const Box = styled.div`
  ${inputFrame}
  position: relative;
  padding-right: ${({ theme }) => theme.space[1]}px;
  &:has(input[data-focused]) {
    border-color: ${({ theme }) => theme.colors.focusRing};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.focusRing};
  }
  [data-invalid] > & { border-color: ${({ theme }) => theme.colors.danger}; }
  [data-disabled] > & {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border-color: ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  & > svg { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
  & [data-spinner] { color: ${({ theme }) => theme.colors.primary}; }
`;

export const StyledInput = styled(Input)`
  flex: 1;
  min-width: 0;
  height: 36px;
  padding: 0;
  border: 0;
  background: transparent;
  color: inherit;
  outline: none;
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; opacity: 1; }
  &[data-disabled] { cursor: not-allowed; }
`;

export const Toggle = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.text}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; }
  &[data-disabled] { cursor: not-allowed; background: transparent; }
`;
