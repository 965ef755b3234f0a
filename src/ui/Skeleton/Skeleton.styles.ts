import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(100%); }
`;

export const Block = styled.span`
  position: relative;
  display: block;
  overflow: hidden;
  flex: none;
  background: ${({ theme }) => theme.colors.skeleton};
  border-radius: ${({ theme }) => theme.radii.sm};
  &[data-shape='text'] { height: 0.9em; border-radius: ${({ theme }) => theme.radii.sm}; }
  &[data-shape='circle'] { border-radius: 50%; }
  &[data-shape='rect'] { border-radius: ${({ theme }) => theme.radii.md}; }

  /* The shimmer: a band of the surface colour sweeping across the block. */
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(90deg, transparent, ${({ theme }) => theme.colors.surface}, transparent);
    opacity: 0.6;
    transform: translateX(-100%);
    animation: ${shimmer} 1.4s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &::after { animation: none; display: none; }
  }
`;

export const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
`;

export const CardRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

export { VisuallyHidden } from '../VisuallyHidden';
