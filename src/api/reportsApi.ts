import { baseApi } from './baseApi';
import { reportEndpoints } from './contract/reports';
import { send, type Query, type Reply } from './endpoints';

const { earningsReport, creativesReport, subIdReport, landingPagesReport, clicksReport, conversionsReport, reversalsReport, referralsReport, reportSeries } = reportEndpoints;

/**
 * The reports' calls (spec 001 section 7): each answer is kept per query (type, dates, filters), so
 * going back to a report already seen shows it at once; conversions and reversals come whole
 * (`page=all`) and the screen pages them.
 */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    earningsReport: build.query<Reply<typeof earningsReport>, Query<typeof earningsReport>>({ query: (query) => send(earningsReport, { query }) }),
    creativesReport: build.query<Reply<typeof creativesReport>, Query<typeof creativesReport>>({ query: (query) => send(creativesReport, { query }) }),
    subIdReport: build.query<Reply<typeof subIdReport>, Query<typeof subIdReport>>({ query: (query) => send(subIdReport, { query }) }),
    landingPagesReport: build.query<Reply<typeof landingPagesReport>, Query<typeof landingPagesReport>>({ query: (query) => send(landingPagesReport, { query }) }),
    clicksReport: build.query<Reply<typeof clicksReport>, Query<typeof clicksReport>>({ query: (query) => send(clicksReport, { query }) }),
    conversionsReport: build.query<Reply<typeof conversionsReport>, Query<typeof conversionsReport>>({ query: (query) => send(conversionsReport, { query }) }),
    reversalsReport: build.query<Reply<typeof reversalsReport>, Query<typeof reversalsReport>>({ query: (query) => send(reversalsReport, { query }) }),
    reportSeries: build.query<Reply<typeof reportSeries>, Query<typeof reportSeries>>({ query: (query) => send(reportSeries, { query }) }),
    referralsReport: build.query<Reply<typeof referralsReport>, void>({ query: () => send(referralsReport, undefined as never) }),
  }),
});
