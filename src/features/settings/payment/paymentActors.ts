import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { fromPromise } from 'xstate';
import { affiliateApi } from '../../../api/affiliateApi';
import type { PayoneerChangeRequest, PayPlatform } from '../../../api/contract/paychange';
import { failureOf } from '../../../api/errors';
import { paychangeApi, refreshAffiliate } from '../../../api/paychangeApi';
import type { RequestAnswer } from '../../../machines/paymentModal.machine';
import { PAY_BLACKOUT_MESSAGE } from '../../../shared/payBlackout';
import { paths } from '../../../shared/paths';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * The spec's Payoneer body, from the record already loaded by the settings page. The server checks
 * its shape and uses none of it but redirect_url (and that only when it is our /paycompletion): the
 * payee's details come from the database.
 */
function payoneerBody(dispatch: Dispatch): PayoneerChangeRequest {
  const record = dispatch((_d, getState) => affiliateApi.endpoints.getAffiliate.select()(getState() as never).data);
  const person = record?.affiliate_personal_information;
  const address = record?.affiliate_address;
  return {
    payee_id: record?.publisher_id ?? 0,
    lock_type: 'ADDRESS',
    payee: {
      contact: { email: person?.email ?? '', mobile: person?.mobile_phone ?? '' },
      address: {
        address_line_1: address?.address1 ?? '',
        address_line_2: address?.address2 ?? '',
        city: address?.city ?? '',
        country: address?.country_code ?? '',
        zip_code: address?.zipcode ?? '',
      },
    },
    redirect_url: `${window.location.origin}${paths.payCompletion}`,
  };
}

/** The modal machine's calls, through the portal's store. */
export function paymentActors(dispatch: Dispatch) {
  return {
    requestChange: fromPromise<RequestAnswer, { provider: PayPlatform }>(async ({ input }) => {
      const result =
        input.provider === 'Payoneer'
          ? await dispatch(paychangeApi.endpoints.startPayoneer.initiate(payoneerBody(dispatch)))
          : await dispatch(paychangeApi.endpoints.startTipalti.initiate());
      if (result.data) return { ok: true, iframe: result.data.iframe };
      const { message, code } = failureOf(result.error);
      return { ok: false, message, blackout: code === 409 && message === PAY_BLACKOUT_MESSAGE };
    }),
    refresh: fromPromise<void>(async () => {
      dispatch(refreshAffiliate());
    }),
  };
}
