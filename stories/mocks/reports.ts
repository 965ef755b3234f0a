import { reportEndpoints, type ConversionRow, type EarningsRow, type ReversalRow, type SeriesPoint } from '../../src/api/contract/reports';
import { HttpResponse } from 'msw';
import { answer, failure, mock, networkError, pending, type MockOptions } from './http';

/**
 * MSW handlers and fixtures of the reports, typed by the contract. Figures are made to be
 * consistent: conversion = leads / clicks, EPC = earnings / clicks, totals = the sums.
 */
const E = reportEndpoints;
const zoneFields = { time_zone: { offset_minutes: -300, label: 'GMT-05:00' }, start_date: '2026-11-01', end_date: '2026-12-01' };

const figures = (clicks: number, leads: number, earnings: number, sales = 0) => ({
  clicks,
  leads,
  conversion: clicks ? Math.round((leads / clicks) * 10_000) / 100 : 0,
  sales,
  earnings,
  epc: clicks ? Math.round((earnings / clicks) * 10_000) / 10_000 : 0,
});
const totalsOf = (rows: Array<{ clicks: number; leads: number; earnings: number; sales: number }>) =>
  figures(
    rows.reduce((s, r) => s + r.clicks, 0),
    rows.reduce((s, r) => s + r.leads, 0),
    Math.round(rows.reduce((s, r) => s + r.earnings, 0) * 100) / 100,
    Math.round(rows.reduce((s, r) => s + r.sales, 0) * 100) / 100,
  );

export const earningsRows: EarningsRow[] = [
  { campaign_id: 1205, name: 'NovaLend Personal Loans - Qualified Lead (US/CA)', ...figures(1840, 46, 1219) },
  { campaign_id: 1388, name: 'Brightsmile Clear Aligners - Free Consultation Booking With A Very Long Campaign Name (US)', ...figures(960, 31, 775, 0) },
  { campaign_id: 1012, name: 'QuickQuote Auto Insurance', ...figures(2210, 40, 600) },
  { campaign_id: 1450, name: 'Zenith VPN - 35% of sale', ...figures(530, 12, 151.2, 432) },
];

const campaign = { campaign_id: 1205, name: 'NovaLend Personal Loans - Qualified Lead (US/CA)' };
export const creativeRows = [
  { ...earningsRows[0], creative_id: 501, creative_name: 'Banner 300x250', ...figures(900, 25, 662.5) },
  { ...earningsRows[0], creative_id: 502, creative_name: 'Banner 728x90', ...figures(600, 14, 371) },
  { ...earningsRows[0], creative_id: -1, creative_name: 'Raw link', ...figures(340, 7, 185.5) },
];
export const subIdRows = [
  { ...earningsRows[0], subid1: 'fb_feed', ...figures(1000, 30, 795) },
  { ...earningsRows[0], subid1: 'newsletter', ...figures(640, 12, 318) },
  { ...earningsRows[0], subid1: '', ...figures(200, 4, 106) },
];
export const landingRows = [
  { ...earningsRows[0], landing_page_id: 31, landing_page: 'Apply now', thumbnail: '', ...figures(1500, 40, 1060) },
  { ...earningsRows[0], landing_page_id: 32, landing_page: 'Rate calculator', thumbnail: '', ...figures(340, 6, 159) },
];
export const clickRows = Array.from({ length: 10 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, ...figures(150 + ((i * 37) % 90), 3 + (i % 4), 80 + ((i * 53) % 70)) }));

/** Every 17th conversion reversed (every other one with the advertiser's reason), and a few recorded over the daily cap. */
const conversionStatus = (i: number) => (i % 17 === 0 ? 'Reversed' : i % 17 === 9 ? 'Over cap' : 'Approved');
export const conversionRows: ConversionRow[] = Array.from({ length: 120 }, (_, i) => ({
  key_id: String(90000 + i),
  date: `2026-11-${String(20 - Math.floor(i / 8)).padStart(2, '0')} ${String(23 - (i % 8)).padStart(2, '0')}:14:05`,
  campaign_id: 1205,
  name: campaign.name,
  status: conversionStatus(i),
  reversal_reason: i % 34 === 0 ? 'Duplicate lead' : '',
  rate_type: '$ per lead',
  sales: 0,
  // A conversion over the cap earns nothing.
  earnings: conversionStatus(i) === 'Over cap' ? 0 : 26.5,
  subid1: i % 3 === 0 ? 'fb_feed' : 'newsletter',
  subid2: i % 5 === 0 ? `adset_${i % 9}` : '',
  subid3: '',
  subid4: '',
  subid5: '',
  ip_address: `198.51.100.${(i * 7) % 250}`,
  ip_location: { country: 'US', region: 'New York', city: 'Brooklyn' },
  device: { system: 'Chrome', device: i % 2 ? 'Mobile' : 'Desktop', os: i % 2 ? 'iOS' : 'Windows' },
}));

