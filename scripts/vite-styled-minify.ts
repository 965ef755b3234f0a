import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Minifies the CSS written in styled-components' templates (`styled.x`…``, `styled(X)`…``, `css`,
 * `createGlobalStyle`, `keyframes`) in the portal's own source: comments out, runs of whitespace to one
 * space, none beside `{`, `}` and `;`. What babel-plugin-styled-components' `minify` does, without
 * Babel (the build has none): the templates are found with TypeScript's parser, so only template text
 * changes, never code or an interpolation. The CSS rules are the same; the page draws the same pixels
 * (the stories' screenshots run with this plugin too: it applies in the workbench and the tests as
 * well as the build). Smaller chunks, and less text for styled-components to join, hash and hand to
 * stylis on every render.
 *
 * Measured (the build with and without it, gzipped, 2026-12-02): sign-in 119.5 -> 118.9 KiB, the
 * public pages 0.4-0.9 KiB less, the signed-in routes 1.1-2.1 less (/dashboard 228.2 -> 226.6,
 * /browse 224.6 -> 222.5); without it 19 of the 26 routes are over their budgets. The standard
 * option, @swc/plugin-styled-components' minify, needs @vitejs/plugin-react-swc in place of the
 * pinned @vitejs/plugin-react (its React transform for the whole build and the workbench), so this
 * stays.
 *
 * A template is left as written when one of its pieces of text holds a comment that spans an
 * interpolation or a `//` (stylis reads that as a line comment: joining lines would comment out the
 * next ones).
 */
const STYLED_TAG = /^(?:styled\b|css$|createGlobalStyle$|keyframes$)/;

/** One piece of a template's text, minified; `first`/`last`: it starts or ends the template. */
export function minifyCssPiece(text: string, first: boolean, last: boolean): string {
  let out = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};]) ?/g, '$1');
  if (first) out = out.replace(/^ /, '');
  if (last) out = out.replace(/ $/, '');
  return out;
}

/** Whether a piece can be minified on its own. */
const safePiece = (text: string) => !text.includes('//') && !text.replace(/\/\*[\s\S]*?\*\//g, '').match(/\/\*|\*\//);

interface Piece {
  /** Where the piece's text starts and ends in the source (between the backtick, `${` and `}`). */
  start: number;
  end: number;
  text: string;
}

/** The styled templates' text pieces of a module, minified; null when nothing changes. */
export function minifyStyledTemplates(code: string, id: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, id.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits = new MagicString(code);
  let changed = false;
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && STYLED_TAG.test(node.tag.getText(file))) {
      const template = node.template;
      const literals: ts.Node[] = ts.isNoSubstitutionTemplateLiteral(template) ? [template] : [template.head, ...template.templateSpans.map((span) => span.literal)];
      const pieces: Piece[] = literals.map((literal, i) => {
        // A literal's source runs from its opening delimiter (` or }) to its closing one (` or ${).
        const start = literal.getStart(file) + 1;
        const end = literal.getEnd() - (i === literals.length - 1 ? 1 : 2);
        return { start, end, text: code.slice(start, end) };
      });
      if (pieces.every((p) => safePiece(p.text))) {
        pieces.forEach((piece, i) => {
          const minified = minifyCssPiece(piece.text, i === 0, i === pieces.length - 1);
          if (minified === piece.text) return;
          changed = true;
          if (minified) edits.overwrite(piece.start, piece.end, minified);
          else edits.remove(piece.start, piece.end);
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return changed ? { code: edits.toString(), map: edits.generateMap({ hires: true, source: id }) } : null;
}

export function styledMinify(): Plugin {
  return {
    name: 'portal:styled-minify',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: 'styled-components' },
      handler(code, id) {
        return minifyStyledTemplates(code, id);
      },
    },
  };
}
