import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { countryOf } from '../../lib/geoip';
import type { Messenger } from '../../lib/messenger';
import { countryByAlpha2 } from '../../../src/shared/countries';

/**
 * Security e-mails to the owner of an account (docs/adr/0009): repeated failed sign-ins, a new
 * password, two-factor turned on or off, and a sign-in from a country the account has not used.
 * Each says what happened, when, from which address and country when known, and what to do if it
 * was not them. Queued through the messenger (outbox_messages), in the caller's transaction when
 * it passes one.
 */
export type AccountNotice =
  | { kind: 'failedSignIns'; failures: number }
  | { kind: 'passwordChanged'; via: 'settings' | 'reset' }
  | { kind: 'twoFactor'; enabled: boolean }
  | { kind: 'newCountry' };

export interface NoticeContext {
  messenger: Messenger;
  productName: string;
  /** When it happened, and the address it came from (its country is looked up). */
  at: Date;
  ip: string;
}

const when = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} (UTC)`;

/** "the address 203.0.113.7 (Netherlands)", or the address alone when its country is unknown. */
async function origin(ip: string): Promise<{ text: string; country: string | null }> {
  const code = await countryOf(ip).catch(() => null);
  const country = code ? (countryByAlpha2(code)?.name ?? code) : null;
  return { text: country ? `the address ${ip} (${country})` : `the address ${ip}`, country };
}

interface Letter {
  subject: string;
  what: string;
  ifNotYou: string;
}

function letterFor(notice: AccountNotice, productName: string, at: string, from: { text: string; country: string | null }): Letter {
  const reset = `choose a new password at once (Settings, or "Forgot your password?" on the sign-in page)`;
  switch (notice.kind) {
    case 'failedSignIns':
      return {
        subject: `Unsuccessful sign-in attempts on your ${productName} account`,
        what:
          `Someone tried to sign in to your ${productName} account with a wrong password ${notice.failures} times since your last successful sign-in, ` +
          `most recently on ${at} from ${from.text}. Nobody got in: these attempts failed.`,
        ifNotYou:
          `If this was you, there is nothing to do. If it was not, your password is still safe as long as nobody knows it; ` +
          `if you use it anywhere else, ${reset}, and consider turning on two-factor authentication in Settings.`,
      };
    case 'passwordChanged':
      return {
        subject: `Your ${productName} password was changed`,
        what:
          `The password of your ${productName} account was changed on ${at} from ${from.text}` +
          `${notice.via === 'reset' ? ', with a password reset link' : ' in Settings'}. Every other signed-in session was signed out.`,
        ifNotYou:
          'If you did not change it, someone else may have access to your account: reset your password with "Forgot your password?" ' +
          'on the sign-in page and contact your affiliate manager.',
      };
    case 'twoFactor':
      return notice.enabled
        ? {
            subject: `Two-factor authentication is on for your ${productName} account`,
            what: `Two-factor authentication was turned on for your ${productName} account on ${at} from ${from.text}. Signing in now also asks for a code from your authenticator app.`,
            ifNotYou: `If you did not turn it on, someone else may have access to your account: ${reset} and contact your affiliate manager.`,
          }
        : {
            subject: `Two-factor authentication is off for your ${productName} account`,
            what: `Two-factor authentication was turned off for your ${productName} account on ${at} from ${from.text}. Signing in no longer asks for a code from your authenticator app.`,
            ifNotYou: `If you did not turn it off, someone else may have access to your account: ${reset}, turn two-factor authentication on again and contact your affiliate manager.`,
          };
    case 'newCountry':
      return {
        subject: `New sign-in to your ${productName} account${from.country ? ` from ${from.country}` : ''}`,
        what:
          `Your ${productName} account was signed in to with the right password on ${at} from ${from.text}, a country you have not signed in from lately. ` +
          'We asked for a code sent to your e-mail or phone before letting it in.',
        ifNotYou: `If this was not you, someone knows your password: do not share the code, ${reset} and turn on two-factor authentication in Settings.`,
      };
  }
}

/** Queues the notice to the affiliate's e-mail address; nothing when the affiliate does not exist. */
export async function queueNotice(db: Kysely<DB>, affiliateId: number, notice: AccountNotice, c: NoticeContext): Promise<void> {
  const affiliate = await db.selectFrom('affiliates').select(['email', 'first_name']).where('id', '=', affiliateId).executeTakeFirst();
  if (!affiliate) return;
  const letter = letterFor(notice, c.productName, when(c.at), await origin(c.ip));
  await c.messenger.queue(db, {
    channel: 'email',
    recipient: affiliate.email,
    subject: letter.subject,
    body: `Hello ${affiliate.first_name},\n\n${letter.what}\n\n${letter.ifNotYou}\n\nThis is an automatic security notice from ${c.productName}; you cannot turn it off.`,
  });
}
