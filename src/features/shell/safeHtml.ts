import { sanitizeNewsHtml } from '../../shared/newsHtml';

/**
 * News and notification HTML before it is rendered: DOMPurify with the one allow-list the server
 * uses too (src/shared/newsHtml.ts). The server already sanitised it; this is the second line, so
 * a stale or foreign server cannot put script into the page.
 */
export function sanitizeHtml(html: string): string {
  return sanitizeNewsHtml(html);
}
