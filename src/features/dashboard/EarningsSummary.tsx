import styled from 'styled-components';
import type { AffiliateStatsResponse } from '../../api/contract/dashboard';
import { Skeleton } from '../../ui/Skeleton';
import { SystemMessage } from '../../ui/SystemMessage';
import { formatMoney } from '../../shared/format';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  @container portal (max-width: 767px) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  div {
    padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
  }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  /* One line's height whether it holds the figure or its skeleton: nothing below moves when the figures come. */
  dd { margin: ${({ theme }) => theme.space[1]}px 0 0; font-size: ${({ theme }) => theme.fontSizes.xl}; font-weight: ${({ theme }) => theme.fontWeights.bold}; font-variant-numeric: tabular-nums; line-height: ${({ theme }) => theme.lineHeights.normal}; min-height: ${({ theme }) => theme.lineHeights.normal}em; }
`;

const figures = [
  { key: 'earnings_today', label: 'Today' },
  { key: 'earnings_yesterday', label: 'Yesterday' },
  { key: 'this_month', label: 'This Month' },
  { key: 'this_year', label: 'This Year' },
] as const;

export interface EarningsSummaryProps {
  stats: AffiliateStatsResponse | undefined;
  isLoading?: boolean;
  errorMessage?: string | null;
}

/** Spec 000 §2: the earnings summary (today, yesterday, this month, this year), money with two decimals. */
export function EarningsSummary({ stats, isLoading, errorMessage }: EarningsSummaryProps) {
  if (errorMessage) {
    return (
      <SystemMessage variant="error" isDismissable={false}>
        {errorMessage}
      </SystemMessage>
    );
  }
  return (
    <section aria-label="Earnings summary" aria-busy={isLoading && !stats ? true : undefined}>
    <List>
      {figures.map((f) => (
        <div key={f.key}>
          <dt>{f.label}</dt>
          <dd>{stats ? formatMoney(stats[f.key]) : <Skeleton shape="text" width={90} />}</dd>
        </div>
      ))}
    </List>
    </section>
  );
}
