import styled, { keyframes } from 'styled-components';

const enter = keyframes`
  from { opacity: 0; transform: translateY(-6px); }
  to { opacity: 1; transform: none; }
`;

export const Banner = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[3]}px ${theme.space[3]}px ${theme.space[4]}px`};
  border: 1px solid transparent;
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  animation: ${enter} ${({ theme }) => theme.durations.normal} ease-out;
  transition:
    opacity ${({ theme }) => theme.durations.normal} ease-in,
    transform ${({ theme }) => theme.durations.normal} ease-in;

  &[data-dismissable] { cursor: pointer; }
  &[data-leaving] { opacity: 0; transform: translateY(-6px); }

  &[data-variant='success'] {
    background: ${({ theme }) => theme.colors.successSubtle};
    border-color: ${({ theme }) => theme.colors.success};
    --system-message-accent: ${({ theme }) => theme.colors.success};
  }
  &[data-variant='error'] {
    background: ${({ theme }) => theme.colors.dangerSubtle};
    border-color: ${({ theme }) => theme.colors.danger};
    --system-message-accent: ${({ theme }) => theme.colors.danger};
  }
  &[data-variant='info'] {
    background: ${({ theme }) => theme.colors.infoSubtle};
    border-color: ${({ theme }) => theme.colors.info};
    --system-message-accent: ${({ theme }) => theme.colors.info};
  }
  &[data-variant='warning'] {
    background: ${({ theme }) => theme.colors.warningSubtle};
    border-color: ${({ theme }) => theme.colors.warning};
    --system-message-accent: ${({ theme }) => theme.colors.warning};
  }
`;

export const IconSlot = styled.span`
  display: inline-flex;
  flex: none;
  padding-top: 2px;
  color: var(--system-message-accent);
`;

export const Content = styled.div`
  flex: 1;
  min-width: 0;
  padding-top: 1px;
  strong { display: block; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

export const Close = styled.span`
  flex: none;
  margin: -4px -4px -4px 0;
`;
