import { describe, expect, it } from 'vitest';
import { minifyCssPiece, minifyStyledTemplates } from '../../../scripts/vite-styled-minify';

const run = (code: string) => minifyStyledTemplates(code, 'src/x.tsx')?.code ?? code;

describe('minifying the CSS of styled templates', () => {
  it('drops comments and the whitespace beside braces and semicolons, keeping one space elsewhere', () => {
    expect(minifyCssPiece('\n  /* why */\n  display: flex;\n  a > b {\n    margin: 0  auto;\n  }\n', true, true)).toBe('display: flex;a > b{margin: 0 auto;}');
  });

  it('changes only the text between interpolations, never an interpolation or the code around it', () => {
    const code = [
      "import styled, { css } from 'styled-components';",
      'const gap = 4;',
      'export const Row = styled.div`',
      '  /* a row */',
      '  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => `${theme.space[3]}px`};',
      '  gap: ${gap}px;',
      '`;',
      "const note = `  keep   this  `;",
      'export const mixin = css`\n  color: red;\n`;',
    ].join('\n');
    const out = run(code);
    expect(out).toContain('styled.div`padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => `${theme.space[3]}px`};gap: ${gap}px;`');
    expect(out).toContain('const note = `  keep   this  `;');
    expect(out).toContain('css`color: red;`');
    expect(out).not.toContain('a row');
  });

  it('covers styled(X), .attrs(...) and keyframes', () => {
    const out = run("const A = styled(Link)`\n  color: blue;\n`;\nconst B = styled.input.attrs({ type: 'text' })`\n  border: 0;\n`;\nconst k = keyframes`\n  from { opacity: 0; }\n`;");
    expect(out).toContain('styled(Link)`color: blue;`');
    expect(out).toContain("attrs({ type: 'text' })`border: 0;`");
    expect(out).toContain('keyframes`from{opacity: 0;}`');
  });

  it('leaves a template as written when a comment spans an interpolation or a line comment is in it', () => {
    const spanning = 'const A = styled.div`\n  /* ${x} */\n  color: red;\n`;';
    const lineComment = 'const B = styled.div`\n  // color: red;\n  margin: 0;\n`;';
    expect(run(spanning)).toBe(spanning);
    expect(run(lineComment)).toBe(lineComment);
    expect(minifyStyledTemplates('const a = 1;', 'src/x.ts')).toBeNull();
  });
});
