import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { pageFrame, recordingMocks, withLocationProbe, type PortalParameters } from '../../../.storybook/helpers';
import { ReportsPage } from '../../../src/features/reports/ReportsPage';
import { paths, patterns } from '../../../src/shared/paths';
import { earningsRows, reportHandlers } from '../../mocks/reports';
import { affiliateHandlers } from '../../mocks/shell';

/**
 * The reports screen (spec 001 sections 2.1, 4, 5, 8): every type loaded, loading, empty
 * and failing; the quick dates; sorting, paging, CSV and filter banners. Today is fixed (2026-11-24).
 */
export const TODAY = '2026-11-24';
export const { calls, spy, withStoryMocks } = recordingMocks({ defaults: () => [reportHandlers.series(), affiliateHandlers.loaded()] });
export const at = (url: string) => ({ router: { path: patterns.reports, initialEntries: [url] } }) satisfies PortalParameters;

/** What every story of Features/Reports/ReportsPage shares but its title. */
export const reportsPageMeta = {
  component: ReportsPage,
  args: { today: TODAY },
  parameters: { layout: 'padded', ...at(paths.reports('earnings', { startDate: '2026-11-01', endDate: '2026-11-30' })) },
  decorators: [withLocationProbe, pageFrame()],
  beforeEach: withStoryMocks(reportHandlers.earnings(earningsRows, spy)),
} satisfies Meta<typeof ReportsPage>;

export type Story = StoryObj<typeof reportsPageMeta>;

/** Visible once its entrance has run (system messages fade in). */
/**
 * The report's table; for the earnings and clicks reports also the chart above it, drawn or failed
 * (it loads after the report, lazily: the screenshot must not catch it half-way).
 */
export const table = async (root: HTMLElement, name: RegExp) => {
  const t = await within(root).findByRole('table', { name });
  if (/^(Earnings|Clicks) report/.test(t.getAttribute('aria-label') ?? '')) {
    await waitFor(() => expect(within(root).queryByText('The chart could not be loaded.') ?? within(root).getByRole('group', { name: /per (day|hour)/ })).toBeInTheDocument(), { timeout: 5000 });
    await waitFor(() => expect(root.querySelector('[aria-busy="true"]')).toBeNull());
  }
  return t;
};

export const firstCells = (t: HTMLElement) => within(t).getAllByRole('rowheader').map((c) => c.textContent);

export const chart = async (root: HTMLElement) => within(root).findByRole('group', { name: /per (day|hour)/ });
