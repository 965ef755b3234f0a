import styled from 'styled-components';
import { Button as AriaButton, ComboBox as AriaComboBox, Input } from 'react-aria-components';
import { boxedInput, fieldIconButton, fieldStack, inputFrame } from '../Field';

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
  ${boxedInput}
  &[data-disabled] { cursor: not-allowed; }
`;

export const Toggle = styled(AriaButton)`
  ${fieldIconButton}
  flex: none;
`;
