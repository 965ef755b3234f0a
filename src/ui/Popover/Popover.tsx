import styled from 'styled-components';
import { Popover as AriaPopover } from 'react-aria-components';

/**
 * The one floating frame (border, radius, shadow, surface, scrolling, a short slide in and fade out) of
 * everything that opens from a trigger: Menu, Select, ComboBox, the date pickers, the news dropdown.
 * Width and padding belong to the content, so a user extends it: `styled(Popover)`.
 *
 * react-aria positions it and sets its z-index and `max-height` inline (the space left in the
 * window, or the `maxHeight` prop if smaller), so those are not styled here; overflow scrolls.
 */
export const Popover = styled(AriaPopover)`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
  outline: none;
  overflow: auto;
  transition: transform ${({ theme }) => theme.durations.fast}, opacity ${({ theme }) => theme.durations.fast};
  /* It slides in from its trigger without fading, so it is visible (and testable) at once; it fades out. */
  &[data-entering][data-placement='bottom'] { transform: translateY(-4px); }
  &[data-entering][data-placement='top'] { transform: translateY(4px); }
  &[data-entering][data-placement='left'] { transform: translateX(4px); }
  &[data-entering][data-placement='right'] { transform: translateX(-4px); }
  &[data-exiting] { opacity: 0; }
`;
