import styled from 'styled-components';
import { TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import { fieldStack, inputFrame } from '../Field';

export const Root = styled(AriaTextField)`
  ${fieldStack}
`;

export const StyledTextArea = styled(AriaTextArea)`
  ${inputFrame}
  display: block;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  resize: vertical;
  min-height: 96px;
`;

export const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
`;

export const Counter = styled.span`
  margin-left: auto;
  flex: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
  &[data-exhausted] { color: ${({ theme }) => theme.colors.warning}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

export const Texts = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  min-width: 0;
`;
