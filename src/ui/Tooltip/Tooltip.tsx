import type { ReactElement, ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Bubble = styled(AriaTooltip)`
  max-width: 260px;
  padding: ${({ theme }) => `${theme.space[1] + 2}px ${theme.space[2] + 2}px`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  box-shadow: ${({ theme }) => theme.shadows.md};
  z-index: ${({ theme }) => theme.zIndices.tooltip};
  &[data-entering] { animation: ${fadeIn} ${({ theme }) => theme.durations.fast} ease-out; }
  &[data-placement='top'] { margin-bottom: 8px; }
  &[data-placement='bottom'] { margin-top: 8px; }
  &[data-placement='left'] { margin-right: 8px; }
  &[data-placement='right'] { margin-left: 8px; }

  .tooltip-arrow svg {
    display: block;
    fill: ${({ theme }) => theme.colors.text};
  }
  &[data-placement='bottom'] .tooltip-arrow svg { transform: rotate(180deg); }
  &[data-placement='left'] .tooltip-arrow svg { transform: rotate(-90deg); }
  &[data-placement='right'] .tooltip-arrow svg { transform: rotate(90deg); }
`;

export interface TooltipProps extends Pick<AriaTooltipProps, 'placement' | 'offset' | 'crossOffset'> {
  /** The tooltip text. Keep it short and never the only place essential information lives. */
  content: ReactNode;
  /**
   * The trigger: one react-aria focusable component (`Button`, `IconButton`, `Link`); wrap anything
   * else in react-aria-components' `Focusable`. It keeps its own accessible name; the tooltip
   * becomes its description.
   */
  children: ReactElement;
  /** Hover delay in ms before showing (keyboard focus shows at once). */
  delay?: number;
  closeDelay?: number;
  isDisabled?: boolean;
  /** Controlled open state, mainly for documentation and screenshots. */
  isOpen?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** A short description shown on hover and on keyboard focus. */
export function Tooltip({
  content,
  children,
  delay = 600,
  closeDelay = 300,
  placement = 'top',
  offset,
  crossOffset,
  ...trigger
}: TooltipProps) {
  return (
    <TooltipTrigger {...trigger} delay={delay} closeDelay={closeDelay}>
      {children}
      <Bubble placement={placement} offset={offset} crossOffset={crossOffset}>
        <OverlayArrow className="tooltip-arrow">
          <svg width={10} height={6} viewBox="0 0 10 6" aria-hidden="true">
            <path d="M0 0 L5 6 L10 0" />
          </svg>
        </OverlayArrow>
        {content}
      </Bubble>
    </TooltipTrigger>
  );
}
