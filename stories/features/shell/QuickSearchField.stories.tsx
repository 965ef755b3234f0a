import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { QuickSearchField, type QuickSearchFieldProps } from '../../../src/features/shell/QuickSearchField';
import { QUICK_SEARCH_ERROR } from '../../../src/features/shell/QuickSearch';
import { campaignsFixture } from '../../mocks/shell';
import { screen, framed } from '../../../.storybook/helpers';

const matches = campaignsFixture.slice(0, 4).map((c) => ({ campaign_id: c.campaign_id, name: c.name }));

/** The quick search box alone (spec 000 §2, §5): suggestions come in as props. */
function Controlled(props: Omit<QuickSearchFieldProps, 'term' | 'onTermChange'> & { initial?: string }) {
  const [term, setTerm] = useState(props.initial ?? '');
  return <QuickSearchField {...props} term={term} onTermChange={setTerm} />;
}

const meta = {
  title: 'Features/Shell/QuickSearchField',
  component: Controlled,
  args: { matches, onSelectCampaign: fn(), onSubmitTerm: fn() },
  decorators: [framed({ maxWidth: 480, minHeight: 300 })],
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = (root: HTMLElement) => within(root).getByRole('combobox', { name: /Search campaigns/ });

/** Types 'a' and waits for the suggestions, down to the first one's layout (under a full run's load it can land after the list's). */
async function openSuggestions(root: HTMLElement) {
  await userEvent.type(input(root), 'a');
  const list = await screen().findByRole('listbox');
  await waitFor(() => expect(within(list).getByRole('option', { name: /NovaLend Personal Loans #1201/ })).toBeVisible(), { timeout: 3000 });
  return list;
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(input(canvasElement)).toHaveAttribute('placeholder', 'Search campaigns by name or #ID');
    await expect(within(canvasElement).getByRole('button', { name: 'Search' })).toBeDisabled();
  },
};

/** Typing opens the suggestions; each shows the campaign's #ID. */
export const Suggestions: Story = {
  parameters: {
    visual: {
      skip: "the list closes whenever the field loses focus, and in a full run the story runner's other page can take the browser's focus mid-story (the list was closed in both attempts of one rehearsal, with no key pressed); the open list's frame is in the Loading, No Matches and Error screenshots, and play checks the suggestions",
    },
  },
  play: async ({ canvasElement, args }) => {
    const list = await openSuggestions(canvasElement);
    // The popover's entrance may land a frame or two late under load: wait for it to settle.
    // (jest-dom's visibility reads the popover around the list too; checkVisibility reads the list's own opacity.)
    await waitFor(() => expect(list).toBeVisible());
    await waitFor(() => expect(document.querySelector('[data-entering]')).toBeNull());
    await expect(within(list).getAllByRole('option')).toHaveLength(4);
    await expect(args.onSelectCampaign).not.toHaveBeenCalled();
  },
};

/** Arrow down and Enter choose the first suggestion: the campaign, not a search for the text. */
export const SelectSuggestion: Story = {
  parameters: {
    visual: {
      skip: "after Enter the list stays open or closes depending on whether the field kept focus in a full run (seen once, both themes); the open list is the Suggestions story's screenshot, and play checks what Enter does",
    },
  },
  play: async ({ canvasElement, args }) => {
    await openSuggestions(canvasElement);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onSelectCampaign).toHaveBeenCalledWith(1201);
    await expect(args.onSubmitTerm).not.toHaveBeenCalled();
  },
};

/** A blank term keeps the list closed and cannot be submitted. */
export const BlankTerm: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(input(canvasElement), '   {Enter}');
    await expect(screen().queryByRole('listbox')).toBeNull();
    await expect(args.onSubmitTerm).not.toHaveBeenCalled();
  },
};

/** Enter with no highlighted suggestion submits the typed text (trimmed). */
export const SubmitTerm: Story = {
  parameters: {
    visual: {
      skip: "in a full run the suggestion list's exit after Enter is sometimes still on the page when the screenshot is taken (two rehearsals of 2026-11-25, both themes); the field alone is the Empty story's screenshot, and play checks what Enter does",
    },
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.type(input(canvasElement), ' solar {Enter}');
    await expect(args.onSubmitTerm).toHaveBeenCalledWith('solar');
    await expect(args.onSelectCampaign).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { matches: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement), 'sol');
    await waitFor(() => expect(screen().getByText('Searching…')).toBeVisible());
  },
};

export const NoMatches: Story = {
  args: { matches: [] },
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement), 'zzz');
    await waitFor(() => expect(screen().getByText('No matching campaigns. Press Enter to search.')).toBeVisible());
  },
};

export const Error: Story = {
  args: { errorMessage: QUICK_SEARCH_ERROR },
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement), 'sol');
    await waitFor(() => expect(screen().getByText(QUICK_SEARCH_ERROR)).toBeVisible());
  },
};
