import styled from 'styled-components';
import { Button as AriaButton, Select as AriaSelect, SelectValue as AriaSelectValue } from 'react-aria-components';
import { fieldStack, inputFrame } from '../Field';

export const Root = styled(AriaSelect)`
  ${fieldStack}
` as typeof AriaSelect;

export const Trigger = styled(AriaButton)`
  ${inputFrame}
  justify-content: space-between;
  text-align: left;
  cursor: pointer;

  & > svg { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
  /* The Select root owns the invalid state; mirror it on the box. */
  [data-invalid] > & { border-color: ${({ theme }) => theme.colors.danger}; }
  [data-open] > & { border-color: ${({ theme }) => theme.colors.focusRing}; }
`;

export const Value = styled(AriaSelectValue)`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  &[data-placeholder] { color: ${({ theme }) => theme.colors.textMuted}; }
` as typeof AriaSelectValue;
