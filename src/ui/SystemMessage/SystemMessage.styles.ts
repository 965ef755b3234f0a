import styled, { css, keyframes } from 'styled-components';

const enter = keyframes`
  from { opacity: 0; transform: translateY(-6px); }
  to { opacity: 1; transform: none; }
`;

/** Each variant's theme colour: the tint behind the text, the border and the icon (`--system-message-accent`). */
const TONES = { success: 'success', error: 'danger', info: 'info', warning: 'warning' } as const;

const variantTones = Object.entries(TONES).map(
  ([variant, tone]) => css`
    &[data-variant='${variant}'] {
      background: ${({ theme }) => theme.colors[`${tone}Subtle`]};
      border-color: ${({ theme }) => theme.colors[tone]};
      --system-message-accent: ${({ theme }) => theme.colors[tone]};
    }
  `,
);

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

  ${variantTones}
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
