import type { Decorator } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { expect, waitFor } from 'storybook/test';

/** Shows the router's path and query, so a play function can assert the URL (the URL is the state). */
export function LocationProbe() {
  const location = useLocation();
  const state = location.state as { quickSearchQuery?: string } | null;
  return (
    <output data-testid="location-probe" style={{ display: 'block', fontSize: 12 }}>
      {location.pathname}
      {location.search}
      {state?.quickSearchQuery ? ` (quickSearchQuery: ${state.quickSearchQuery})` : ''}
    </output>
  );
}

/** The story with the probe under it. */
export const withLocationProbe: Decorator = (Story) => (
  <>
    <Story />
    <LocationProbe />
  </>
);

export const locationOf = (root: HTMLElement) => root.querySelector('[data-testid="location-probe"]')?.textContent ?? '';

export async function expectLocation(root: HTMLElement, expected: string) {
  await waitFor(() => expect(locationOf(root)).toBe(expected));
}

/** No page-level horizontal scroll: nothing in the frame is wider than the frame. */
export async function expectNoHorizontalScroll(frame: HTMLElement) {
  await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth + 1);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth + 1);
}
