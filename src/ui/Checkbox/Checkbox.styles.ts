import styled from 'styled-components';
import { Checkbox as AriaCheckbox } from 'react-aria-components';
import { choiceRoot } from '../Field';

export const Root = styled(AriaCheckbox)`
  ${choiceRoot}
  align-items: flex-start;

  .checkbox-box {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 18px;
    height: 18px;
    margin-top: 1px;
    border: 2px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.onPrimary};
    transition: background-color ${({ theme }) => theme.durations.fast}, border-color ${({ theme }) => theme.durations.fast};
  }
  .checkbox-box svg { display: none; }

  &[data-hovered] .checkbox-box { border-color: ${({ theme }) => theme.colors.text}; }
  &[data-selected] .checkbox-box,
  &[data-indeterminate] .checkbox-box {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[data-selected] .checkbox-box svg[data-icon='check'],
  &[data-indeterminate] .checkbox-box svg[data-icon='dash'] { display: block; }
  &[data-indeterminate] .checkbox-box svg[data-icon='check'] { display: none; }
  &[data-pressed] .checkbox-box { transform: scale(0.94); }
  &[data-focus-visible] .checkbox-box { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }

  &[data-invalid] .checkbox-box { border-color: ${({ theme }) => theme.colors.danger}; }
  &[data-invalid][data-selected] .checkbox-box,
  &[data-invalid][data-indeterminate] .checkbox-box { background: ${({ theme }) => theme.colors.danger}; border-color: ${({ theme }) => theme.colors.danger}; color: ${({ theme }) => theme.colors.onDanger}; }

  /* Disabled keeps readable label text (axe checks it); only the box fades. */
  &[data-disabled] { cursor: not-allowed; color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-disabled] .checkbox-box { border-color: ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-disabled][data-selected] .checkbox-box,
  &[data-disabled][data-indeterminate] .checkbox-box { background: ${({ theme }) => theme.colors.borderStrong}; border-color: ${({ theme }) => theme.colors.borderStrong}; }
`;
