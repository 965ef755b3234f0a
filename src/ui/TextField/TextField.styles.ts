import styled from 'styled-components';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { fieldStack, inputFrame } from '../Field';

export const Root = styled(AriaTextField)`
  ${fieldStack}
`;

/** Positions the optional leading icon over the input's left padding. */
export const InputWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;

  & > svg {
    position: absolute;
    left: ${({ theme }) => theme.space[3]}px;
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
`;

export const StyledInput = styled(Input)`
  ${inputFrame}
  &[data-size='sm'] { min-height: 30px; font-size: ${({ theme }) => theme.fontSizes.sm}; padding: 0 ${({ theme }) => theme.space[2]}px; }
  &[data-has-icon] { padding-left: ${({ theme }) => theme.space[3] + 16 + theme.space[2]}px; }
  &[data-size='sm'][data-has-icon] { padding-left: ${({ theme }) => theme.space[2] + 14 + theme.space[2]}px; }
  /* Read-only is not disabled: same colours, no border emphasis, clearly not editable. */
  &[readonly] { background: ${({ theme }) => theme.colors.surfaceMuted}; border-color: ${({ theme }) => theme.colors.border}; }
  &[type='number'] { font-variant-numeric: tabular-nums; }
`;
