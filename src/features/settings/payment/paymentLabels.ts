import type { AffiliateResponse } from '../../../api/contract/affiliate';
import { PAY_BLACKOUT_LABEL } from '../../../shared/payBlackout';

/** The record's payment information (spec 001 section 3). */
export type PaymentInformation = AffiliateResponse['payment_information'];

/** A Payoneer change was started and not completed yet (spec 001 sections 4, 9). */
export const payoneerPending = (info: PaymentInformation) => info.tmp_payoneer !== 0;

/**
 * The Payoneer button (spec 001 section 4 "Payment modal"): 'Pending' while a Payoneer change waits
 * and Payoneer is not the current platform; 'Edit Details' when it is; 'Use Payoneer' otherwise.
 * During the blackout every button reads 'Changes Unavailable (See Below)'.
 */
export function payoneerLabel(info: PaymentInformation, blackout: boolean): string {
  if (blackout) return PAY_BLACKOUT_LABEL;
  if (payoneerPending(info) && info.platform !== 'Payoneer') return 'Pending';
  return info.platform === 'Payoneer' ? 'Edit Details' : 'Use Payoneer';
}

/** The Tipalti button: 'Edit Details' when Tipalti is the current platform, otherwise 'Use Tipalti'. */
export function tipaltiLabel(info: PaymentInformation, blackout: boolean): string {
  if (blackout) return PAY_BLACKOUT_LABEL;
  return info.platform === 'Tipalti' ? 'Edit Details' : 'Use Tipalti';
}

const PLATFORM_NOT_SET = 'Not set';

/**
 * The platform row of the Payment Information card (spec 001 section 4): 'Payoneer (Pending)' when a
 * Payoneer change is pending and no platform is set, else the platform, or 'Not set'.
 */
export function paymentPlatformText(info: PaymentInformation): string {
  if (!info.platform && payoneerPending(info)) return 'Payoneer (Pending)';
  return info.platform || PLATFORM_NOT_SET;
}
