import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAccountBalanceQuery } from '../../api/balanceApi';
import type { AccountBalanceResponse, BalanceLine } from '../../api/contract/balance';
import { errorText } from '../../api/errors';
import { usePageTitle } from '../../lib/page';
import { formatStatementDate } from '../../shared/dates';
import { formatMoney } from '../../shared/format';
import { Card, CardBody } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { PageEmpty, PageLoading, PageStack } from '../../ui/PageStack';
import { PageFailure } from '../../ui/PageFailure';
import { column } from '../../ui/Stack';
import { Table, type TableColumn } from '../../ui/Table';

const PAGE_TITLE = 'Account Balances';
export const YEAR_LABEL = 'Displaying statement for year';
/**
 * Spec 001 §9 leaves the page with no years "not shown"; we say why the statement is empty rather
 * than show an empty table under a year list with nothing to choose.
 */
export const NO_STATEMENT = 'No statement yet: your balance lines will appear here once you have earnings or payments.';
export const LOAD_FAILED = 'Your statement could not be loaded.';

/** A row of the table: the year's starting balance, then each ledger line with the balance after it. */
interface StatementRow {
  key: string;
  date: string;
  type: string;
  /** Null on the starting-balance row, which has no amount of its own. */
  amount: number | null;
  balance: number;
  notes: string;
}

const cents = (n: number) => Math.round(n * 100);

/**
 * The running balance (spec 001 §3, §9): the year's starting balance, then each line added in the
 * order the server gives (day, then as written), in whole cents so no float drift builds up.
 *
 * The starting balance is the table's first line rather than a caption: the Balance column then
 * reads from top to bottom without a figure to carry in from elsewhere, on a phone's cards too.
 */
function statementRows(year: number, lines: readonly BalanceLine[], starting: number): StatementRow[] {
  let balance = cents(starting);
  const rows: StatementRow[] = [
    {
      key: 'start',
      date: `${year}-01-01`,
      type: 'Starting balance',
      amount: null,
      balance: starting,
      notes: balance !== 0 ? `Carried over from ${year - 1}` : '',
    },
  ];
  lines.forEach((line, i) => {
    balance += cents(line.amount);
    rows.push({ key: String(i), date: line.date, type: line.type, amount: line.amount, balance: balance / 100, notes: line.notes });
  });
  return rows;
}

/** The `year` of the address when it is a four-digit year; anything else is no choice (the default year shows). */
function yearParam(text: string | null): number | null {
  return text !== null && /^\d{4}$/.test(text) ? Number(text) : null;
}

/** Today's year in UTC, the statement's own calendar (spec 001 §9: dates in UTC). */
const currentUtcYear = () => new Date().getUTCFullYear();

/**
 * The Account Balances page, /accountBalance (spec 001 sections 2.6, 3, 4, 8, 9): the year chooser
 * and the year's statement with its running balance.
 */
export function AccountBalancePage({ currentYear = currentUtcYear() }: { /** Fixed in stories; the UTC clock's year otherwise. */ currentYear?: number }) {
  usePageTitle(PAGE_TITLE);
  // The chosen year is kept in the address (?year=2025): a reload, a shared link and Back keep it.
  const [params, setParams] = useSearchParams();
  const chosen = yearParam(params.get('year'));
  const setChosen = (y: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('year', String(y));
      return next;
    });
  // The default year: the current UTC year if it has lines, otherwise the newest year that has.
  // Which years have lines is only known from an answer, so the page always asks for the current year
  // first (kept in the cache, no second request when it is the default). When the current year has no
  // lines, the year shown falls back to the newest available one, derived here during render from
  // that first answer: no effect that sets state, no render of the wrong year in between.
  const first = useAccountBalanceQuery(currentYear);
  const years = first.data?.available_years;
  const fallback = chosen === null && years && years.length > 0 && !years.includes(currentYear) ? years[0] : undefined;
  const year = chosen ?? fallback ?? currentYear;
  const statement = useAccountBalanceQuery(year);

  // While another year loads, the previous year's rows stay on screen, dimmed (not an empty flash).
  // An empty answer is not kept: that is the current year's, asked only to learn the years.
  const previous = statement.data && statement.data.account_balances.length > 0 ? statement.data : undefined;
  const shown: AccountBalanceResponse | undefined = statement.currentData ?? previous;
  const allYears = statement.currentData?.available_years ?? years ?? shown?.available_years;

  return (
    <PageStack>
      <h1>{PAGE_TITLE}</h1>
      <StatementBody
        year={year}
        years={allYears}
        shown={shown}
        isFetching={statement.isFetching}
        error={statement.isFetching ? undefined : statement.error}
        onYear={setChosen}
        onRetry={() => void statement.refetch()}
      />
    </PageStack>
  );
}

