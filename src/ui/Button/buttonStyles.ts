import { css } from 'styled-components';

/**
 * The look of every button, shared by `Button` and `LinkButton` (a link that looks like a button):
 * variants through `data-variant`, sizes through `data-size`, states through react-aria's attributes.
 */
export const buttonStyles = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  cursor: pointer;
  white-space: nowrap;
  text-decoration: none;
  transition: background-color ${({ theme }) => theme.durations.fast}, border-color ${({ theme }) => theme.durations.fast};
  outline: none;
  min-height: var(--button-height);

  /* --button-height also gives a quiet button its minimum width, so an icon-only one is square. */
  &[data-size='sm'] { --button-height: 30px; padding: 6px 10px; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  &[data-size='md'] { --button-height: 38px; padding: 9px 16px; font-size: ${({ theme }) => theme.fontSizes.md}; }
  &[data-size='lg'] { --button-height: 46px; padding: 12px 22px; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  &[data-full-width] { width: 100%; }

  &[data-variant='primary'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    &[data-hovered] { background: ${({ theme }) => theme.colors.primaryHover}; }
    &[data-pressed] { background: ${({ theme }) => theme.colors.primaryPressed}; }
  }
  &[data-variant='secondary'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    &[data-hovered] { background: ${({ theme }) => theme.colors.primarySubtle}; }
    &[data-pressed] { border-color: ${({ theme }) => theme.colors.primaryPressed}; }
  }
  &[data-variant='danger'] {
    background: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onDanger};
    &[data-hovered] { background: ${({ theme }) => theme.colors.dangerHover}; }
  }
  &[data-variant='warning'] {
    background: ${({ theme }) => theme.colors.warningSubtle};
    color: ${({ theme }) => theme.colors.warning};
    border-color: ${({ theme }) => theme.colors.warning};
  }
  &[data-variant='link'] {
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    padding-left: 0;
    padding-right: 0;
    min-height: 0;
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    text-decoration: underline;
    &[data-hovered] { color: ${({ theme }) => theme.colors.primaryHover}; }
  }
  /* Toolbar buttons (the top bar's bell and account, the bottom bar, page numbers): no fill until hovered. */
  &[data-variant='quiet'] {
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    gap: ${({ theme }) => theme.space[1]}px;
    padding-left: ${({ theme }) => theme.space[2]}px;
    padding-right: ${({ theme }) => theme.space[2]}px;
    /* A fixed height: toolbar buttons keep their size when a flex row would stretch them. */
    height: var(--button-height);
    min-width: var(--button-height);
    &[data-hovered] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
    &[data-pressed] { background: ${({ theme }) => theme.colors.border}; }
    /* The current one of a set (a page number): filled, as the primary button. */
    &[aria-current]:not([aria-current='false']) {
      background: ${({ theme }) => theme.colors.primary};
      color: ${({ theme }) => theme.colors.onPrimary};
      font-weight: ${({ theme }) => theme.fontWeights.bold};
    }
  }

  /* Icon above a short label, as in a bottom tab bar. */
  &[data-stacked] {
    flex-direction: column;
    gap: 2px;
    height: 52px;
    min-width: 72px;
    padding-top: ${({ theme }) => theme.space[1]}px;
    padding-bottom: ${({ theme }) => theme.space[1]}px;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }

  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  &[data-pending] { cursor: progress; }
`;

/** The attributes `buttonStyles` reads, from a Button's or LinkButton's look props. */
export function buttonLook(variant: string, size: string, fullWidth?: boolean, stacked?: boolean) {
  return {
    'data-variant': variant,
    'data-size': size,
    'data-full-width': fullWidth || undefined,
    'data-stacked': stacked || undefined,
  };
}
