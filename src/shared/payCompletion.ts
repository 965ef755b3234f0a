/**
 * The message /paycompletion sends to the window that opened it (spec 001 §2.5): the payment modal
 * (its iframe's parent, or the opener of a pop-up) hears that the provider's page is done and
 * reloads the payment details. One definition for both sides.
 */
export const PAY_COMPLETION_MESSAGE = 'paycompletion';

export interface PayCompletionMessage {
  type: typeof PAY_COMPLETION_MESSAGE;
}

/**
 * True for the pay-completion message of this portal: the same origin (the page posts to its own
 * origin only, and nothing else may pose as it) and the expected type.
 */
export function isPayCompletionMessage(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): boolean {
  const data = event.data as { type?: unknown } | null;
  return event.origin === origin && typeof data === 'object' && data !== null && data.type === PAY_COMPLETION_MESSAGE;
}
