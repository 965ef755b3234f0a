import type { PostbackRequestInput } from '../../api/contract/tracking';

/**
 * The postback types the forms offer (spec 000 §5, spec 002 §2). The server checks the same rules
 * when it saves (`campaignPostbackTypes` of src/shared/postbackTypes.ts, and the global save's
 * "Server-Server URL only when already saved"): the forms never offer a type it would refuse.
 */
/** '' none (a campaign then fires the global postback), L URL, I HTML, S server-to-server URL. */
export type PostbackType = NonNullable<PostbackRequestInput['type']>;

/** Option labels of spec 002 §2 (L URL, I HTML, S Server-Server URL). */
export const POSTBACK_TYPE_NAMES: Record<Exclude<PostbackType, ''>, string> = { L: 'URL', I: 'HTML', S: 'Server-Server URL' };

/** The select's key of the empty type: react-aria keys are not meant to be the empty string. */
export const NO_TYPE_KEY = 'none';

export { campaignPostbackTypes } from '../../shared/postbackTypes';

/** Spec 002 §2: URL and HTML; Server-Server URL only when it is already the saved global type. */
export function globalPostbackTypes(savedType: PostbackType): Exclude<PostbackType, ''>[] {
  return savedType === 'S' ? ['L', 'I', 'S'] : ['L', 'I'];
}

/** What the code field is for, per type (its description under the field). */
export function codeDescription(type: PostbackType, emptyText: string): string {
  switch (type) {
    case 'L':
      return 'The URL to load when a lead converts. Macros such as {click_id} and {payout} are filled in.';
    case 'I':
      return 'HTML placed in an iframe on the conversion page. Macros are filled in (HTML-escaped).';
    case 'S':
      return 'The URL our server calls when a lead converts. Macros such as {click_id} and {payout} are filled in.';
    default:
      return emptyText;
  }
}
