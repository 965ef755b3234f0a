import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'primary';

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 18px;
  white-space: nowrap;
  border: 1px solid transparent;
  &[data-tone='neutral'] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.text}; }
  &[data-tone='info'] { background: ${({ theme }) => theme.colors.infoSubtle}; color: ${({ theme }) => theme.colors.info}; }
  &[data-tone='success'] { background: ${({ theme }) => theme.colors.successSubtle}; color: ${({ theme }) => theme.colors.success}; }
  &[data-tone='warning'] { background: ${({ theme }) => theme.colors.warningSubtle}; color: ${({ theme }) => theme.colors.warning}; }
  &[data-tone='danger'] { background: ${({ theme }) => theme.colors.dangerSubtle}; color: ${({ theme }) => theme.colors.danger}; }
  &[data-tone='primary'] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
  &[data-shape='count'] { min-width: 20px; justify-content: center; padding: 0 6px; }
`;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** `count` makes a round counter (e.g. unread news). */
  shape?: 'label' | 'count';
  children: ReactNode;
}

/** A short status or count label, e.g. the MaxMoney balance or an application status. */
export function Badge({ tone = 'neutral', shape = 'label', children, ...rest }: BadgeProps) {
  return (
    <Root data-tone={tone} data-shape={shape} {...rest}>
      {children}
    </Root>
  );
}
