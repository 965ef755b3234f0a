import { expect, userEvent, waitFor, within } from 'storybook/test';

/**
 * The campaign application modal driven from a story (spec 000 section 5): shared by the modal's own
 * stories and the campaign page's.
 */
export const body = () => within(document.body);
export const dialog = () => body().findByRole('dialog', { name: /^Request access/ });

export async function choose(label: RegExp, option: string) {
  const d = await dialog();
  await userEvent.click(within(d).getByRole('button', { name: label }));
  const listbox = await body().findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(body().queryByRole('listbox')).not.toBeInTheDocument());
}

/** Puts a free-text answer in a field as a paste (one input event): how it is typed is not what these stories check. */
export async function answer(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Fills a valid application for Email traffic (the campaign allows it). */
export async function fillValid() {
  const d = within(await dialog());
  await userEvent.type(await d.findByRole('textbox', { name: /leads will you send per day/ }), '40');
  await userEvent.click(d.getByText('Use an existing creative'));
  await choose(/Traffic type/, 'Email');
  await answer(d.getByRole('textbox', { name: /Where does your list come from/ }), 'Our opted-in finance newsletter');
  await choose(/How will you mail it/, 'Newsletter ad');
  await answer(d.getByRole('textbox', { name: /Tell us more/ }), 'US readers, weekly');
  await answer(d.getByRole('textbox', { name: /How will you promote/ }), 'A sponsored slot in our weekly issue.');
}

export const submit = async () => userEvent.click(within(await dialog()).getByRole('button', { name: 'Submit request' }));
