import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../../src/ui/Badge';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'Approved' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge tone="neutral">Pending</Badge>
      <Badge tone="info">By Request</Badge>
      <Badge tone="success">Approved</Badge>
      <Badge tone="warning">Expiring</Badge>
      <Badge tone="danger">Rejected</Badge>
      <Badge tone="primary">MaxMoney 1,234.50</Badge>
    </div>
  ),
};
export const Count: Story = { args: { shape: 'count', tone: 'danger', children: '3', 'aria-label': '3 unread news items' } };
