import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Captcha, preloadCaptcha } from '../../../src/components/auth/Captcha';

/**
 * The ALTCHA widget in the portal's colours (the forgot page and the sign-in form), in its own test
 * mode: solved by a click, nothing fetched or computed.
 */
const meta = {
  title: 'Components/Auth/Captcha',
  component: Captcha,
  args: { onChange: fn(), test: true },
  loaders: [() => preloadCaptcha()],
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 400, padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Captcha>;

export default meta;
type Story = StoryObj<typeof meta>;

const rgb = (color: string) => {
  const m = /^rgba?\((\d+), (\d+), (\d+)/.exec(color);
  if (!m) throw new Error(`not an rgb() colour: ${color}`);
  return [m[1], m[2], m[3]].map(Number);
};
const luminance = (color: string) => {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** Every `--altcha-*` variable the stylesheet sets on :root (some `light-dark()` pairs, some derived from them there). */
function rootVariables(): string[] {
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule && rule.selectorText === ':root' && rule.style.getPropertyValue('--altcha-color-base')) {
        return Array.from(rule.style).filter((name) => name.startsWith('--altcha-'));
      }
    }
  }
  throw new Error('the widget stylesheet is not loaded');
}

/**
 * The unticked box has a border of at least 3:1 against the widget's background (WCAG 1.4.11).
 * Every colour the widget draws is one of the theme's: the stylesheet's own defaults are `light-dark()`
 * pairs, which the production build lowers to variables that only its own `color-scheme` rules set, so
 * there they resolve to nothing (no border, no background) and only 'I'm not a robot' showed.
 */
export const UntickedBoxIsVisible: Story = {
  play: async ({ canvasElement }) => {
    const box = await within(canvasElement).findByRole('checkbox', { name: "I'm not a robot" }, { timeout: 5000 });
    const widget = canvasElement.querySelector('altcha-widget') as HTMLElement;
    const defaults = rootVariables();
    await expect(defaults.length).toBeGreaterThan(0);
    const widgetStyle = getComputedStyle(widget);
    await expect(defaults.filter((name) => /light-dark\(|lightningcss/.test(widgetStyle.getPropertyValue(name)))).toEqual([]);
    const style = getComputedStyle(box);
    await expect(style.borderTopStyle).toBe('solid');
    await expect(parseFloat(style.borderTopWidth)).toBeGreaterThanOrEqual(1);
    const main = canvasElement.querySelector('.altcha-main') as HTMLElement;
    await expect(contrast(style.borderTopColor, getComputedStyle(main).backgroundColor)).toBeGreaterThanOrEqual(3);
  },
};

/** Ticked: the box turns to the success colour with its tick, and the payload is reported. */
export const Ticked: Story = {
  play: async ({ canvasElement, args }) => {
    const box = await within(canvasElement).findByRole('checkbox', { name: "I'm not a robot" }, { timeout: 5000 });
    await userEvent.click(box);
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(expect.any(String)), { timeout: 5000 });
    await expect(box).toBeChecked();
    // The tick draws in over 0.6 s.
    await new Promise((resolve) => setTimeout(resolve, 800));
  },
};
