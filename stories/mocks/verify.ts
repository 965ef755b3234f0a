import type { VerifyRegistrationResponse } from '../../src/api/contract/register';
import { joinEndpoints } from '../../src/api/contract/register';
import { mocksOf, type MockOptions } from './http';

/** MSW handlers of GET /verifyRegistration (the /verify page), with answers shaped as the server's. */
const base: Omit<VerifyRegistrationResponse, 'status'> = {
  success: true,
  affiliate_id: 104217,
  affiliateManager: { name: 'Dana Whitfield', phone: '+1 (905) 555-0131', telegram: '@dana_whitfield' },
  list: ['Our compliance and affiliate management teams review your application.', 'A mandatory phone interview with your affiliate manager.'],
  businessHours: '9:00 AM-4:00 PM',
  currentTime: '10:42 AM',
  dayOfWeek: 'Tuesday',
};

const verify = mocksOf(joinEndpoints.verifyRegistration);
export const verifyHandlers = {
  ...verify,
  verified: (options?: MockOptions) => verify.answer({ ...base, status: 2 }, options),
  active: () => verify.answer({ ...base, status: 1, list: [] }),
  invalid: () => verify.answer({ ...base, status: 0, affiliate_id: null, affiliateManager: { name: '', phone: '', telegram: '' }, list: [] }),
};
