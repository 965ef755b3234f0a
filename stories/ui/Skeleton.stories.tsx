import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton, SkeletonCard, SkeletonRegion, SkeletonText } from '../../src/ui/Skeleton';

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  args: { shape: 'rect', width: 240, height: 120 },
  argTypes: { shape: { control: 'inline-radio', options: ['text', 'rect', 'circle'] } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Rectangle: Story = {
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('[data-skeleton]');
    await expect(block).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Circle: Story = { args: { shape: 'circle', width: 48, height: undefined } };

export const TextLines: Story = {
  render: () => (
    <div style={{ width: 320 }}>
      <SkeletonText lines={4} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-shape="text"]')).toHaveLength(4);
  },
};

export const Card: Story = {
  render: () => (
    <div style={{ width: 220 }}>
      <SkeletonCard />
    </div>
  ),
};

/** The campaign grid while loading: 12 placeholder cards (spec 000 "Grid placeholders: 12"). */
export const CampaignGridLoading: Story = {
  parameters: { layout: 'padded' },
  render: () => (
    <SkeletonRegion isLoading loadingLabel="Loading campaigns" aria-label="Campaigns">
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 16 }}>
        {Array.from({ length: 12 }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
    </SkeletonRegion>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-skeleton-card]')).toHaveLength(12);
    // One announcement for the whole grid, the blocks themselves are silent.
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading campaigns');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};
