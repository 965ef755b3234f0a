import styled, { keyframes } from 'styled-components';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { media } from '../theme';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(12px) scale(0.98); } to { opacity: 1; transform: none; }`;

export const Overlay = styled(ModalOverlay)`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.overlay};
  &[data-entering] { animation: ${fadeIn} ${({ theme }) => theme.durations.normal} ease-out; }
  &[data-exiting] { animation: ${fadeIn} ${({ theme }) => theme.durations.fast} ease-in reverse; }

  ${media.below('tablet')} {
    &[data-fullscreen-mobile] { padding: 0; }
  }
`;

export const Panel = styled(Modal)`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-height: calc(100vh - 48px);
  max-height: calc(100dvh - 48px);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  outline: none;
  &[data-size='sm'] { max-width: 400px; }
  &[data-size='md'] { max-width: 560px; }
  &[data-size='lg'] { max-width: 880px; }
  &[data-entering] { animation: ${rise} ${({ theme }) => theme.durations.normal} ease-out; }

  ${media.below('tablet')} {
    &[data-fullscreen-mobile] {
      max-width: none;
      height: 100vh;
      height: 100dvh;
      max-height: none;
      border-radius: 0;
    }
  }
`;

export const StyledDialog = styled(Dialog)`
  display: flex;
  flex-direction: column;
  flex: 1 1 auto;
  min-height: 0;
  outline: none;
`;

export const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  flex: none;
  padding: ${({ theme }) => `${theme.space[4]}px ${theme.space[4]}px ${theme.space[4]}px ${theme.space[5]}px`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Title = styled(Heading)`
  flex: 1;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`;

export const Body = styled.div`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space[4]}px ${theme.space[5]}px`};
  outline: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
  > :first-child { margin-top: 0; }
  > :last-child { margin-bottom: 0; }
`;

export const Footer = styled.div`
  display: flex;
  flex: none;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[5]}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => `0 0 ${theme.radii.lg} ${theme.radii.lg}`};
`;
