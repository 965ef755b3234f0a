import styled, { css } from 'styled-components';
import {
  Label as AriaLabel,
  ListBox as AriaListBox,
  ListBoxItem as AriaListBoxItem,
  Text,
} from 'react-aria-components';
import { Popover } from '../Popover';

/** The vertical stack every form control uses: label, control, description, error. */
export const fieldStack = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  min-width: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

export const StyledLabel = styled(AriaLabel)`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  cursor: default;
`;

/** The required asterisk: decorative, the control itself carries `aria-required`. */
export const RequiredMark = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  margin-left: 2px;
`;

export const StyledDescription = styled(Text)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: ${({ theme }) => theme.lineHeights.normal};
`;

/**
 * The bordered box of a text-like control. Apply to the element that carries react-aria's state
 * attributes (an Input, a Group or a Select button): it reacts to `[data-focused]`/`[data-focus-within]`,
 * `[data-invalid]`, `[data-disabled]` and `[data-readonly]`-like attributes set by the parent.
 */
export const inputFrame = css`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
  min-height: 38px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  outline: none;
  transition: border-color ${({ theme }) => theme.durations.fast}, box-shadow ${({ theme }) => theme.durations.fast};

  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; opacity: 1; }
  &[data-hovered] { border-color: ${({ theme }) => theme.colors.text}; }
  &[data-focused],
  &[data-focus-within],
  &[data-focus-visible] {
    border-color: ${({ theme }) => theme.colors.focusRing};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.focusRing};
  }
  &[data-invalid] { border-color: ${({ theme }) => theme.colors.danger}; }
  &[data-invalid][data-focused],
  &[data-invalid][data-focus-within],
  &[data-invalid][data-focus-visible] { box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger}; }
  /* No opacity: a disabled field's text must still read (axe checks the label and value). */
  &[data-disabled] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
    border-color: ${({ theme }) => theme.colors.border};
    cursor: not-allowed;
  }
`;

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
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  cursor: pointer;
  outline: none;

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

export { visuallyHidden } from '../VisuallyHidden';
