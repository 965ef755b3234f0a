import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { SignInJourney, type SignInJourneyProps } from '../../../src/features/auth/SignInJourney';
import type { SignInDispatch } from '../../../src/features/auth/signInEngine';

/**
 * The sign-in journey on the story's store (.storybook/preview.tsx): the app hands the journey its
 * store's dispatch when sign-in starts (src/app/SignedOutRoutes.tsx); a story hands it the one its
 * decorator made.
 */
export function SignInJourneyWithStore(props: Omit<SignInJourneyProps, 'loadDispatch'>) {
  const dispatch = useDispatch<SignInDispatch>();
  const loadDispatch = useCallback(() => Promise.resolve(dispatch), [dispatch]);
  return <SignInJourney {...props} loadDispatch={loadDispatch} />;
}