function StatementBody({
  year,
  years,
  shown,
  isFetching,
  error,
  onYear,
  onRetry,
}: {
  year: number;
  years: number[] | undefined;
  shown: AccountBalanceResponse | undefined;
  isFetching: boolean;
  error: Parameters<typeof errorText>[0];
  onYear: (year: number) => void;
  onRetry: () => void;
}) {
  // Spec 001 §8: a 401 is silent, the session flow signs the affiliate out.
  if (error && 'status' in error && error.status === 401) return null;
  if (years?.length === 0) {
    return (
      <Card>
        <CardBody>
          <PageEmpty>{NO_STATEMENT}</PageEmpty>
        </CardBody>
      </Card>
    );
  }
  // The lines shown are of the year they were asked for (the server keeps to it): the first line's
  // day names that year while another year's answer is on its way.
  const shownYear = shown?.account_balances.length ? Number(shown.account_balances[0].date.slice(0, 4)) : year;
  const stale = isFetching && shownYear !== year;
  let body;
  if (error) {
    // Spec 001 §8 has other failures "only logged"; we tell the affiliate and offer to ask again.
    body = (
      <PageFailure onRetry={onRetry}>
        {LOAD_FAILED} {errorText(error)}
      </PageFailure>
    );
  } else if (!shown || !years) {
    body = (
      <PageLoading>
        <Spinner label="Loading your statement" />
      </PageLoading>
    );
  } else {
    body = <Statement year={shownYear} response={shown} stale={stale} />;
  }
  return (
    <Card>
      <CardBody>
        <Stack>
          {years && (
            <Controls>
              <Select
                label={YEAR_LABEL}
                items={years.map((y) => ({ id: y, label: String(y) }))}
                selectedKey={year}
                onSelectionChange={(key) => key !== null && onYear(Number(key))}
              />
              {stale && <Spinner size="sm" label={`Loading the statement for ${year}`} />}
            </Controls>
          )}
          {body}
        </Stack>
      </CardBody>
    </Card>
  );
}

const columns: TableColumn<StatementRow>[] = [
  { key: 'date', header: 'Date', isRowHeader: true, render: (r) => formatStatementDate(r.date) },
  { key: 'type', header: 'Type' },
  { key: 'amount', header: 'Amount', numeric: true, render: (r) => (r.amount === null ? '' : <Money value={r.amount} />) },
  { key: 'balance', header: 'Balance', numeric: true, render: (r) => <Money value={r.balance} /> },
  { key: 'notes', header: 'Notes' },
];

function Statement({ year, response, stale }: { year: number; response: AccountBalanceResponse; stale: boolean }) {
  const starting = response.starting_balance_by_year[String(year)] ?? 0;
  const rows = useMemo(() => statementRows(year, response.account_balances, starting), [year, response, starting]);
  return (
    <Dimmed data-stale={stale || undefined} aria-busy={stale || undefined}>
      <Table
        caption={`Statement for ${year}`}
        isCaptionHidden
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.key}
        cardsBelow="tablet"
      />
    </Dimmed>
  );
}

/**
 * Money with its sign: negative amounts in red (spec 001 §9), the minus sign kept so the colour is
 * never the only sign. The theme's danger colour passes AA contrast on the table in both themes.
 */
function Money({ value }: { value: number }) {
  return <Amount data-negative={value < 0 || undefined}>{formatMoney(value)}</Amount>;
}

const Stack = styled.div`
  ${column(3)}
`;

const Controls = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;
  & > :first-child {
    flex: 0 1 240px;
    min-width: 0;
  }
  & > [data-spinner] {
    margin-bottom: ${({ theme }) => theme.space[2]}px;
  }
`;

const Dimmed = styled.div`
  min-width: 0;
  transition: opacity 120ms ease-out;
  &[data-stale] {
    opacity: 0.55;
  }
`;

const Amount = styled.span`
  white-space: nowrap;
  &[data-negative] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;
