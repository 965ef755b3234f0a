import styled from 'styled-components';
import { Radio as AriaRadio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import { choiceRoot, fieldStack } from '../Field';

export const Root = styled(AriaRadioGroup)`
  ${fieldStack}
`;

export const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[1]}px 0;
  [data-orientation='horizontal'] > & {
    flex-direction: row;
    flex-wrap: wrap;
    column-gap: ${({ theme }) => theme.space[5]}px;
  }
`;

export const StyledRadio = styled(AriaRadio)`
  ${choiceRoot}
  align-items: flex-start;

  &::before {
    content: '';
    flex: none;
    box-sizing: border-box;
    width: 18px;
    height: 18px;
    margin-top: 1px;
    border-radius: 50%;
    border: 2px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surface};
    transition: border-width ${({ theme }) => theme.durations.fast}, border-color ${({ theme }) => theme.durations.fast};
  }
  &[data-hovered]::before { border-color: ${({ theme }) => theme.colors.text}; }
  &[data-selected]::before { border: 5px solid ${({ theme }) => theme.colors.primary}; }
  &[data-focus-visible]::before { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  &[data-invalid]::before { border-color: ${({ theme }) => theme.colors.danger}; }
  &[data-disabled] { cursor: not-allowed; color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-disabled]::before { border-color: ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-disabled][data-selected]::before { border-color: ${({ theme }) => theme.colors.borderStrong}; }
`;
