import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ResourceCard } from '../../../src/features/resources/ResourceCard';
import { apiBase } from '../../../src/api/baseApi';
import { resourceHandlers, resourcesFixture } from '../../mocks/resources';
import { framed } from '../../../.storybook/helpers';

/** One partner resource's card on its own (spec 001 §2.3): with a promo code, and without one. */
const meta = {
  title: 'Features/Resources/ResourceCard',
  component: ResourceCard,
  args: { resource: resourcesFixture[0], apiBase },
  beforeEach: <A,>({ msw }: StoryContext<A>) => {
    msw.use(resourceHandlers.images());
  },
  decorators: [framed({ maxWidth: 360 })],
} satisfies Meta<typeof ResourceCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPromoCode: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'BrightHost' })).toBeVisible();
    await expect(canvas.getByText('30% off the first year of any plan.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Learn More about BrightHost/ })).toHaveAttribute('target', '_blank');
  },
};

export const WithoutPromoCode: Story = {
  args: { resource: resourcesFixture[1] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'PageForge' })).toBeVisible();
    await expect(canvas.queryByText(/MAXPUB30/)).toBeNull();
  },
};
