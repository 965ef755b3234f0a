import styled from 'styled-components';
import { Card, CardBody } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { spreadRow } from '../../ui/Stack';

/*
 * The report chart's frame, without its code (d3-scale and the drawing live in ReportChart.tsx, a chunk
 * of its own): the parts whose sizes the chart and its placeholder share, so the report below never
 * moves when the chart arrives (Lighthouse saw /reports' table card pushed down by it).
 */

/** The plot's height (the SVG). */
export const CHART_HEIGHT = 200;

/** The heading and the metric choice ('Show': Clicks, Conversions, Earnings) on one line, or two when narrow. */
export const ChartHead = styled.div`
  ${spreadRow(3)}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
/** The figures of the focused point, or the range's total, above the plot. */
export const Readout = styled.p`
  margin: ${({ theme }) => theme.space[3]}px 0 ${({ theme }) => theme.space[2]}px;
  min-height: 1.5em;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.text};
`;
/** The height of the table link's row (a small link button). */
export const LinkRow = styled.div`
  display: flex;
  align-items: center;
  min-height: 28px;
`;

/** The metric choice's size ('Show' over three radios), for the placeholder. */
const CHOICE = { width: 296, height: 44 };

/** The plot's place while it loads: the readout's line, the plot, the table link's row. */
export function ChartBodySkeleton() {
  return (
    <div aria-busy="true">
      <Readout aria-hidden="true" />
      <Skeleton shape="rect" width="100%" height={CHART_HEIGHT} />
      <LinkRow aria-hidden="true">
        <Skeleton shape="text" width={220} />
      </LinkRow>
    </div>
  );
}

/**
 * The chart's place while the report (or the chart's code) loads, above the report's loading card:
 * the chart card's shape, so neither the chart nor the report moves when they arrive. Hidden from
 * assistive technology (the report's card announces the loading).
 */
export function ChartPlaceholder() {
  return (
    <Card aria-hidden="true" data-chart-placeholder="">
      <CardBody>
        <ChartHead>
          <Skeleton shape="text" width={120} />
          <Skeleton width={CHOICE.width} height={CHOICE.height} />
        </ChartHead>
        <ChartBodySkeleton />
      </CardBody>
    </Card>
  );
}
