import { useState } from 'react';
import styled from 'styled-components';
import type { PostbackDelivery } from '../../api/contract/postbackLog';
import { errorText } from '../../api/errors';
import { useListDeliveriesQuery, useSendTestPostbackMutation } from '../../api/postbacksApi';
import { dateTimeInZone } from '../../shared/dates';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { SkeletonRegion, SkeletonText } from '../../ui/Skeleton';
import { ErrorBanner, SystemMessage } from '../../ui/SystemMessage';
import { column, spreadRow } from '../../ui/Stack';
import { Table, type TableColumn } from '../../ui/Table';

export const NO_DELIVERIES = 'No postbacks have been sent yet.';
export const DELIVERIES_ERROR = 'Your recent postbacks could not be loaded. Please try again.';
export const TEST_ERROR = 'The test postback could not be sent. Please try again.';
/** While a test has had no attempt yet, the list is asked again this often (ms) until it has one. */
export const TEST_POLL_MS = 2000;

/** The browser's time zone (the log is read by the affiliate, in their own time). */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** An ISO instant as 'YYYY-MM-DD HH:MM:SS' in the browser's time zone; '' for none. */
export function deliveryTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeInZone(d, localZone());
}

/** The state a delivery is in, as the badge shows it. */
export function deliveryState(d: PostbackDelivery): { label: string; tone: BadgeTone } {
  if (d.status === 'delivered') return { label: 'Delivered', tone: 'success' };
  if (d.status === 'failed') return { label: 'Failed', tone: 'danger' };
  if (d.status === 'cancelled') return { label: 'Cancelled: conversion reversed', tone: 'neutral' };
  return d.attempts > 0 ? { label: 'Retrying', tone: 'warning' } : { label: 'Pending', tone: 'info' };
}

const statusText = (d: PostbackDelivery) => (d.last_status_code != null ? `HTTP ${d.last_status_code}` : d.attempts > 0 ? 'No answer' : '—');
const latencyText = (d: PostbackDelivery) => (d.last_latency_ms != null ? `${d.last_latency_ms} ms` : '—');

/** One sentence on a test's outcome (the test result banner). */
export function testResultText(d: PostbackDelivery): string {
  const how = [d.last_status_code != null ? `HTTP ${d.last_status_code}` : null, d.last_latency_ms != null ? `in ${d.last_latency_ms} ms` : null]
    .filter(Boolean)
    .join(' ');
  if (d.status === 'delivered') return `Test postback delivered${how ? ` (${how})` : ''}.`;
  const reason = d.last_error || (d.last_status_code != null ? `the server answered HTTP ${d.last_status_code}` : 'no answer');
  if (d.status === 'failed') return `Test postback failed: ${reason}.`;
  if (d.attempts === 0) return 'Test postback sent; waiting for the first answer…';
  return `Test postback not delivered yet: ${reason}.${d.next_attempt_at ? ` Next try at ${deliveryTime(d.next_attempt_at)}.` : ''}`;
}

function StateBadges({ d }: { d: PostbackDelivery }) {
  const state = deliveryState(d);
  return (
    <Badges>
      <Badge tone={state.tone}>{state.label}</Badge>
      {d.is_test && <Badge tone="neutral">Test</Badge>}
    </Badges>
  );
}