export const reversalRows: ReversalRow[] = [
  { reverse_date: '2026-11-18 10:02:11', lead_date: '2026-11-12 21:40:00', status: 'Reversed', campaign_id: 1205, name: campaign.name, rate_type: '$ per lead', reason: 'Duplicate lead', sales: 0, earnings: -26.5, subid1: 'fb_feed', subid2: '', subid3: '', subid4: '', subid5: '', ip_address: '198.51.100.7' },
  { reverse_date: '2026-11-09 08:15:00', lead_date: '2026-11-02 14:03:27', status: 'Reversed', campaign_id: 1450, name: 'Zenith VPN - 35% of sale', rate_type: '% of sale', reason: '', sales: -36, earnings: -12.6, subid1: '=cmd', subid2: '', subid3: '', subid4: '', subid5: '', ip_address: '203.0.113.9' },
];

/** The chart's buckets: the 30 days of November 2026, or the 24 hours of one day. */
export const dayPoints: SeriesPoint[] = Array.from({ length: 30 }, (_, i) => ({
  start: `2026-11-${String(i + 1).padStart(2, '0')}`,
  clicks: i > 23 ? 0 : 150 + ((i * 37) % 90),
  leads: i > 23 ? 0 : 3 + (i % 4),
  earnings: i > 23 ? 0 : 80 + ((i * 53) % 70) + 0.5,
}));
export const hourPoints: SeriesPoint[] = Array.from({ length: 24 }, (_, h) => ({
  start: `2026-11-24 ${String(h).padStart(2, '0')}:00`,
  clicks: h < 6 ? h : 10 + ((h * 29) % 40),
  leads: h % 5 === 0 ? 1 : 0,
  earnings: h % 5 === 0 ? 26.5 : 0,
}));

export const reportHandlers = {
  series: (interval: 'day' | 'hour' = 'day') =>
    answer(E.reportSeries, { success: true, interval, points: interval === 'day' ? dayPoints : hourPoints, ...zoneFields }),
  seriesPending: () => pending(E.reportSeries),
  seriesFailure: () => failure(E.reportSeries, 'Something went wrong on our side. Please try again.', 500),
  earnings: (rows = earningsRows, spy?: MockOptions) => answer(E.earningsReport, { success: true, report: rows, totals: totalsOf(rows), ...zoneFields }, spy),
  creatives: () => answer(E.creativesReport, { success: true, report: creativeRows, totals: totalsOf(creativeRows), campaign, ...zoneFields }),
  subid: () => answer(E.subIdReport, { success: true, report: subIdRows, totals: totalsOf(subIdRows), campaign, ...zoneFields }),
  landingPages: () => answer(E.landingPagesReport, { success: true, report: landingRows, totals: totalsOf(landingRows), campaign, ...zoneFields }),
  clicks: (filters: { creative?: boolean; subId?: string } = {}) =>
    answer(E.clicksReport, {
      success: true,
      report: clickRows,
      totals: totalsOf(clickRows.map((r) => ({ ...r }))),
      campaign,
      landingPage: null,
      creative: filters.creative ? { creative_id: 501, name: 'Banner 300x250' } : null,
      subId: filters.subId ?? null,
      ...zoneFields,
    }),
  conversions: (rows = conversionRows) =>
    answer(E.conversionsReport, { success: true, total_pages: Math.ceil(rows.length / 50), report: rows, campaign: null, creative: null, landing_page: null, subId: null, ...zoneFields }),
  reversals: () => answer(E.reversalsReport, { success: true, total_pages: 1, report: reversalRows, ...zoneFields }),
  referrals: () => answer(E.referralsReport, { success: true, report: [{ referral_date: '2026-10-01', affiliates: 3, referral_income: 412.4 }, { referral_date: '2026-09-01', affiliates: 2, referral_income: 180 }] }),
  earningsEmpty: () => answer(E.earningsReport, { success: true, report: [], totals: figures(0, 0, 0), ...zoneFields }),
  earningsPending: () => pending(E.earningsReport),
  earningsFailure: () => failure(E.earningsReport, 'Something went wrong on our side. Please try again.', 500),
  earningsUnauthorized: () => failure(E.earningsReport, 'Your session has expired. Please sign in again.', 401),
  earningsNetworkError: () => networkError(E.earningsReport),
  /** An answer with neither success flag, only `errors.message` (spec 001 section 8: that message is shown). */
  earningsNeitherFlag: () => mock(E.earningsReport, () => HttpResponse.json({ errors: { message: 'Statistics are being recalculated. Please try again in a few minutes.' } }, { status: 503 })),
};
