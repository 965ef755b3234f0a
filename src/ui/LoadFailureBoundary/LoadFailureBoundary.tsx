import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
// The look of the product's buttons without react-aria: this boundary sits in the entry, which
// every route downloads (a plain button keeps the sign-in page's first download as it was).
import { buttonStyles } from '../Button/buttonStyles';
import { centredPanel } from '../Stack';

const Box = styled.div`
  ${centredPanel}
  padding: ${({ theme }) => theme.space[4]}px;
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const RetryButton = styled.button`
  ${buttonStyles}
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

export interface LoadFailureBoundaryProps {
  children: ReactNode;
  /** A change of this value (the location, say) clears a failure: the next screen gets its chance. */
  resetKey?: unknown;
  /** Reload the page (default): code that failed to load is fetched again, which a lazy component does not do itself. */
  onRetry?: () => void;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Catches what its children throw while rendering, above all a screen's code that could not be
 * downloaded (the connection dropped, or a new version of the portal replaced the old files): instead
 * of an empty page, a message for the affiliate ('Connection error.', spec §8's text for a network
 * failure) and a way to try again. Everything outside the boundary (the shell) stays usable.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: LoadFailureBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const retry = this.props.onRetry ?? (() => window.location.reload());
    return (
      <Box role="alert">
        <h2>This page could not be loaded.</h2>
        <p>Connection error.</p>
        <RetryButton type="button" data-variant="primary" data-size="md" onClick={retry}>
          Try again
        </RetryButton>
      </Box>
    );
  }
}
