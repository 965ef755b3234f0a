import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { styledComponentsModule, stylisWithoutPrefixer } from '../../../scripts/vite-no-vendor-prefixes';

const root = join(import.meta.dirname, '..', '..', '..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(tsx?|jsx?)$/.test(name) ? [path] : [];
  });

describe("the build's stylis without the vendor prefixer", () => {
  it('re-exports stylis and puts a middleware that does nothing in place of the prefixer', () => {
    const code = stylisWithoutPrefixer('/app/node_modules/stylis/dist/stylis.mjs');
    expect(code).toContain('export * from "/app/node_modules/stylis/dist/stylis.mjs";');
    expect(code).toMatch(/^export function prefixer\(\) \{\}$/m);
  });

  it('applies to styled-components only', () => {
    expect(styledComponentsModule.test('/app/node_modules/styled-components/dist/styled-components.browser.esm.js')).toBe(true);
    expect(styledComponentsModule.test('/app/src/ui/theme/GlobalStyle.tsx')).toBe(false);
  });

  it('holds only while the portal never turns vendor prefixes on (the build would silently leave them out)', () => {
    const files = [...sources(join(root, 'src')), ...sources(join(root, '.storybook'))];
    expect(files.length).toBeGreaterThan(100);
    const turningOn = files.filter((f) => /enableVendorPrefixes/.test(readFileSync(f, 'utf8')));
    expect(turningOn).toEqual([]);
  });

  it('styled-components still reads its prefixer from stylis (a release that stops needs no stand-in)', () => {
    const sc = readFileSync(join(root, 'node_modules/styled-components/dist/styled-components.browser.esm.js'), 'utf8');
    expect(sc).toMatch(/from\s*"stylis"/);
    expect(sc).toMatch(/\.prefixer\b/);
  });
});
