import { forwardRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { composeRenderProps, Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { choiceRoot } from '../Field';

const Root = styled(AriaSwitch)`
  ${choiceRoot}
  align-items: center;

  .switch-track {
    flex: none;
    position: relative;
    width: 36px;
    height: 20px;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 2px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    transition: background-color ${({ theme }) => theme.durations.fast}, border-color ${({ theme }) => theme.durations.fast};
  }
  .switch-track::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.borderStrong};
    transition: transform ${({ theme }) => theme.durations.fast};
  }
  &[data-hovered] .switch-track { border-color: ${({ theme }) => theme.colors.text}; }
  &[data-selected] .switch-track { background: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
  &[data-selected] .switch-track::after { transform: translateX(16px); background: ${({ theme }) => theme.colors.onPrimary}; }
  &[data-focus-visible] .switch-track { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  &[data-disabled] { cursor: not-allowed; color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-disabled] .switch-track { border-color: ${({ theme }) => theme.colors.border}; }
  &[data-disabled] .switch-track::after { background: ${({ theme }) => theme.colors.border}; }
  &[data-disabled][data-selected] .switch-track { background: ${({ theme }) => theme.colors.borderStrong}; border-color: ${({ theme }) => theme.colors.borderStrong}; }
  &[data-disabled][data-selected] .switch-track::after { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

export interface SwitchProps extends Omit<AriaSwitchProps, 'className' | 'style'> {
  /** The visible label. */
  children?: AriaSwitchProps['children'];
  className?: string;
}

/** An on/off toggle that takes effect at once (role="switch"), e.g. the performance bonus opt-in. */
export const Switch = forwardRef<HTMLLabelElement, SwitchProps>(function Switch({ children, ...props }, ref) {
  return (
    <Root {...props} ref={ref}>
      {composeRenderProps(children, (content: ReactNode) => (
        <>
          <span className="switch-track" aria-hidden="true" />
          {content}
        </>
      ))}
    </Root>
  );
});
