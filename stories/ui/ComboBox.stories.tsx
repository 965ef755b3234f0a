import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComboBox, type ComboBoxOption } from '../../src/ui/ComboBox';
import { framed } from '../../.storybook/helpers';

const campaigns: ComboBoxOption[] = [
  { id: 1204, label: 'Summer Sweepstakes', description: '#1204' },
  { id: 1377, label: 'Auto Insurance Quotes', description: '#1377' },
  { id: 2051, label: 'Solar Savings Survey', description: '#2051' },
  { id: 2210, label: 'Dating – Mobile Pops', description: '#2210' },
  { id: 3098, label: 'Crédit Score Check', description: '#3098' },
];

const meta = {
  title: 'UI/Form fields/ComboBox',
  component: ComboBox,
  args: {
    label: 'Campaign',
    items: campaigns,
    placeholder: 'Search campaigns by name or #ID',
    onSelectionChange: fn(),
    onInputChange: fn(),
  },
  decorators: [framed({ maxWidth: 360, minHeight: 360 })],
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/**
 * The suggestions, once their popover has finished entering: under load the entrance can land a frame
 * or two after the list is in the page (docs/testing.md: make the story settle).
 */
async function shownListbox(): Promise<HTMLElement> {
  // Read again on every try: in clean-clone runs the list element found first was sometimes replaced
  // by a new one (found empty, then detached) while the popover settled. jest-dom's visibility reads
  // the ancestors too (the popover fades in around the list).
  await waitFor(() => expect(body.getByRole('listbox')).toBeVisible());
  await waitFor(() => expect(document.querySelector('[data-entering]')).toBeNull());
  const listbox = body.getByRole('listbox');
  await waitFor(() => expect(listbox).toBeVisible());
  return listbox;
}

/** Filters as you type (accent-insensitive), then a click selects and fills the input. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await userEvent.type(input, 'cred');
    const listbox = await shownListbox();
    const options = within(listbox).getAllByRole('option');
    await expect(options).toHaveLength(1);
    await userEvent.click(options[0]);
    await expect(input).toHaveValue('Crédit Score Check');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(3098);
  },
};

/** The top bar's quick search: a campaign can be found by its `#ID`; the list is left open. */
export const QuickSearch: Story = {
  args: { label: 'Quick search', leadingIcon: 'search', hideToggle: true },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Quick search' });
    await userEvent.type(input, '#20');
    const listbox = await shownListbox();
    const options = within(listbox).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['Solar Savings Survey#2051']);
    await expect(args.onInputChange).toHaveBeenLastCalledWith('#20');
  },
};

/** Keyboard: ArrowDown opens the whole list, arrows move, Enter selects, Escape closes. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await shownListbox();
    await expect(within(listbox).getAllByRole('option')).toHaveLength(campaigns.length);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(input).toHaveValue('Auto Insurance Quotes');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(1377);
    await waitFor(() => expect(body.queryByRole('listbox')).not.toBeInTheDocument());
  },
};

/** Nothing matches: the list stays open and says so. */
export const EmptyState: Story = {
  args: { emptyText: 'No campaigns match your search.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await userEvent.type(input, 'zzz');
    const listbox = await shownListbox();
    // react-aria wraps the empty state in one placeholder row; no campaign is listed.
    await expect(listbox.querySelectorAll('[data-key]')).toHaveLength(0);
    await expect(listbox).toHaveTextContent('No campaigns match your search.');
  },
};

/** Results come from the server (`filterItems={false}`): spinner in the input while loading. */
export const Loading: Story = {
  args: { isLoading: true, filterItems: false, items: [] },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Campaign' });
    await expect(canvas.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await expect(input).toHaveAttribute('aria-busy', 'true');
    await userEvent.type(input, 'sol');
    const listbox = await shownListbox();
    await expect(listbox).toHaveTextContent('Loading…');
  },
};

/** A server-driven search: the story plays the server, answering after a short delay. */
export const ServerResults: Story = {
  render: function ServerSearch(args) {
    const [query, setQuery] = useState('');
    const [results, setResults] = useState<ComboBoxOption[]>([]);
    const [loading, setLoading] = useState(false);
    return (
      <ComboBox
        {...args}
        filterItems={false}
        items={results}
        isLoading={loading}
        inputValue={query}
        onInputChange={(text) => {
          setQuery(text);
          setLoading(true);
          window.setTimeout(() => {
            setResults(campaigns.filter((c) => c.label.toLowerCase().includes(text.toLowerCase())));
            setLoading(false);
          }, 150);
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await userEvent.type(input, 'sol');
    await waitFor(() => expect(within(canvasElement).queryByRole('progressbar')).not.toBeInTheDocument());
    const listbox = await shownListbox();
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Solar Savings Survey#2051']));
  },
};

/** `allowsCustomValue`: free text that matches nothing is kept on blur. */
export const CustomValue: Story = {
  args: { label: 'Sub ID 1', items: [{ id: 'fb', label: 'facebook' }, { id: 'gg', label: 'google' }], placeholder: 'Pick or type a sub ID', allowsCustomValue: true },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Sub ID 1' });
    await userEvent.type(input, 'tiktok-spring');
    await userEvent.tab();
    await expect(input).toHaveValue('tiktok-spring');
    await expect(args.onInputChange).toHaveBeenLastCalledWith('tiktok-spring');
  },
};

export const WithDescription: Story = {
  args: { description: 'Type a name or a campaign number.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await expect(input).toHaveAccessibleDescription('Type a name or a campaign number.');
  },
};

export const WithError: Story = {
  args: { errorMessage: 'Choose a campaign from the list.', isRequired: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Choose a campaign from the list\./);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultSelectedKey: 1204 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue('Summer Sweepstakes');
  },
};

/** The list left open on several matches, under a field with a description. */
export const OpenList: Story = {
  args: { description: 'Type a name or a campaign number.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Campaign' });
    await userEvent.type(input, 's');
    await expect(await shownListbox()).toBeVisible();
  },
};