const Section = styled.div`
  container-type: inline-size;
  ${column(3)}
`;
const Head = styled.div`
  ${spreadRow(2)}
  h2, h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const Badges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;
const Url = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
  word-break: break-all;
`;
const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
/** The wide table, or the stacked cards when the log's own width is less than the table needs. */
const Wide = styled.div`
  /* Cells wrap (the table's default is one line): the URL and the reason would push the state out of view. */
  td { white-space: normal; vertical-align: top; }
  td time, td[data-align='end'] { white-space: nowrap; }
  td:last-child { min-width: 96px; }
  td:nth-child(2) { min-width: 140px; }
  td:nth-child(3) { min-width: 200px; }
  td:nth-child(4) { min-width: 110px; }
  @container (max-width: 859px) { display: none; }
`;
const Narrow = styled.ul`
  display: none;
  margin: 0;
  padding: 0;
  list-style: none;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  @container (max-width: 859px) { display: flex; }
`;
const Item = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space[3]}px;
  ${column(1)}
  dl { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 2px ${({ theme }) => theme.space[2]}px; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  dd { margin: 0; min-width: 0; }
`;
const ItemHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: start;
  gap: ${({ theme }) => theme.space[2]}px;
  strong { overflow-wrap: anywhere; }
`;
const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const columns: TableColumn<PostbackDelivery>[] = [
  { key: 'created_at', header: 'Time', render: (d) => <time dateTime={d.created_at}>{deliveryTime(d.created_at)}</time>, width: 110 },
  { key: 'campaign_name', header: 'Campaign', render: (d) => <Muted>{d.campaign_name} <span>#{d.campaign_id}</span></Muted> },
  { key: 'url', header: 'URL', render: (d) => <Url>{d.url}</Url>, width: '30%' },
  { key: 'last_status_code', header: 'Status', render: (d) => (
    <>
      {statusText(d)}
      {d.last_error && <Muted><br />{d.last_error}</Muted>}
    </>
  ) },
  { key: 'last_latency_ms', header: 'Latency', numeric: true, render: latencyText },
  { key: 'attempts', header: 'Attempts', numeric: true },
  { key: 'next_attempt_at', header: 'Next retry', render: (d) => (d.next_attempt_at ? <time dateTime={d.next_attempt_at}>{deliveryTime(d.next_attempt_at)}</time> : '—') },
  { key: 'status', header: 'State', render: (d) => <StateBadges d={d} /> },
];

function DeliveryCard({ d }: { d: PostbackDelivery }) {
  return (
    <Item>
      <ItemHead>
        <strong>{d.campaign_name}</strong>
        <StateBadges d={d} />
      </ItemHead>
      <Url>{d.url}</Url>
      <dl>
        <dt>Time</dt>
        <dd><time dateTime={d.created_at}>{deliveryTime(d.created_at)}</time></dd>
        <dt>Status</dt>
        <dd>{statusText(d)}{d.last_error && <Muted> · {d.last_error}</Muted>}</dd>
        <dt>Latency</dt>
        <dd>{latencyText(d)}</dd>
        <dt>Attempts</dt>
        <dd>{d.attempts}</dd>
        {d.next_attempt_at && (
          <>
            <dt>Next retry</dt>
            <dd><time dateTime={d.next_attempt_at}>{deliveryTime(d.next_attempt_at)}</time></dd>
          </>
        )}
      </dl>
    </Item>
  );
}

export interface DeliveryLogProps {
  /** One campaign's deliveries (its postback form); without it every campaign's (Global Postback screen). */
  campaignId?: number;
  /** The section's heading; 'Recent postbacks' by default. */
  title?: string;
  /** The heading's level: 3 inside a card (the campaign's form), 2 on a screen whose h1 is above it. */
  headingLevel?: 2 | 3;
}

/**
 * The affiliate's own recent postback deliveries (beyond the spec): time, campaign, the
 * URL with secrets masked by the server, HTTP status, latency, attempts, next retry and the state,
 * with Refresh and "Send test postback". A test's outcome shows at once when the server answers after
 * the first attempt; while it has had none, the list is asked again every TEST_POLL_MS until it has.
 * A table when there is room (860 px and more), stacked cards below (a container query on the log's own
 * width, so a narrow column of the campaign page gets cards as a phone does).
 */
export function DeliveryLog({ campaignId, title = 'Recent postbacks', headingLevel = 3 }: DeliveryLogProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [sendTest, test] = useSendTestPostbackMutation();
  const [testRun, setTestRun] = useState(0);
  const testId = test.data?.delivery.id;
  const list = useListDeliveriesQuery(campaignId, {
    pollingInterval: test.data && test.data.delivery.attempts === 0 && test.data.delivery.status === 'pending' ? TEST_POLL_MS : 0,
  });
  const deliveries = list.data?.deliveries ?? [];
  // The test as the list has it now (it may have been attempted since the test call answered).
  const tested = testId === undefined ? undefined : (deliveries.find((d) => d.id === testId) ?? test.data?.delivery);
  const listError = list.isError && !list.isFetching ? errorText(list.error, DELIVERIES_ERROR) : null;

  const runTest = () => {
    setTestRun((n) => n + 1);
    void sendTest(campaignId);
  };

  return (
    <Section>
      <Head>
        <Heading>{title}</Heading>
        <Buttons>
          <Button variant="secondary" size="sm" onPress={() => void list.refetch()} isPending={list.isFetching && !list.isLoading}>
            Refresh
          </Button>
          <Button size="sm" onPress={runTest} isPending={test.isLoading}>
            Send test postback
          </Button>
        </Buttons>
      </Head>
      {testRun > 0 && !test.isLoading && test.isError && (
        <SystemMessage key={`e${testRun}`} variant="error">
          {errorText(test.error, TEST_ERROR)}
        </SystemMessage>
      )}
      {testRun > 0 && !test.isLoading && tested && (
        <SystemMessage
          key={`r${testRun}`}
          variant={tested.status === 'delivered' ? 'success' : tested.status === 'failed' ? 'error' : tested.attempts > 0 ? 'warning' : 'info'}
        >
          {testResultText(tested)}
        </SystemMessage>
      )}
      {listError ? (
        <ErrorBanner>{listError}</ErrorBanner>
      ) : !list.isLoading && deliveries.length === 0 ? (
        <Empty>{NO_DELIVERIES} When a lead converts, or when you send a test postback, it is listed here.</Empty>
      ) : (
        <>
          <Wide>
            <Table
              aria-label={title}
              columns={columns}
              rows={deliveries}
              getRowKey={(d) => d.id}
              isLoading={list.isLoading}
              loadingRowCount={3}
              loadingLabel="Loading your recent postbacks"
            />
          </Wide>
          <Narrow aria-label={title}>
            {list.isLoading ? (
              <li>
                <SkeletonRegion isLoading loadingLabel="Loading your recent postbacks">
                  <SkeletonText lines={4} />
                </SkeletonRegion>
              </li>
            ) : (
              deliveries.map((d) => <DeliveryCard key={d.id} d={d} />)
            )}
          </Narrow>
        </>
      )}
    </Section>
  );
}
