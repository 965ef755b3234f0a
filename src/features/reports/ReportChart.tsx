import { scaleBand, scaleLinear } from 'd3-scale';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { SeriesPoint } from '../../api/contract/reports';
import { reportsApi } from '../../api/reportsApi';
import type { DayRange } from '../../shared/dates';
import { formatStatementDate } from '../../shared/dates';
import { formatCount, formatMoney } from '../../shared/format';
import { apiDates } from '../../shared/reportDates';
import { Button } from '../../ui/Button';
import { Card, CardBody } from '../../ui/Card';
import { RadioGroup } from '../../ui/RadioGroup';
import { Table, type TableColumn } from '../../ui/Table';
import { CHART_HEIGHT as HEIGHT, ChartBodySkeleton, ChartHead as Head, LinkRow, Readout } from './chartFrame';
import { apiFilters, type ReportFilters } from './reportUrl';

/**
 * The chart above the earnings and clicks reports (beyond the spec): clicks, conversions
 * or earnings per day of the range, per hour for a single day (Today, Yesterday). Drawn as SVG with
 * d3-scale (docs/adr/0006-report-chart.md): every bar is a focusable point, one tab stop for the
 * whole chart, arrow keys (Home, End) move between points, and the focused or hovered point's
 * figures show above the chart; the same figures are offered as a table. Loaded with the reports
 * route only (its own chunk).
 */

type Metric = 'clicks' | 'leads' | 'earnings';
const METRICS: Array<{ value: Metric; label: string }> = [
  { value: 'clicks', label: 'Clicks' },
  { value: 'leads', label: 'Conversions' },
  { value: 'earnings', label: 'Earnings' },
];
const MARGIN = { top: 8, right: 8, bottom: 24, left: 56 };

const valueText = (metric: Metric, n: number) => (metric === 'earnings' ? formatMoney(n) : formatCount(n));
/** A bucket as a reader names it: '5 Mar 2026', or '5 Mar 2026, 14:00'. */
const bucketName = (start: string) => (start.length > 10 ? `${formatStatementDate(start.slice(0, 10))}, ${start.slice(11)}` : formatStatementDate(start));
/** Its axis label: '5 Mar', or '14:00'. */
const axisLabel = (start: string) => (start.length > 10 ? start.slice(11) : formatStatementDate(start).replace(/ \d{4}$/, ''));
const pointText = (p: SeriesPoint) =>
  `${bucketName(p.start)}: ${formatCount(p.clicks)} ${p.clicks === 1 ? 'click' : 'clicks'}, ${formatCount(p.leads)} ${p.leads === 1 ? 'conversion' : 'conversions'}, ${formatMoney(p.earnings)} earnings`;

export function ReportChart({ range, filters }: { range: DayRange; filters: ReportFilters }) {
  const query = { ...apiDates(range), ...apiFilters(filters) };
  const series = reportsApi.useReportSeriesQuery(query);
  const headingId = useId();
  const [metric, setMetric] = useState<Metric>('clicks');
  const points = series.data?.points;
  const perHour = series.data?.interval === 'hour';

  return (
    <Card aria-labelledby={headingId}>
      <CardBody>
        <Head>
          <h2 id={headingId}>{perHour ? 'Figures per hour' : 'Figures per day'}</h2>
          <RadioGroup label="Show" orientation="horizontal" value={metric} onChange={(v) => setMetric(v as Metric)} options={METRICS} />
        </Head>
        {series.isError ? (
          // The report below says what went wrong; the chart only steps aside.
          <Muted>The chart could not be loaded.</Muted>
        ) : !points ? (
          <ChartBodySkeleton />
        ) : (
          <Plot points={points} metric={metric} perHour={perHour} />
        )}
      </CardBody>
    </Card>
  );
}

