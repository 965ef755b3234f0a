/** C0 control characters and DEL (a NUL cannot be stored in a Postgres text column at all). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
/** A UTF-16 surrogate without its pair (not valid in JSON text Postgres parses). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value from the visitor (sub ID, referrer, user agent, IP) made storable: control characters
 * removed, lone surrogates replaced, and cut to at most `max` code points (never inside a
 * surrogate pair, so an emoji is kept whole or dropped whole).
 */
export function cleanText(value: string, max: number): string {
  let s = value.replace(CONTROL_CHARS, '').replace(LONE_SURROGATE, '\uFFFD');
  if (s.length > max) s = Array.from(s).slice(0, max).join('');
  return s;
}
