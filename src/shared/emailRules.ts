import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { z } from 'zod';

/** Spec 002 section 5: the messages of the e-mail rules. */
export const EMAIL_NOT_ALLOWED = 'This email address is not allowed.';
export const EMAIL_INVALID = 'This email address is invalid.';
export { EMAIL_UNDELIVERABLE } from './profileOptions';

/** Longest address a mailbox can have (RFC 5321: 254 characters). */
export const EMAIL_MAX_LENGTH = 254;

const wellFormed = z.email();
// The obscenity library's English list with its look-alike transformers (l33t, repeated letters),
// which also keeps words such as "Scunthorpe", "analyst" and "assistant" clean.
let matcher: RegExpMatcher | undefined;
const obscene = (text: string) => (matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers })).hasMatch(text);

/**
 * The banned words of spec 002 section 5: the local part must not contain abuse, bounce or block;
 * the whole address must not contain spam or an obscenity.
 */
export function hasBannedWords(email: string): boolean {
  const address = email.trim().toLowerCase();
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  return /abuse|bounce|block/.test(local) || address.includes('spam') || obscene(address);
}

/** Null when the address passes: well formed, within length, free of banned words; else the message to show. */
export function emailProblem(email: string): string | null {
  const address = email.trim();
  if (address.length > EMAIL_MAX_LENGTH || !wellFormed.safeParse(address).success) return EMAIL_INVALID;
  if (hasBannedWords(address)) return EMAIL_NOT_ALLOWED;
  return null;
}
