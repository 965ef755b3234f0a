import styled from 'styled-components';
import { ListBox as AriaListBox, ListBoxItem as AriaListBoxItem } from 'react-aria-components';
import { Popover, popoverRow } from '../Popover';

// The dropdown pieces of Select, ComboBox, the date pickers and the shell's quick search. Kept apart
// from src/ui/Field (label, description, the input frame), which every text field imports: the
// bundler puts a module in a chunk by the routes that reach it, and these reach react-aria's ListBox,
// Popover, Dialog and Menu (about 36 KiB gzipped), which a page with only text fields, such as
// sign-in, must not download (docs/web-performance.md).

/** A field's dropdown (Select, ComboBox, the date pickers): the shared Popover, at least as wide as its trigger. */
export const StyledPopover = styled(Popover)`
  min-width: var(--trigger-width);
  max-width: min(480px, calc(100vw - 16px));
`;

export const StyledListBox = styled(AriaListBox)`
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space[1]}px;
  max-height: 280px;
  overflow: auto;
  outline: none;
` as typeof AriaListBox;

export const StyledOption = styled(AriaListBoxItem)`
  ${popoverRow}

  .option-check { flex: none; width: 16px; visibility: hidden; color: ${({ theme }) => theme.colors.primary}; }
  .option-text { display: flex; flex-direction: column; min-width: 0; flex: 1; }
  .option-description { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.textMuted}; }

  &[data-hovered],
  &[data-focused] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-focus-visible] { box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.focusRing}; }
  &[data-selected] { font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  &[data-selected] .option-check { visibility: visible; }
  &[data-disabled] { color: ${({ theme }) => theme.colors.textMuted}; cursor: not-allowed; }
` as typeof AriaListBoxItem;

/** Shown inside a ListBox when it has nothing to list (ComboBox "no results", loading). */
export const EmptyState = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;
