import { sanitizeNewsHtml } from '../../../src/shared/newsHtml';

/**
 * A solo e-mail's HTML as it is stored: sanitised by the news rule (src/shared/newsHtml.ts, the
 * allow-list the portal renders news with), so an operator cannot store markup that the rule would
 * not let through. The one difference: the link macros of solo e-mails, [TRACKING_LINK] and
 * [UNSUB_LINK], which the affiliate replaces with their own links before mailing, are not web
 * addresses and the safe-link rule would drop them. They go through as portal paths of their own
 * and come back as the macro.
 */
export const EMAIL_LINK_MACROS = ['TRACKING_LINK', 'UNSUB_LINK'] as const;

const MACRO_PATH = '/__email-macro__/';
const macroHref = new RegExp(`(\\shref\\s*=\\s*)(["']?)\\s*\\[(${EMAIL_LINK_MACROS.join('|')})\\]\\s*\\2`, 'gi');
const pathHref = new RegExp(`href="${MACRO_PATH}(${EMAIL_LINK_MACROS.join('|')})"`, 'g');

export function sanitizeEmailHtml(html: string): string {
  const marked = html.replace(macroHref, (_m, attr: string, _q, name: string) => `${attr}"${MACRO_PATH}${name.toUpperCase()}"`);
  return sanitizeNewsHtml(marked).replace(pathHref, (_m, name: string) => `href="[${name}]"`).trim();
}
