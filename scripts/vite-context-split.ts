import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Gives react-aria-components' bare contexts modules of their own, so that a component which only
 * provides another's context does not bring that other component's code with it (build only; the
 * workbench and the tests use the package as published).
 *
 * The bundler puts whole modules in chunks. react-aria-components' Button imports `ProgressBarContext`
 * from the module that also defines ProgressBar, and TextField imports `GroupContext` and
 * `TextAreaContext` the same way; as soon as any route renders a progress bar, a group or a text area,
 * those modules (ProgressBar with react-aria's number formatting and locale detection under it) sit in
 * the chunk of the sign-in page's button and text fields. With the split, Button and TextField import
 * the contexts from small modules of their own, and the components' modules go with the routes that
 * render them. The context stays one object: its defining module imports it from the same place.
 *
 * What is split: a module of the package that defines `const $x = /*#__PURE__*\/ (0, $y$createContext)(init)`
 * with `init` a literal (`null`, `{}`) and exports `$x` as `SomethingContext`. What is rewritten: an
 * import of that context alone (`import {SomethingContext as $x} from "./Something.mjs";`). An import
 * that also takes the component (ColorField's of Group) keeps the module, as it needs it anyway.
 *
 * Measured (the build with and without it, gzipped, 2026-12-02): sign-in 120.3 -> 118.9 KiB, the public
 * pages that load the store 1.4-2.5 less (/register 277.1 -> 274.6, /forgot 147.8 -> 146.3); the routes
 * that render a progress bar or a group pay for the extra chunks, +0.2-1.9 KiB (/dashboard 224.7 ->
 * 226.6, /refer 212.6 -> 214.4). Kept for the budgets: without it sign-in (120 KiB), '/ (signing in)',
 * /paycompletion, /register, /verify, /forgot and /resetPassword are over theirs.
 */
export const ariaComponentsModule = /[\\/]node_modules[\\/]react-aria-components[\\/]dist[\\/]private[\\/][^\\/]+\.mjs$/;

const prefix = 'virtual:portal-context/';
const literalInit = String.raw`(null|\{\}|undefined|false)`;

/** A bare context's definition: `const $local = /*#__PURE__*\/ (0, $r$createContext)(init);` on a line of its own. */
const definition = () => new RegExp(String.raw`^const (\$[\w$]+) = \/\*#__PURE__\*\/ \(0, \$[\w$]+\$createContext\)\(${literalInit}\);$`, 'gm');

/** Local name → export name of what a module exports as `SomethingContext`. */
function exportedContexts(code: string): Map<string, string> {
  const exported = new Map<string, string>();
  for (const list of code.matchAll(/^export \{([^}]*)\};?$/gm)) {
    for (const part of list[1].split(',')) {
      const m = /^\s*(\$[\w$]+) as (\w+Context)\s*$/.exec(part);
      if (m) exported.set(m[1], m[2]);
    }
  }
  return exported;
}

/** The contexts a module of the package defines as a bare literal: export name → local name and init. */
export function bareContexts(code: string): Map<string, { local: string; init: string }> {
  const exported = exportedContexts(code);
  const found = new Map<string, { local: string; init: string }>();
  for (const [, local, init] of code.matchAll(definition())) {
    const name = exported.get(local);
    if (name) found.set(name, { local, init });
  }
  return found;
}

/** The virtual module's id for a context of the package's module `module` (its base name without .mjs). */
const contextId = (module: string, name: string) => `${prefix}${module}/${name}`;
/** The import that takes a context from its own module, under the local name the code already uses. */
const importContext = (module: string, name: string, local: string) => `import {${name} as ${local}} from "${contextId(module, name)}";`;

/** The defining module, its bare contexts imported from their own modules instead of created in it (one pass). */
export function importOwnContexts(code: string, module: string): string {
  const exported = exportedContexts(code);
  return code.replace(definition(), (line, local: string) => {
    const name = exported.get(local);
    return name ? importContext(module, name, local) : line;
  });
}

/** An importer, its imports of a sibling's bare context alone taken from the context's own module. */
export function importContextsAlone(code: string, contextsOf: (module: string) => Map<string, unknown>): string {
  return code.replace(/^import \{(\w+Context) as (\$[\w$]+)\} from "\.\/(\w+)\.mjs";$/gm, (line, name: string, local: string, module: string) =>
    contextsOf(module).has(name) ? importContext(module, name, local) : line,
  );
}

/** The virtual module of one context: the same literal, created once. */
export function contextModule(init: string, name: string): string {
  return `import { createContext } from 'react';\nexport const ${name} = /*#__PURE__*/ createContext(${init});\n`;
}

export function contextSplit(): Plugin {
  let privateDir = '';
  const cache = new Map<string, Map<string, { local: string; init: string }>>();
  const contextsOf = (module: string) => {
    if (!cache.has(module)) {
      const file = join(privateDir, `${module}.mjs`);
      cache.set(module, existsSync(file) ? bareContexts(readFileSync(file, 'utf8')) : new Map());
    }
    return cache.get(module)!;
  };
  return {
    name: 'portal:context-split',
    apply: 'build',
    resolveId: {
      filter: { id: new RegExp(`^${prefix}`) },
      handler(id) {
        return `\0${id}`;
      },
    },
    load: {
      filter: { id: new RegExp(`^\0${prefix}`) },
      handler(id) {
        const [module, name] = id.slice(prefix.length + 1).split('/');
        const context = contextsOf(module).get(name);
        if (!context) throw new Error(`${name} is no longer a bare context of react-aria-components' ${module}`);
        return contextModule(context.init, name);
      },
    },
    transform: {
      filter: { id: ariaComponentsModule },
      handler(code, id) {
        privateDir ||= dirname(id);
        const module = id.replace(/^.*[\\/]/, '').replace(/\.mjs$/, '');
        const out = importContextsAlone(importOwnContexts(code, module), contextsOf);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
