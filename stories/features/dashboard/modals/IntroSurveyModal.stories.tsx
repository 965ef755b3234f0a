import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { IntroSurveyModal, selectionLabel } from '../../../../src/features/dashboard/modals/IntroSurveyModal';
import { ISO_COUNTRIES } from '../../../../src/shared/countries';
import { verticalsFixture } from '../../../mocks/dashboard';
import { dialogShown, forgetDanglingAnnouncements, screen } from '../../../../.storybook/helpers';

/** Spec 002 §2, §4, §5: the intro survey, state by state (the container drives it with introSurveyMachine). */
const meta = {
  title: 'Features/Dashboard/Modals/IntroSurveyModal',
  component: IntroSurveyModal,
  args: {
    isOpen: true,
    step: 'editing',
    countries: ISO_COUNTRIES,
    verticals: verticalsFixture,
    chosenCountries: [],
    chosenVerticals: [],
    showMissing: false,
    error: null,
    thanks: null,
    onCountriesChange: fn(),
    onVerticalsChange: fn(),
    onSubmit: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
  parameters: { layout: 'fullscreen' },
  beforeEach: () => forgetDanglingAnnouncements(),
} satisfies Meta<typeof IntroSurveyModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args }) => {
    const d = await dialogShown();
    await expect(within(d).getByRole('heading', { name: 'Tell us about your traffic' })).toBeVisible();
    await userEvent.click(within(d).getByRole('button', { name: /Target countries/ }));
    const list = await screen().findByRole('listbox');
    await userEvent.click(within(list).getByRole('option', { name: 'Canada' }));
    await expect(args.onCountriesChange).toHaveBeenCalledWith(['CA']);
    await userEvent.keyboard('{Escape}');
    // The list closes and focus goes back to its trigger.
    await waitFor(() => expect(screen().queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(within(d).getByRole('button', { name: /Target countries/ })).toHaveFocus());
  },
};

/** Names up to 3 countries and 2 verticals. */
export const FewChosen: Story = {
  args: { chosenCountries: ['CA', 'US', 'GB'], chosenVerticals: [11, 21] },
  play: async () => {
    const d = await dialogShown();
    await expect(within(d).getByRole('button', { name: /Target countries/ })).toHaveTextContent('Canada, United Kingdom, United States of America');
    await expect(within(d).getByRole('button', { name: /Target verticals/ })).toHaveTextContent('Personal Loans, Solar');
  },
};

/** From 4 countries and 3 verticals the button reads 'n selected'. */
export const ManyChosen: Story = {
  args: { chosenCountries: ['CA', 'US', 'GB', 'AU'], chosenVerticals: [11, 21, 31] },
  play: async () => {
    const d = await dialogShown();
    await expect(within(d).getByRole('button', { name: /Target countries/ })).toHaveTextContent('4 selected');
    await expect(within(d).getByRole('button', { name: /Target verticals/ })).toHaveTextContent('3 selected');
    await expect(selectionLabel(['a', 'b', 'c'], 3)).toBe('a, b, c');
    await expect(selectionLabel(['a', 'b', 'c'], 2)).toBe('3 selected');
  },
};

/** Submitted with a box empty: the empty box is highlighted, no message (spec 002 §5). */
export const MissingHighlighted: Story = {
  args: { chosenCountries: ['CA'], showMissing: true },
  play: async () => {
    const d = await dialogShown();
    await expect(within(d).getByRole('button', { name: /Target verticals/ }).closest('[data-invalid]')).not.toBeNull();
    await expect(within(d).getByRole('button', { name: /Target countries/ }).closest('[data-invalid]')).toBeNull();
  },
};

export const LoadingVerticals: Story = { args: { step: 'loadingVerticals', verticals: [] }, play: async () => void (await dialogShown()) };

export const VerticalsFailed: Story = {
  args: { step: 'loadFailed', verticals: [], error: 'An error occurred while fetching verticals.' },
  play: async ({ args }) => {
    const d = await dialogShown();
    await userEvent.click(within(d).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Saving: Story = { args: { step: 'saving', chosenCountries: ['CA'], chosenVerticals: [11] }, play: async () => void (await dialogShown()) };

export const SaveFailed: Story = {
  args: { chosenCountries: ['CA'], chosenVerticals: [11], error: 'Unknown country code: XX.' },
  play: async () => {
    const d = await dialogShown();
    await expect(within(d).getByRole('alert')).toHaveTextContent('Unknown country code: XX.');
  },
};

/** Spec 002 §4: a click on the error banner dismisses it. */
export const SaveFailedDismissed: Story = {
  args: { chosenCountries: ['CA'], chosenVerticals: [11], error: 'Unknown country code: XX.' },
  play: async () => {
    const d = await dialogShown();
    await userEvent.click(within(d).getByRole('alert'));
    await waitFor(() => expect(within(d).queryByRole('alert')).toBeNull());
  },
};

export const ThankYou: Story = {
  args: { step: 'thankYou', thanks: 'Thank you! Your targets have been saved.' },
  play: async ({ args }) => {
    const d = await dialogShown();
    await expect(within(d).getByText('Thank you! Your targets have been saved.')).toBeVisible();
    await userEvent.click(within(d).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await expect(args.onClose).toHaveBeenCalled();
  },
};
