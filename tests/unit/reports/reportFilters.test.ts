import { describe, expect, it } from 'vitest';
import { appliedFilters, reportUrl } from '../../../src/features/reports/reportUrl';

/** A report's URL and banners carry only the filters its call applies (spec 001 sections 2.1, 7). */
describe('the filters a report applies', () => {
  const all = { oid: 1205, cid: 501, lpid: 7, subid: 'fb_feed' };
  it('clicks and conversions take every filter', () => {
    expect(appliedFilters('clicks', all)).toEqual(all);
    expect(appliedFilters('conversions', all)).toEqual(all);
  });
  it('the campaign reports take the campaign only', () => {
    for (const type of ['creatives', 'subid', 'landingPages', 'reversals'] as const) expect(appliedFilters(type, all)).toEqual({ oid: 1205 });
  });
  it('earnings and referrals take none', () => {
    expect(appliedFilters('earnings', all)).toEqual({});
    expect(appliedFilters('referrals', all)).toEqual({});
  });
  it('absent filters stay absent', () => {
    expect(appliedFilters('clicks', { subid: 'x' })).toEqual({ subid: 'x' });
  });
  it('so a switch from a drill-down to earnings drops the campaign from the address', () => {
    expect(reportUrl('earnings', { start: '2026-11-01', end: '2026-11-30' }, appliedFilters('earnings', all))).toBe('/reports/earnings?startDate=2026-11-01&endDate=2026-11-30');
  });
});
