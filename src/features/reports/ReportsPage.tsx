import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import { usePageTitle } from '../../lib/page';
import { addDaysTo, type DayRange } from '../../shared/dates';
import { paths } from '../../shared/paths';
import { affiliateToday, MAX_RANGE_DAYS, QUICK_DATE_LABELS, RANGE_TOO_LONG, QUICK_DATES, quickDateOf, quickRange, rangeFromParams, rangeProblem, type QuickDate } from '../../shared/reportDates';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { Link } from '../../ui/Link';
import { Select } from '../../ui/Select';
import { ErrorBanner, SystemMessage } from '../../ui/SystemMessage';
import { INVALID_REPORT_TYPE, isReportType, REPORT_LABELS, REPORT_TYPES, type ReportType } from './reportTypes';
import { ReportBody } from './ReportBody';
import { PageStack } from '../../ui/PageStack';
import { appliedFilters, filtersFrom, reportUrl, type ReportFilters } from './reportUrl';

// The date pickers (a calendar and its date library) load when Custom is chosen.
const DatePicker = lazy(() => import('../../ui/DatePicker').then((m) => ({ default: m.DatePicker })));

/** Types offered only with a campaign (spec 001 section 2.1). */
const NEEDS_CAMPAIGN: readonly ReportType[] = ['clicks', 'creatives', 'landingPages'];

/**
 * The reports screen, /reports/{type} (spec 001 sections 2.1, 4, 5, 8): the type and
 * quick-date dropdowns with Run Report, the active filters as banners, then the report. The URL is
 * the state: Run Report, a banner's Remove and a page button each navigate to the report's URL. Days
 * are the affiliate's own (the profile's time zone); with no dates the current month.
 */
export function ReportsPage({ today: fixedToday }: { /** Today's day, fixed (stories); the clock in the affiliate's zone otherwise. */ today?: string }) {
  usePageTitle('Reports');
  const { type = 'earnings' } = useParams();
  const [params] = useSearchParams();
  const affiliate = useGetAffiliateQuery();
  const today = fixedToday ?? affiliateToday(affiliate.data?.affiliate_personal_information.time_zone);

  if (!isReportType(type)) {
    return (
      <PageStack>
        <h1>Reports</h1>
        <ErrorBanner>{INVALID_REPORT_TYPE}. <Link href={paths.reports('earnings')}>Open the earnings report</Link></ErrorBanner>
      </PageStack>
    );
  }
  const range = rangeFromParams(params, today);
  const badDates = rangeProblem(params);
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <PageStack>
      <h1>Reports</h1>
      {badDates && (
        <SystemMessage variant="warning" isDismissable={false}>
          {badDates}
        </SystemMessage>
      )}
      {/* Keyed by the report (the URL without its page): the controls start from the report shown
          after every navigation to another one, and stay as they are when only the page changes. */}
      <Controls key={controlsKey(type, params)} type={type} range={range} filters={filters} today={today} />
      <ReportBody type={type} range={range} filters={filters} page={page} />
    </PageStack>
  );
}

function controlsKey(type: string, params: URLSearchParams): string {
  const report = new URLSearchParams(params);
  report.delete('page');
  return `${type}?${report.toString()}`;
}

function Controls({ type, range, filters, today }: { type: ReportType; range: DayRange; filters: ReportFilters; today: string }) {
  const navigate = useNavigate();
  const [chosenType, setType] = useState<ReportType>(type);
  const [quick, setQuick] = useState<QuickDate>(quickDateOf(range, today));
  const [custom, setCustom] = useState<{ start: string | null; end: string | null }>({ start: range.start, end: range.end });
  const types = REPORT_TYPES.filter((t) => filters.oid !== undefined || !NEEDS_CAMPAIGN.includes(t));
  const customProblem =
    quick !== 'custom'
      ? null
      : !custom.start || !custom.end
        ? 'Choose both dates.'
        : custom.start > custom.end
          ? 'The end date must not be before the start date.'
          : addDaysTo(custom.start, MAX_RANGE_DAYS - 1) < custom.end
            ? RANGE_TOO_LONG
            : null;

  const run = () => {
    if (customProblem) return;
    const next = quick === 'custom' ? { start: custom.start!, end: custom.end! } : quickRange(quick, today)!;
    // The filters the chosen report applies go along; the others are dropped (its URL and banners say what it shows).
    navigate(reportUrl(chosenType, chosenType === 'referrals' ? null : next, appliedFilters(chosenType, filters)));
  };

  return (
    <Card>
      <CardBody>
        <Form
          aria-label="Report options"
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
        >
          <Select
            label="Report type"
            items={types.map((t) => ({ id: t, label: REPORT_LABELS[t] }))}
            selectedKey={chosenType}
            onSelectionChange={(key) => key !== null && setType(key as ReportType)}
          />
          {chosenType !== 'referrals' && (
            <Select
              label="Dates"
              items={QUICK_DATES.map((q) => ({ id: q, label: QUICK_DATE_LABELS[q] }))}
              selectedKey={quick}
              onSelectionChange={(key) => key !== null && setQuick(key as QuickDate)}
            />
          )}
          {chosenType !== 'referrals' && quick === 'custom' && (
            <Suspense fallback={null}>
              <DatePicker label="From" value={custom.start} onChange={(start) => setCustom((c) => ({ ...c, start }))} today={today} showTodayButton errorMessage={customProblem ?? undefined} />
              <DatePicker label="To" value={custom.end} onChange={(end) => setCustom((c) => ({ ...c, end }))} today={today} showTodayButton />
            </Suspense>
          )}
          <RunButton>
            <Button type="submit" isDisabled={customProblem !== null}>
              Run Report
            </Button>
          </RunButton>
        </Form>
      </CardBody>
    </Card>
  );
}


const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  & > * {
    flex: 1 1 180px;
    min-width: 0;
  }
`;

const RunButton = styled.div`
  flex: 0 0 auto !important;
  align-self: flex-end;
`;
