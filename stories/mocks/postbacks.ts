import { postbackLogEndpoints, type PostbackDelivery } from '../../src/api/contract/postbackLog';
import { trackingEndpoints } from '../../src/api/contract/tracking';
import { macroHelpHtml } from '../../server/modules/tracking/macros';
import { answer, failure, mock, networkError, pending, perRender, type MockOptions } from './http';

/**
 * MSW handlers and fixtures of the postbacks: the campaign, global and reversal saves, the macro help
 * (the server's own generated text, so the story shows what the product shows), the delivery log and
 * the test postback. Times are fixed instants (the story runner's zone is America/New_York).
 */
const { saveCampaignPostback, saveGlobalPostback, saveReversalPostback, getHelpText } = trackingEndpoints;
const { listDeliveries, sendTestPostback } = postbackLogEndpoints;

const base: PostbackDelivery = {
  id: 1,
  created_at: '2026-11-23T14:05:09Z',
  campaign_id: 1205,
  campaign_name: 'NovaLend Personal Loans - Qualified Lead (US/CA)',
  type: 'L',
  event: 'conversion',
  url: 'https://tracker.example.net/postback?clickid=AbC123dEf456GhI789jKl0&payout=26.50&token=****',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_latency_ms: 143,
  last_error: '',
  next_attempt_at: null,
  delivered_at: '2026-11-23T14:05:09Z',
  is_test: false,
};

export const delivery = (over: Partial<PostbackDelivery> = {}): PostbackDelivery => ({ ...base, ...over });

export const deliveredFixture: PostbackDelivery[] = [
  delivery({ id: 14 }),
  delivery({ id: 13, created_at: '2026-11-23T11:41:52Z', delivered_at: '2026-11-23T11:41:53Z', last_latency_ms: 88, campaign_id: 1310, campaign_name: 'SolarBright Home Quotes', type: 'S' }),
  delivery({ id: 12, created_at: '2026-11-22T20:17:03Z', delivered_at: '2026-11-22T20:17:03Z', last_status_code: 204, last_latency_ms: 61 }),
];

export const retryingFixture: PostbackDelivery[] = [
  delivery({
    id: 21,
    status: 'pending',
    attempts: 3,
    last_status_code: 503,
    last_latency_ms: 2011,
    last_error: 'The server answered 503 Service Unavailable',
    next_attempt_at: '2026-11-23T14:35:09Z',
    delivered_at: null,
  }),
  delivery({
    id: 20,
    created_at: '2026-11-23T13:12:40Z',
    status: 'pending',
    attempts: 2,
    last_status_code: null,
    last_latency_ms: 10000,
    last_error: 'No answer within 10 seconds',
    next_attempt_at: '2026-11-23T14:12:40Z',
    delivered_at: null,
    url: 'https://very-long-subdomain-of-a-tracking-platform.example.org/api/v2/conversions/postback/receive?click_identifier=AbC123dEf456GhI789jKl0&transaction=TX-998877665544&payout=26.50&currency=USD&secret=****',
  }),
  ...deliveredFixture.slice(0, 1).map((d) => ({ ...d, id: 19 })),
];

export const failedFixture: PostbackDelivery[] = [
  delivery({
    id: 31,
    status: 'failed',
    attempts: 6,
    last_status_code: 404,
    last_latency_ms: 95,
    last_error: 'The server answered 404 Not Found',
    delivered_at: null,
  }),
  delivery({
    id: 30,
    created_at: '2026-11-23T09:30:00Z',
    status: 'failed',
    attempts: 6,
    last_status_code: null,
    last_latency_ms: null,
    last_error: 'The address could not be resolved (tracker.example.invalid)',
    delivered_at: null,
    url: 'https://tracker.example.invalid/pb?cid=AbC123dEf456GhI789jKl0',
  }),
];

export const testDelivered = delivery({ id: 41, created_at: '2026-11-23T14:20:00Z', delivered_at: '2026-11-23T14:20:00Z', is_test: true, last_latency_ms: 121 });
export const testFailed = delivery({
  id: 42,
  created_at: '2026-11-23T14:20:00Z',
  is_test: true,
  status: 'failed',
  attempts: 1,
  last_status_code: 500,
  last_latency_ms: 312,
  last_error: 'The server answered 500 Internal Server Error',
  delivered_at: null,
});

