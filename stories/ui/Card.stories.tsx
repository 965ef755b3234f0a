import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../../src/ui/Button';
import { Card, CardBody, CardFooter, CardHeader } from '../../src/ui/Card';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: { children: null },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <Card {...args}>
        <CardHeader title="Personal Information" actions={<Button size="sm" variant="secondary">Edit</Button>} />
        <CardBody>
          <p style={{ margin: 0 }}>Jordan Demo · Affiliate #1001</p>
        </CardBody>
        <CardFooter>
          <Button size="sm" variant="secondary">Cancel</Button>
          <Button size="sm">Save</Button>
        </CardFooter>
      </Card>
    </div>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeVisible();
  },
};
export const Highlight: Story = { args: { variant: 'highlight' } };
export const Flat: Story = { args: { variant: 'flat' } };
export const BodyOnly: Story = {
  render: () => (
    <div style={{ maxWidth: 420 }}>
      <Card>
        <CardBody>This campaign doesn&apos;t exist.</CardBody>
      </Card>
    </div>
  ),
};
