import styled, { keyframes } from 'styled-components';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

export const Region = styled.section`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  width: min(360px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  pointer-events: none;
  &[data-placement='bottom-end'] { right: 16px; bottom: 16px; }
  &[data-placement='bottom-start'] { left: 16px; bottom: 16px; }
  &[data-placement='top-end'] { right: 16px; top: 16px; }
  &[data-placement='top-start'] { left: 16px; top: 16px; }
  &[data-empty] { display: none; }
  > * { pointer-events: auto; }
`;

export const Stack = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
`;

export const Item = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[3]}px ${theme.space[3]}px ${theme.space[4]}px`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${slideIn} ${({ theme }) => theme.durations.normal} ease-out;
  &[data-tone='success'] { border-left-color: ${({ theme }) => theme.colors.success}; }
  &[data-tone='warning'] { border-left-color: ${({ theme }) => theme.colors.warning}; }
  &[data-tone='danger'] { border-left-color: ${({ theme }) => theme.colors.danger}; }
`;

export const Content = styled.div`
  flex: 1;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  overflow-wrap: anywhere;
`;

export const Title = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[1]}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const Body = styled.div`
  color: ${({ theme }) => theme.colors.text};
  > :first-child { margin-top: 0; }
  > :last-child { margin-bottom: 0; }
`;
