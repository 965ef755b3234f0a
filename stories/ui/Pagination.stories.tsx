import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, type PaginationProps } from '../../src/ui/Pagination';

/** Keeps the page in state so clicking actually moves, and still reports to `onChange`. */
function Stateful(args: PaginationProps) {
  const [page, setPage] = useState(args.page);
  return (
    <Pagination
      {...args}
      page={page}
      onChange={(p) => {
        setPage(p);
        args.onChange(p);
      }}
    />
  );
}

const meta = {
  title: 'UI/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 5, onChange: fn(), 'aria-label': 'Search results pages' },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Search results pages' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await expect(canvas.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  },
};

/** Many pages: 1 … 9 10 11 … 40. */
export const ManyPages: Story = {
  args: { page: 10, totalPages: 40 },
  play: async ({ canvas, args }) => {
    const labels = canvas.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    await expect(labels).toEqual(['Previous page', 'Page 1', 'Page 9', 'Page 10', 'Page 11', 'Page 40', 'Next page']);
    await expect(canvas.getAllByText('…')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 40' }));
    await expect(args.onChange).toHaveBeenCalledWith(40);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const LastPage: Story = {
  args: { page: 5, totalPages: 5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  },
};

/** One page: nothing is rendered. */
export const SinglePage: Story = {
  args: { totalPages: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
