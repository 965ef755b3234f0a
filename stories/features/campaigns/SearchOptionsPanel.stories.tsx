import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { screen } from '../../../.storybook/helpers';
import { CATEGORIES_FAILED } from '../../../src/features/campaigns/searchLabels';
import { SearchOptionsPanel, type Draft, type SearchOptionsPanelProps } from '../../../src/features/campaigns/SearchOptionsPanel';
import { DEFAULT_SEARCH_STATE } from '../../../src/shared/searchState';
import { categoriesFixture } from '../../mocks/campaigns';

/**
 * /search's Search Options panel on its own (the search page loads it when the panel opens; its
 * stories show it in place): the draft it edits lives in the story, Apply reports it.
 */
function Panel({ categoriesFailed, onApply }: { categoriesFailed?: boolean; onApply: (draft: Draft) => void }) {
  const [draft, setDraft] = useState<Draft>(DEFAULT_SEARCH_STATE);
  const categories: SearchOptionsPanelProps['categories'] = categoriesFailed ? { isError: true } : { data: { categories: categoriesFixture }, isError: false };
  return <SearchOptionsPanel draft={draft} setDraft={setDraft} categories={categories} subcategories={{ isError: false }} onApply={() => onApply(draft)} />;
}

const meta = {
  title: 'Features/Campaigns/SearchOptionsPanel',
  component: Panel,
  args: { onApply: fn() },
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every option at its default; Apply Search Options hands the draft to the page. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('group', { name: 'Traffic types' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Apply Search Options' }));
    await expect(args.onApply).toHaveBeenCalledTimes(1);
  },
};

/** The categories could not be loaded: the message in place of the category chooser, the rest usable. */
export const CategoriesFailed: Story = {
  args: { categoriesFailed: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // The message fades in (SystemMessage's entrance).
    await waitFor(() => expect(c.getByText(CATEGORIES_FAILED)).toBeVisible());
    await expect(c.getByRole('button', { name: 'Apply Search Options' })).toBeEnabled();
  },
};

const applied = (onApply: unknown) => (onApply as ReturnType<typeof fn>).mock.lastCall?.[0] as Draft | undefined;

/** The country field reads the country picked, not the text typed to find it (a longer name, or a code). */
export const CountryFieldShowsThePick: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const country = c.getByRole('combobox', { name: 'Country' });
    await expect(country).toHaveValue('Any Country');
    await userEvent.clear(country);
    await userEvent.type(country, 'United States');
    await userEvent.click(await screen().findByRole('option', { name: /United States Minor Outlying Islands/ }));
    await expect(country).toHaveValue('United States Minor Outlying Islands');
    await userEvent.clear(country);
    await userEvent.type(country, 'de');
    await userEvent.click(await screen().findByRole('option', { name: /^Germany/ }));
    await expect(country).toHaveValue('Germany');
    await userEvent.click(c.getByRole('button', { name: 'Apply Search Options' }));
    await expect(applied(args.onApply)?.gr).toBe('DE');
  },
};

/** Typing and leaving without a pick puts the field back to the country that applies; clearing it and leaving is Any Country. */
export const CountryFieldLeftWithoutAPick: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const country = c.getByRole('combobox', { name: 'Country' });
    await userEvent.clear(country);
    await userEvent.type(country, 'Canad');
    await userEvent.click(await screen().findByRole('option', { name: /Canada/ }));
    await userEvent.type(country, 'xyz');
    await userEvent.tab();
    await expect(country).toHaveValue('Canada');
    await userEvent.click(c.getByRole('button', { name: 'Apply Search Options' }));
    await expect(applied(args.onApply)?.gr).toBe('CA');
    await userEvent.clear(country);
    await userEvent.tab();
    await expect(country).toHaveValue('Any Country');
    await userEvent.click(c.getByRole('button', { name: 'Apply Search Options' }));
    await expect(applied(args.onApply)?.gr).toBe('any');
  },
};
