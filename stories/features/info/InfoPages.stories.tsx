import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FaqPage, FAQ_TITLE } from '../../../src/features/info/FaqPage';
import { InfoFrame, Prose } from '../../../src/features/info/InfoFrame';
import { TermsPage, TERMS_TITLE } from '../../../src/features/info/TermsPage';
import { paths } from '../../../src/shared/paths';
import { managerHours, networkFacts } from '../../../src/shared/programTerms';
import { phone } from '../../../.storybook/helpers';

/** The terms and the FAQ (spec 002 §1): inside the shell when signed in, in the signed-out frame otherwise. */
const meta = {
  title: 'Features/Info/Pages',
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;


/** Signed out (the wizard's terms step links here): the facts. Full screen, as the frame is a page. */
export const TermsSignedOut: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <TermsPage signedOut productName="MaxBounty" siteId="1" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: TERMS_TITLE })).toBeVisible();
    await expect(canvas.getByText(new RegExp(`Effective date: ${networkFacts.termsEffective.replace(/\//g, '\\/')}`))).toBeVisible();
    await expect(canvas.getByText(/governed by the laws of the Province of Ontario/)).toBeVisible();
    await expect(canvas.getByText(/may not share, trade, sell or transfer it/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', paths.faq);
  },
};

/** At 375 px: the page reads in one column, nothing scrolls sideways. */
export const TermsPhone: Story = {
  parameters: { ...phone, layout: 'fullscreen' },
  render: () => <TermsPage signedOut productName="MaxBounty" siteId="1" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: TERMS_TITLE })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Signed in: the FAQ's questions are headings; the payment, statistics and manager-hours facts. */
export const FaqSignedIn: Story = {
  render: () => <FaqPage />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: FAQ_TITLE })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(6);
    await expect(canvas.getByText(/minimum balance for a payment is \$100:/)).toBeVisible();
    await expect(canvas.getByText(/delayed by up to 5 minutes/)).toBeVisible();
    await expect(canvas.getByText(`${managerHours.text}.`)).toBeVisible();
  },
};

/** The frame on its own, signed in: its title as the page's h1 (and the document title), the prose below. */
export const FrameSignedIn: Story = {
  render: () => (
    <InfoFrame title="About this page">
      <Prose>
        <h2>A section</h2>
        <p>A paragraph of the page.</p>
      </Prose>
    </InfoFrame>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'About this page' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'A section' })).toBeVisible();
    await expect(document.title).toContain('About this page');
  },
};
