import styled from 'styled-components';
import { fieldStack } from '../Field';

export const Root = styled.div`
  ${fieldStack}
`;

export const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  .required { color: ${({ theme }) => theme.colors.danger}; margin-left: 2px; }
  .limit { font-weight: ${({ theme }) => theme.fontWeights.regular}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  [data-invalid] > & { border-color: ${({ theme }) => theme.colors.danger}; border-style: solid; }
  [data-disabled] > & { background: ${({ theme }) => theme.colors.surfaceMuted}; border-color: ${({ theme }) => theme.colors.border}; }
`;

export const FileInfo = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-width: 0;
  flex: 1;
  color: ${({ theme }) => theme.colors.text};
  .name { font-weight: ${({ theme }) => theme.fontWeights.medium}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .size { color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; font-variant-numeric: tabular-nums; }
  .placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  & > svg { flex: none; color: ${({ theme }) => theme.colors.success}; }
`;

export const Description = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
