import styled, { css } from 'styled-components';
import { Label as AriaLabel, Text } from 'react-aria-components';

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

/** The label of a checkbox, radio or switch: its box and its text side by side, all of it clickable. */
export const choiceRoot = css`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: 20px;
  cursor: pointer;
`;

/** An input that sits borderless inside a field box drawn by `inputFrame` (a combo box, a search field). */
export const boxedInput = css`
  flex: 1;
  min-width: 0;
  height: 36px;
  padding: 0;
  border: 0;
  background: transparent;
  color: inherit;
  outline: none;
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; opacity: 1; }
`;

/** The small square button inside a field box (a combo box's chevron, a date picker's calendar). */
export const fieldIconButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  outline: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.text}; }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; }
  &[data-disabled] { cursor: not-allowed; background: transparent; }
`;

export { visuallyHidden } from '../VisuallyHidden';
