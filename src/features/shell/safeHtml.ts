/**
 * News and notifications arrive as HTML (spec 000 §3). Before it is rendered it goes through this
 * allow-list: known formatting tags survive, links keep only http(s), mailto and same-site targets,
 * every attribute but href is dropped, and anything else (scripts, styles, iframes, event handlers,
 * images that would load from the network) is removed with its content or unwrapped to its text.
 */
const KEEP = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'A', 'UL', 'OL', 'LI', 'SPAN', 'SMALL', 'H4', 'H5', 'H6']);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'IMG', 'VIDEO', 'AUDIO', 'FORM', 'INPUT', 'TEXTAREA', 'SELECT', 'BUTTON']);

export type SafeLink = { href: string; external: boolean };

/**
 * Where a link may go: a path on this site (resolved against `origin`, kept only when it stays on
 * it: a backslash or a tab inside `/\evil.com`, `/<TAB>/evil.com` would make it leave), or an explicit http(s) or mailto address, which
 * opens in a new tab. Backslashes and control characters are refused outright (browsers drop or
 * rewrite them). Anything else (`javascript:`, `//host`, `data:`) is no link.
 */
export function safeLink(href: string | null | undefined, origin: string = globalThis.location?.origin ?? 'http://localhost'): SafeLink | null {
  if (!href) return null;
  const v = href.trim();
  // eslint-disable-next-line no-control-regex
  if (!v || /[\\\u0000-\u001F\u007F]/.test(v)) return null;
  let url: URL;
  try {
    origin = new URL(origin).origin;
    url = new URL(v, origin);
  } catch {
    return null;
  }
  if (/^(https?|mailto):/i.test(v)) {
    if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) return null;
    return url.origin === origin ? { href: `${url.pathname}${url.search}${url.hash}`, external: false } : { href: url.href, external: true };
  }
  if (v.startsWith('/') && !v.startsWith('//') && url.origin === origin) return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
  return null;
}

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
