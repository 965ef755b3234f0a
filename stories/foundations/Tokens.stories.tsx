import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ColorTokens, CssVariableList, SpacingScale, TypeScale } from './TokenTables';

/**
 * The tokens as stories, so every colour, size and space is under visual regression:
 * change a token and the screenshot of these stories changes with it.
 */
const meta = {
  title: 'Foundations/Tokens',
  component: ColorTokens,
  tags: ['!autodocs'],
} satisfies Meta<typeof ColorTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every colour of the active theme (the story tests render it in the light and in the dark theme). */
export const Colors: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByText('primary')).toBeVisible();
    // The theme is also published as CSS custom properties on :root.
    const primary = getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim();
    await expect(primary).toBe(globals.theme === 'dark' ? '#8db4ff' : '#1f5bc4');
  },
};
export const Typography: Story = { render: () => <TypeScale /> };
export const Spacing: Story = { render: () => <SpacingScale /> };
export const CssVariables: Story = { render: () => <CssVariableList /> };