export const postbackHandlers = {
  help: {
    answer: () => answer(getHelpText, { success: true, help_text: macroHelpHtml() }),
    pending: () => pending(getHelpText),
    failure: () => failure(getHelpText, 'There is no help text with this id.', 404),
  },
  campaign: {
    saved: (message = 'Your postback has been saved.', spy?: MockOptions) => answer(saveCampaignPostback, { success: true, message }, spy),
    /** The server's own messages: a global-postback message for '' and the saved one otherwise. */
    asServer: (spy?: MockOptions) =>
      answer(
        saveCampaignPostback,
        (call) => ({ success: true as const, message: (call.body as { type?: string }).type ? 'Your postback has been saved.' : 'This campaign now uses your global postback.' }),
        spy,
      ),
    pending: (spy?: MockOptions) => pending(saveCampaignPostback, spy),
    failure: (message = 'The postback must be a full URL starting with http:// or https://.', spy?: MockOptions) => failure(saveCampaignPostback, message, 400, spy),
    /** The contract's check of the body: 'field: reason'. */
    tooLong: () => failure(saveCampaignPostback, 'code: is too long (at most 4000 characters)', 400),
    serverError: () => failure(saveCampaignPostback, 'An internal error occurred. Please try again later', 500),
    networkError: () => networkError(saveCampaignPostback),
  },
  global: {
    saved: (spy?: MockOptions) =>
      answer(
        saveGlobalPostback,
        (call) => ({ success: true as const, message: (call.body as { type?: string }).type ? 'Your global postback has been saved.' : 'Your global postback has been removed.' }),
        spy,
      ),
    pending: (spy?: MockOptions) => pending(saveGlobalPostback, spy),
    failure: (message = 'This address is on a private or local network, where postbacks cannot be delivered. Use the public address of your server.') =>
      failure(saveGlobalPostback, message, 400),
    networkError: () => networkError(saveGlobalPostback),
  },
  reversal: {
    saved: (spy?: MockOptions) =>
      answer(
        saveReversalPostback,
        (call) => ({ success: true as const, message: (call.body as { url?: string }).url ? 'Your reversal postback has been saved.' : 'Your reversal postback has been removed.' }),
        spy,
      ),
    pending: (spy?: MockOptions) => pending(saveReversalPostback, spy),
    failure: (message = 'This address is on a private or local network, where postbacks cannot be delivered. Use the public address of your server.', spy?: MockOptions) =>
      failure(saveReversalPostback, message, 400, spy),
    networkError: () => networkError(saveReversalPostback),
  },
  deliveries: {
    list: (deliveries: PostbackDelivery[] = deliveredFixture, spy?: MockOptions) => answer(listDeliveries, { success: true, deliveries }, spy),
    empty: (spy?: MockOptions) => answer(listDeliveries, { success: true, deliveries: [] }, spy),
    pending: () => pending(listDeliveries),
    failure: () => failure(listDeliveries, 'An internal error occurred. Please try again later', 500),
    networkError: () => networkError(listDeliveries),
    /** Empty until a test is sent, then the test first (what the list shows after "Send test postback"). */
    afterTest: (test: PostbackDelivery, before: PostbackDelivery[] = [], spies: { list?: MockOptions; test?: MockOptions } = {}) => {
      const state = perRender(() => ({ tested: false }));
      return {
        list: answer(listDeliveries, () => ({ success: true as const, deliveries: state().tested ? [test, ...before] : before }), spies.list),
        test: mock(
          sendTestPostback,
          () => {
            state().tested = true;
            return { success: true as const, message: 'Test postback sent.', delivery: test };
          },
          spies.test,
        ),
      };
    },
  },
  test: {
    delivered: (spy?: MockOptions) => answer(sendTestPostback, { success: true, message: 'Test postback sent.', delivery: testDelivered }, spy),
    failed: (spy?: MockOptions) => answer(sendTestPostback, { success: true, message: 'Test postback sent.', delivery: testFailed }, spy),
    noPostback: () => failure(sendTestPostback, 'You have no postback saved to test. Save one first.', 409),
    /** Never answers: the button stays busy. */
    sending: (spy?: MockOptions) => pending(sendTestPostback, spy),
  },
};

/** Everything the postback pieces call, answered: the help text and an empty log. */
export function postbackDefaults() {
  return [postbackHandlers.help.answer(), postbackHandlers.deliveries.empty(), postbackHandlers.test.delivered()];
}
