import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card, CardBody } from '../../src/ui/Card';
import { PageStack } from '../../src/ui/PageStack';

/** A signed-in screen's column (the reports, balance and postback screens): heading and sections. */
const meta = {
  title: 'UI/PageStack',
  component: PageStack,
} satisfies Meta<typeof PageStack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <PageStack>
      <h1>Account Balances</h1>
      <Card>
        <CardBody>First section</CardBody>
      </Card>
      <Card>
        <CardBody>Second section</CardBody>
      </Card>
    </PageStack>
  ),
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: 'Account Balances' });
    await expect(heading).toBeVisible();
    // 16 px between the heading and the first section.
    const gap = canvas.getByText('First section').closest('div')!.parentElement!.getBoundingClientRect().top - heading.getBoundingClientRect().bottom;
    await expect(Math.round(gap)).toBe(16);
  },
};