function Plot({ points, metric, perHour }: { points: SeriesPoint[]; metric: Metric; perHour: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [active, setActive] = useState(points.length - 1);
  const [shown, setShown] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);
  const bars = useRef<Array<SVGRectElement | null>>([]);
  const tableId = useId();

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(0, ...points.map((p) => p[metric]));
  const y = scaleLinear()
    .domain([0, max || 1])
    .nice(4)
    .range([innerHeight, 0]);
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([0, innerWidth])
    .paddingInner(points.length > 40 ? 0.1 : 0.25)
    .paddingOuter(0.1);
  const ticks = y.ticks(4);
  // About one axis label per 56 pixels.
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(innerWidth / 56))));
  const label = METRICS.find((m) => m.value === metric)!.label;
  const current = Math.min(active, points.length - 1);

  const move = (e: KeyboardEvent) => {
    const next = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: points.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const i = Math.max(0, Math.min(points.length - 1, next));
    setActive(i);
    setShown(i);
    bars.current[i]?.focus();
  };

  const readout = shown === null ? null : points[shown];
  const total = points.reduce((s, p) => s + p[metric], 0);

  return (
    <>
      <Readout aria-hidden="true">{readout ? pointText(readout) : `${label}: ${valueText(metric, metric === 'earnings' ? Math.round(total * 100) / 100 : total)} in all`}</Readout>
      <Box ref={box}>
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="group"
            aria-label={`${label} per ${perHour ? 'hour' : 'day'}, ${bucketName(points[0].start)} to ${bucketName(points[points.length - 1].start)}. Arrow keys move between the ${perHour ? 'hours' : 'days'}.`}
            onKeyDown={move}
            onMouseLeave={() => setShown(null)}
          >
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              <g aria-hidden="true" className="grid">
                {ticks.map((t) => (
                  <g key={t} transform={`translate(0,${y(t)})`}>
                    <line x1={0} x2={innerWidth} />
                    <text x={-8} dy="0.32em" textAnchor="end">
                      {valueText(metric, t)}
                    </text>
                  </g>
                ))}
              </g>
              {points.map((p, i) => {
                const top = y(p[metric]);
                const h = Math.max(p[metric] > 0 ? 1 : 0, innerHeight - top);
                return (
                  <g key={p.start} className="point">
                    {/* The whole column answers the pointer, so thin and empty buckets can be read too. */}
                    <rect className="hit" x={x(i)} y={0} width={x.bandwidth()} height={innerHeight} onMouseEnter={() => setShown(i)} aria-hidden="true" />
                    <rect
                      ref={(el) => {
                        bars.current[i] = el;
                      }}
                      className="bar"
                      data-active={shown === i || undefined}
                      x={x(i)}
                      y={innerHeight - h}
                      width={x.bandwidth()}
                      height={h}
                      role="img"
                      aria-label={pointText(p)}
                      tabIndex={i === current ? 0 : -1}
                      onFocus={() => {
                        setActive(i);
                        setShown(i);
                      }}
                      onMouseEnter={() => setShown(i)}
                    />
                  </g>
                );
              })}
              {/* A frame around the focused bar's column, drawn above the others. */}
              <rect className="focus-frame" x={(x(current) ?? 0) - 2} y={-2} width={x.bandwidth() + 4} height={innerHeight + 4} aria-hidden="true" />
              <g aria-hidden="true" className="axis" transform={`translate(0,${innerHeight})`}>
                <line x1={0} x2={innerWidth} />
                {points.map((p, i) =>
                  i % every === 0 ? (
                    <text key={p.start} x={(x(i) ?? 0) + x.bandwidth() / 2} y={16} textAnchor="middle">
                      {axisLabel(p.start)}
                    </text>
                  ) : null,
                )}
              </g>
            </g>
          </svg>
        )}
      </Box>
      <LinkRow>
        <Button variant="link" size="sm" aria-expanded={asTable} aria-controls={asTable ? tableId : undefined} onPress={() => setAsTable((v) => !v)}>
          {asTable ? 'Hide the chart’s figures' : 'Show the chart’s figures as a table'}
        </Button>
      </LinkRow>
      {asTable && (
        <div id={tableId}>
          <Table cardsBelow="tablet" aria-label={`Figures per ${perHour ? 'hour' : 'day'}`} columns={TABLE_COLUMNS} rows={points} getRowKey={(p) => p.start} />
        </div>
      )}
    </>
  );
}

const TABLE_COLUMNS: TableColumn<SeriesPoint>[] = [
  { key: 'start', header: 'When', isRowHeader: true, render: (p) => bucketName(p.start) },
  { key: 'clicks', header: 'Clicks', numeric: true, render: (p) => formatCount(p.clicks) },
  { key: 'leads', header: 'Conversions', numeric: true, render: (p) => formatCount(p.leads) },
  { key: 'earnings', header: 'Earnings', numeric: true, render: (p) => formatMoney(p.earnings) },
];

/** The width of an element, kept current as it resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.floor(el.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
const Box = styled.div`
  width: 100%;
  min-height: ${HEIGHT}px;
  svg {
    display: block;
    overflow: visible;
  }
  text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
    font-variant-numeric: tabular-nums;
  }
  .grid line {
    stroke: ${({ theme }) => theme.colors.border};
  }
  .axis line {
    stroke: ${({ theme }) => theme.colors.borderStrong};
  }
  .hit {
    fill: transparent;
  }
  .bar {
    fill: ${({ theme }) => theme.colors.primary};
    outline: none;
  }
  .bar[data-active] {
    fill: ${({ theme }) => theme.colors.primaryHover};
  }
  .focus-frame {
    fill: none;
    stroke: transparent;
    stroke-width: 2;
    pointer-events: none;
  }
  svg:has(.bar:focus-visible) .focus-frame {
    stroke: ${({ theme }) => theme.colors.focusRing};
  }
`;
