import type { AffiliateResponse } from '../../../api/contract/affiliate';
import { failureOf } from '../../../api/errors';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { profileMessages } from '../../../shared/profileOptions';
import type { SaveOutcome } from '../SettingsCard';

export interface CardProps {
  affiliate: AffiliateResponse;
  editable: boolean;
  onLocked: (message: string) => void;
  /** A save succeeded: the verification window was renewed. */
  onSaved?: () => void;
}

export const NOT_SET = 'Not set';
export const show = (value: string) => value.trim() || NOT_SET;

/** A card's read-only view: each label with its value. */

/** An RTK Query mutation's answer as a card's outcome. */
export async function outcome(call: { unwrap: () => Promise<{ message: string }> }): Promise<SaveOutcome> {
  try {
    return { ok: true, message: (await call.unwrap()).message };
  } catch (e) {
    return refused(e);
  }
}

/** A failed call as a card's outcome (403 = the verification window closed). */
export function refused(e: unknown): SaveOutcome {
  const { message, code } = failureOf(e);
  return { ok: false, message, status: code };
}

/** The server's phone check (spec 001 §5: checked before saving; 'Invalid mobile number'). */
export function usePhoneCheck() {
  const dispatch = useApiDispatch();
  return async (mobile: string): Promise<SaveOutcome | null> => {
    try {
      const r = await dispatch(settingsApi.endpoints.validatePhone.initiate(mobile)).unwrap();
      return r.isValid ? null : { ok: false, message: r.message ?? profileMessages.invalidMobile, field: 'mobile' };
    } catch (e) {
      return refused(e);
    }
  };
}
