import styled from 'styled-components';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';

/** The listing's two views, as the `view` query parameter spells them (spec 000 §2). */
export const LISTING_VIEWS = ['gridView', 'listView'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

/** `?view=`: gridView unless listView is asked for (an unknown value reads as the default). */
export function viewOf(value: string | null): ListingView {
  return value === 'listView' ? 'listView' : 'gridView';
}

const glyphs: Record<ListingView, string> = {
  gridView: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  listView: 'M8 6h12M8 12h12M8 18h12M4 6h.5M4 12h.5M4 18h.5',
};
const labels: Record<ListingView, string> = { gridView: 'Grid view', listView: 'List view' };

const Group = styled(ToggleButtonGroup)`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  flex: none;
`;

const Toggle = styled(ToggleButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 36px;
  border: none;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  outline: none;
  & + & { border-left: 1px solid ${({ theme }) => theme.colors.border}; }
  &[data-hovered] { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-selected] { color: ${({ theme }) => theme.colors.onPrimary}; background: ${({ theme }) => theme.colors.primary}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -4px; }
`;

export interface ViewToggleProps {
  view: ListingView;
  onChange: (view: ListingView) => void;
}

/** The icon toggle between grid and list (spec 000 §2); each button is named for screen readers. */
export function ViewToggle({ view, onChange }: ViewToggleProps) {
  return (
    <Group
      aria-label="Campaign view"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[view]}
      onSelectionChange={(keys: Set<Key>) => {
        const next = [...keys][0];
        if (next === 'gridView' || next === 'listView') onChange(next);
      }}
    >
      {LISTING_VIEWS.map((v) => (
        <Toggle key={v} id={v} aria-label={labels[v]}>
          <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d={glyphs[v]} />
          </svg>
        </Toggle>
      ))}
    </Group>
  );
}
