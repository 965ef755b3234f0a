import styled from 'styled-components';
import { Button as AriaButton } from 'react-aria-components';

export const Root = styled.section`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
`;

export const Viewport = styled.div`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

export const Track = styled.div`
  display: flex;
  transition: transform ${({ theme }) => theme.durations.slow} ease;
  @media (prefers-reduced-motion: reduce) { transition: none; }
`;

export const Slide = styled.div`
  flex: 0 0 100%;
  min-width: 0;
`;

export const Controls = styled.div`
  order: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

export const Dots = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
`;

export const Dot = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* a 24px target around an 10px dot (WCAG 2.5.8) */
  width: 24px;
  height: 24px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: transparent;
  cursor: pointer;
  outline: none;
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surface};
    transition: background-color ${({ theme }) => theme.durations.fast};
  }
  &[aria-current='true']::before {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[data-hovered]::before { border-color: ${({ theme }) => theme.colors.primary}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 0; }
`;
