import { useEffect, useState } from 'react';
import { loadOnce } from './loadOnce';

type Sanitize = (html: string) => string;

/**
 * The news sanitiser (DOMPurify with the server's allow-list, ./safeHtml) is a chunk of its own: the
 * shell's first paint shows no news HTML, so it loads when news or a notification is about to be
 * shown (about 9 KiB gzipped off every signed-in route's first download). The server
 * already sanitised what it sends; this keeps the second line on the client.
 */
const sanitizer = loadOnce<Sanitize>(() => import('./safeHtml').then((m) => m.sanitizeHtml));

/** Starts loading the sanitiser (once); a failed download is tried again by the next call. */
export const loadNewsSanitizer = sanitizer.load;

export interface NewsSanitizer {
  /** Null until the sanitiser's code is here. */
  sanitize: Sanitize | null;
  /** Its code could not be downloaded (the connection dropped); a new `load` tries again. */
  failed: boolean;
}

/** The sanitiser for a component that shows news HTML: loaded once `enabled`, at once when already here. */
export function useNewsSanitizer(enabled = true): NewsSanitizer {
  const [state, setState] = useState<NewsSanitizer>(() => ({ sanitize: sanitizer.current(), failed: false }));
  useEffect(() => {
    if (!enabled || state.sanitize) return;
    let live = true;
    loadNewsSanitizer().then(
      (sanitize) => live && setState({ sanitize, failed: false }),
      (e: unknown) => {
        console.warn('The news sanitiser could not be loaded', e);
        if (live) setState({ sanitize: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, state.sanitize]);
  return state;
}
