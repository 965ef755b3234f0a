import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markPure, reactRouterModule } from '../../../scripts/vite-pure-components';

const sample = `var NavigationContext = React.createContext(
  null
);
NavigationContext.displayName = "Navigation";
var Link = React10.forwardRef(
  function LinkWithRef() {}
);
Link.displayName = "Link";
function useHref(to) { return to; }
`;

describe("the build's pure marks on react-router's components", () => {
  it('marks each component and context definition pure and drops the display names', () => {
    const out = markPure(sample);
    expect(out).toContain('var NavigationContext = /* @__PURE__ */ React.createContext(');
    expect(out).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(out).not.toContain('displayName');
    expect(out).toContain('function useHref(to) { return to; }');
  });

  it('finds Link, NavLink and Form in the installed react-router (a new release that changes their shape fails here)', () => {
    const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
    const dist = join(dirname(pkg), 'dist', 'development');
    const chunks = readdirSync(dist).filter((f) => /^chunk-[A-Z0-9]+\.mjs$/.test(f)).map((f) => join(dist, f));
    expect(chunks.every((f) => reactRouterModule.test(f))).toBe(true);
    const out = chunks.map((f) => markPure(readFileSync(f, 'utf8'))).join('\n');
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(out).toMatch(new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.forwardRef\\(`, 'm'));
      expect(out).not.toMatch(new RegExp(`^${name}\\.displayName =`, 'm'));
    }
  });

  it('touches only react-router', () => {
    expect(reactRouterModule.test('/app/node_modules/react-router/dist/development/chunk-6KYCQHYJ.mjs')).toBe(true);
    expect(reactRouterModule.test('/app/node_modules/react-aria/dist/private/Link.mjs')).toBe(false);
    expect(reactRouterModule.test('/app/src/ui/Link/Link.tsx')).toBe(false);
  });
});
