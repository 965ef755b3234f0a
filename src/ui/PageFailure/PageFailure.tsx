import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button';
import { column } from '../Stack';
import { ErrorBanner } from '../SystemMessage';

export interface PageFailureProps {
  /** What went wrong, written for the affiliate (the screen's spec message, maybe with the call's). */
  children: ReactNode;
  /** Asks again; the button shows it is busy while `isRetrying`. */
  onRetry: () => void;
  isRetrying?: boolean;
}

/**
 * A screen whose data could not be loaded: the error message (not dismissable: there is nothing
 * else on the screen) and a Try again button under it, at its own width.
 */
export function PageFailure({ children, onRetry, isRetrying }: PageFailureProps) {
  return (
    <Failure>
      <ErrorBanner>{children}</ErrorBanner>
      <div>
        <Button variant="secondary" onPress={onRetry} isPending={isRetrying}>
          Try again
        </Button>
      </div>
    </Failure>
  );
}

const Failure = styled.div`
  ${column(3)}
  & > div:last-child {
    align-self: flex-start;
  }
`;
