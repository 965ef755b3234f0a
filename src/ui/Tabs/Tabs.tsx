import { forwardRef } from 'react';
import styled from 'styled-components';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps as AriaTabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';

const StyledTabs = styled(AriaTabs)`
  display: flex;
  flex-direction: column;
  width: 100%;

  /* TabList is generic, which a styled() wrapper would erase, so it is styled from here. */
  .tab-list {
  display: flex;
  gap: ${({ theme }) => theme.space[1]}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  scrollbar-width: thin;
  }
`;

const StyledTab = styled(AriaTab)`
  position: relative;
  flex: none;
  padding: ${({ theme }) => `${theme.space[2] + 2}px ${theme.space[4]}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  white-space: nowrap;
  cursor: pointer;
  outline: none;
  border-radius: ${({ theme }) => `${theme.radii.sm} ${theme.radii.sm} 0 0`};
  transition: color ${({ theme }) => theme.durations.fast};

  &::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -1px;
    height: 3px;
    border-radius: 3px 3px 0 0;
    background: transparent;
  }
  &[data-hovered] { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[data-selected] {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    &::after { background: ${({ theme }) => theme.colors.primary}; }
  }
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: -2px; }
  &[data-disabled] { opacity: 0.5; cursor: not-allowed; background: none; }
`;

const StyledTabPanel = styled(AriaTabPanel)`
  padding: ${({ theme }) => `${theme.space[4]}px 0`};
  outline: none;
  &[data-focus-visible] { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; border-radius: ${({ theme }) => theme.radii.sm}; }
`;

export type TabsProps = Omit<AriaTabsProps, 'orientation'>;

/**
 * Horizontal tabs. Arrow keys move between tabs; with the default `keyboardActivation="automatic"`
 * moving also selects, with `"manual"` Enter or Space selects (for panels that are costly to load).
 */
export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs(
  { keyboardActivation = 'automatic', ...props },
  ref,
) {
  return <StyledTabs {...props} ref={ref} keyboardActivation={keyboardActivation} orientation="horizontal" />;
});

export type TabListProps<T extends object = object> = AriaTabListProps<T>;

/** The row of tabs; needs an `aria-label` (or `aria-labelledby`) naming the set. */
export function TabList<T extends object>({ className, ...props }: TabListProps<T>) {
  return <AriaTabList {...props} className={className ?? 'tab-list'} />;
}

export const Tab = StyledTab;
export const TabPanel = StyledTabPanel;
export type { TabProps, TabPanelProps };
