import styled from 'styled-components';
import type { AffiliateStatsResponse } from '../../api/contract/dashboard';
import { Skeleton } from '../../ui/Skeleton';
import { ErrorBanner } from '../../ui/SystemMessage';
import { formatMoney } from '../../shared/format';
import { paths } from '../../shared/paths';
import { addDaysTo } from '../../shared/dates';
import { Link } from '../../ui/Link';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

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

/** Each figure and the days of the earnings report it is the total of (URL dates: first and last day). */
const figures = [
  { key: 'earnings_today', label: 'Today', days: (today: string) => ({ startDate: today, endDate: today }) },
  { key: 'earnings_yesterday', label: 'Yesterday', days: (today: string) => ({ startDate: addDaysTo(today, -1), endDate: addDaysTo(today, -1) }) },
  { key: 'this_month', label: 'This Month', days: (today: string) => ({ startDate: `${today.slice(0, 7)}-01`, endDate: today }) },
  { key: 'this_year', label: 'This Year', days: (today: string) => ({ startDate: `${today.slice(0, 4)}-01-01`, endDate: today }) },
] as const;

export interface EarningsSummaryProps {
  stats: AffiliateStatsResponse | undefined;
  isLoading?: boolean;
  errorMessage?: string | null;
  /** Today in the affiliate's days: each figure links to the earnings report of its days. */
  today?: string;
}

/**
 * Spec 000 §2: the earnings summary (today, yesterday, this month, this year), money with two decimals.
 * Each figure is the total of the earnings report of its days (the affiliate's own), and links to it.
 */
export function EarningsSummary({ stats, isLoading, errorMessage, today }: EarningsSummaryProps) {
  if (errorMessage) {
    return <ErrorBanner>{errorMessage}</ErrorBanner>;
  }
  return (
    <section aria-label="Earnings summary" aria-busy={isLoading && !stats ? true : undefined}>
    <List>
      {figures.map((f) => (
        <div key={f.key}>
          <dt>
            {today ? (
              <Link href={paths.reports('earnings', f.days(today))}>
                {f.label}
                <VisuallyHidden> earnings report</VisuallyHidden>
              </Link>
            ) : (
              f.label
            )}
          </dt>
          <dd>{stats ? formatMoney(stats[f.key]) : <Skeleton shape="text" width={90} />}</dd>
        </div>
      ))}
    </List>
    </section>
  );
}
