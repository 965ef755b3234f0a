import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PageState, type PageQuery, type PageStateProps } from '../../src/components/PageState';
import { framed } from '../../.storybook/helpers';

interface Answer {
  items: string[];
}

const answered = (items: string[]): PageQuery<Answer> => ({ data: { items }, isFetching: false, refetch: fn() });

/** A list screen's data through PageState: nothing on a 401, the failure, the spinner, the empty text, the list. */
function ListState(props: PageStateProps<Answer>) {
  return <PageState {...props} />;
}

const meta = {
  title: 'Components/PageState',
  component: ListState,
  args: {
    query: answered(['Banner ads', 'Solo e-mail']),
    loadingLabel: 'Loading the list',
    failure: () => 'There was an error fetching the list.',
    empty: { when: (data: Answer) => data.items.length === 0, text: 'The list is empty.' },
    children: (data: Answer) => (
      <ul>
        {data.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  },
  decorators: [framed({ maxWidth: 600 })],
} satisfies Meta<typeof ListState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The answer has rows: the screen itself. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Banner ads', 'Solo e-mail']);
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** No answer yet: the page's spinner, named. */
export const Loading: Story = {
  args: { query: { isFetching: true, refetch: fn() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading the list' })).toBeVisible();
  },
};

/** The spinner in a card, for screens whose content sits in cards. */
export const LoadingInCard: Story = {
  args: { query: { isFetching: true, refetch: fn() }, loading: 'card' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading the list' })).toBeVisible();
  },
};

/** An answer with nothing to show: the empty text in a card, no list. */
export const Empty: Story = {
  args: { query: answered([]) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The list is empty.')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** A failure: its text as an alert and Try again, which asks again. */
export const Failed: Story = {
  args: { query: { error: { status: 500, data: null }, isFetching: false, refetch: fn() } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('There was an error fetching the list.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.query.refetch).toHaveBeenCalledTimes(1);
  },
};

/** Asking again with retry 'keeps-failure': the message stays and Try again is busy. */
export const Retrying: Story = {
  args: { query: { error: { status: 'FETCH_ERROR', error: 'offline' }, isFetching: true, refetch: fn() }, retry: 'keeps-failure' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('There was an error fetching the list.');
    await userEvent.click(canvas.getByRole('button', { name: /Try again/ }));
    await expect(args.query.refetch).not.toHaveBeenCalled();
  },
};

/** A 401: nothing is drawn (spec 001 §8: the session ends and the gate redirects to sign-in). */
export const SilentUnauthorized: Story = {
  args: { query: { error: { status: 401, data: null }, isFetching: false, refetch: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};
