import DOMPurify from 'isomorphic-dompurify';
import type { Config } from 'dompurify';
import { safeLink } from './safeLink';

/**
 * News and notifications arrive as HTML (spec 000 §3). One rule for the server, which sanitises
 * what it answers, and the portal, which sanitises again before rendering: DOMPurify (in the
 * browser the page's DOM, on the server jsdom, through isomorphic-dompurify) with this allow-list.
 * Known formatting tags survive; links keep only what the shared safe-link rule keeps
 * (src/shared/safeLink.ts: portal paths, http(s) and mailto), external ones open in a new tab;
 * every other attribute is dropped; scripts, styles, frames, media, forms and SVG/MathML go with
 * their content; any other element is unwrapped to its content.
 */
export const NEWS_HTML_CONFIG = {
  ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li', 'span', 'small', 'h4', 'h5', 'h6'],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  ADD_FORBID_CONTENTS: ['iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'img', 'video', 'audio', 'form', 'input', 'textarea', 'select', 'button'],
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

/** Sanitises news or notification HTML; `origin` is the portal's (links to it become paths). */
export function sanitizeNewsHtml(html: string, origin?: string): string {
  const links = (node: Element) => {
    if (node.nodeName !== 'A') return;
    const link = safeLink(node.getAttribute('href'), origin);
    node.removeAttribute('href');
    if (!link) return;
    node.setAttribute('href', link.href);
    if (link.external) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  };
  // The hook is this call's only: DOMPurify's instance is shared, and sanitize runs synchronously.
  DOMPurify.addHook('afterSanitizeAttributes', links);
  try {
    return DOMPurify.sanitize(html, NEWS_HTML_CONFIG);
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes', links);
  }
}
