import { trackingEndpoints } from '../../src/api/contract/tracking';
import { answer, failure, networkError, pending, type MockCall, type MockOptions } from './http';

const { createTrackingLink } = trackingEndpoints;

/** The link the mock server builds: the sub IDs sent come back as query parameters, as the real one does. */
export function mockLink(body: Record<string, unknown>): string {
  const subs = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5']
    .filter((k) => typeof body[k] === 'string' && body[k] !== '')
    .map((k) => `${k}=${encodeURIComponent(String(body[k]))}`);
  return `https://track.example.com/go/Qm9va1RyYWNraW5nTGlu${subs.length ? `?${subs.join('&')}` : ''}`;
}

export const trackingLinkHandlers = {
  /** Ready when a traffic type and a creative are sent (as the server decides). */
  answer: (spy?: MockOptions) =>
    answer(
      createTrackingLink,
      (call: MockCall) => {
        const body = (call.body ?? {}) as Record<string, unknown>;
        const ready = Boolean(body.traffic_type) && body.creative_id !== undefined && body.creative_id !== null;
        return { success: true as const, 'tracking-link': ready ? mockLink(body) : '', withTrafficAndCreative: ready };
      },
      spy,
    ),
  failure: () => failure(createTrackingLink, 'You are not approved to run this campaign.', 403),
  unauthorized: () => failure(createTrackingLink, 'Your session has ended. Please sign in again.', 401),
  networkError: () => networkError(createTrackingLink),
  pending: () => pending(createTrackingLink),
};
