import type { StoryContext } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import type { RootState } from '../src/app/store';

/**
 * Story helpers shared by every area (issue 9). Handlers come from the mock toolkit
 * (stories/mocks/http.ts and the area files built on it); these wire them into a story.
 */

/** A story's `beforeEach` that installs MSW handlers (later ones win) and clears local storage after it. */
export function withMocks(...handlers: (RequestHandler | RequestHandler[])[]) {
  return ({ msw }: StoryContext) => {
    msw.use(...handlers.flat());
    return () => localStorage.clear();
  };
}

/** Story parameters understood by .storybook/preview.tsx. */
export interface PortalParameters {
  router?: {
    /** The URL the story starts on (default '/'). */
    initialEntries?: string[];
    /** A route pattern such as '/campaign/:oid': the story renders inside it, so useParams works. */
    path?: string;
  };
  /** The story's Redux store starts with this state (a fresh store per story either way). */
  store?: { preloadedState?: Partial<RootState> };
}
