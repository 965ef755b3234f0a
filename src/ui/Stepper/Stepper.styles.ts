import styled from 'styled-components';

export const List = styled.ol`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: none;
  width: 100%;
`;

export const Item = styled.li`
  position: relative;
  display: flex;
  flex: 1 1 0;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-width: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  /* the connector from the previous step */
  &:not(:first-child)::before {
    content: '';
    position: absolute;
    top: 13px;
    right: calc(50% + 18px);
    left: calc(-50% + 18px);
    height: 2px;
    border-radius: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
  &[data-state='complete']::before,
  &[data-state='current']::before { background: ${({ theme }) => theme.colors.primary}; }
  &[data-state='current'] { color: ${({ theme }) => theme.colors.text}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  &[data-state='complete'] { color: ${({ theme }) => theme.colors.text}; }
`;

export const Marker = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-variant-numeric: tabular-nums;
  &[data-state='current'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
  &[data-state='complete'] {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

export const StepLabel = styled.span`
  max-width: 100%;
  padding: 0 ${({ theme }) => theme.space[1]}px;
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.lineHeights.tight};
`;

export const CompactRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
`;

export const CompactCaption = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span { color: ${({ theme }) => theme.colors.textMuted}; }
  strong { font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

export const Segments = styled.ol`
  display: flex;
  gap: ${({ theme }) => theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    flex: 1 1 0;
    height: 6px;
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.border};
  }
  li[data-state='complete'] { background: ${({ theme }) => theme.colors.primary}; }
  li[data-state='current'] { background: ${({ theme }) => theme.colors.primary}; opacity: 0.6; }
`;

export { VisuallyHidden } from '../VisuallyHidden';
