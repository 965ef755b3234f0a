import { sql, type RawBuilder } from 'kysely';
import { parseSearchTerm } from '../campaigns/search';

/** Escapes LIKE's wildcards so a word matches literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The back office's search box on a list: '#12' or '12' finds that id, and any text the rows whose
 * name holds each of its words, case and accents aside (the portal's search reads terms the same
 * way: server/modules/campaigns/search.ts). `name` is the name as searched, lower case without
 * accents; null when the box is empty.
 */
export function nameOrId(q: string | undefined, name: RawBuilder<string>, id: RawBuilder<number>): RawBuilder<boolean> | null {
  const term = parseSearchTerm(q ?? '');
  const words = term.words.map((w) => sql<boolean>`${name} like '%' || lower(immutable_unaccent(${likeLiteral(w)})) || '%'`);
  const byName = words.length > 0 ? sql<boolean>`(${sql.join(words, sql` and `)})` : null;
  const byId = term.id !== null ? sql<boolean>`${id} = ${term.id}` : null;
  if (byName && byId) return sql<boolean>`(${byId} or ${byName})`;
  return byName ?? byId;
}
