import { safeLink } from '../../shared/safeLink';

/**
 * News and notifications arrive as HTML (spec 000 §3). Before it is rendered it goes through this
 * allow-list: known formatting tags survive, links keep only what the shared safe-link rule keeps
 * (src/shared/safeLink.ts: portal paths, http(s) and mailto), every attribute but href is dropped,
 * and anything else (scripts, styles, iframes, event handlers, images that would load from the
 * network) is removed with its content or unwrapped to its text.
 */
const KEEP = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'A', 'UL', 'OL', 'LI', 'SPAN', 'SMALL', 'H4', 'H5', 'H6']);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'IMG', 'VIDEO', 'AUDIO', 'FORM', 'INPUT', 'TEXTAREA', 'SELECT', 'BUTTON']);

const escapeText = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  const tag = el.tagName.toUpperCase();
  if (DROP_WITH_CONTENT.has(tag)) return [];
  const children = Array.from(el.childNodes).flatMap((c) => clean(c, doc));
  if (!KEEP.has(tag)) return children;
  const out = doc.createElement(tag.toLowerCase());
  if (tag === 'A') {
    const link = safeLink(el.getAttribute('href'));
    if (link) {
      out.setAttribute('href', link.href);
      if (link.external) {
        out.setAttribute('target', '_blank');
        out.setAttribute('rel', 'noopener noreferrer');
      }
    }
  }
  children.forEach((c) => out.appendChild(c));
  return [out];
}

export function sanitizeHtml(html: string): string {
  // Without a parser (outside a browser) only the text survives, escaped so it stays text.
  if (typeof DOMParser === 'undefined') return escapeText(html.replace(/<[^>]*>?/g, ''));
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const holder = doc.createElement('div');
  Array.from(doc.body.childNodes)
    .flatMap((c) => clean(c, doc))
    .forEach((c) => holder.appendChild(c));
  return holder.innerHTML;
}
