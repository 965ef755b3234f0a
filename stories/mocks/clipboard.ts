import { expect, waitFor, within } from 'storybook/test';

/**
 * Replaces `navigator.clipboard` for one story and returns the function that restores it (a story's
 * `beforeEach` returns it). `copied` collects what was written; a function is used as `writeText`
 * itself (a spy, a refusal); `undefined` leaves no clipboard at all (an insecure page).
 */
export function stubClipboard(target: string[] | ((text: string) => Promise<void>) | undefined) {
  let writeText: ((text: string) => Promise<void>) | undefined;
  if (Array.isArray(target)) {
    target.splice(0);
    writeText = async (text: string) => void target.push(text);
  } else writeText = target;
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText === undefined ? undefined : { writeText } });
  return () => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else Reflect.deleteProperty(navigator, 'clipboard');
  };
}

/**
 * Waits until a copy button's "Copied!" has gone back to its label (the feedback lasts 2 s). A story
 * whose play copies ends with this, so its screenshots never depend on whether they were taken
 * within the feedback's 2 s (the dark pass comes after the light one and the dark axe check).
 */
export async function copiedFeedbackGone(scope: HTMLElement) {
  await waitFor(() => expect(within(scope).queryByRole('button', { name: 'Copied!' })).toBeNull(), { timeout: 4000 });
}
