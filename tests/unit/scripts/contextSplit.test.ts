import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ariaComponentsModule, bareContexts, contextModule, importContextsAlone, importOwnContexts } from '../../../scripts/vite-context-split';

const progressBar = `import {createContext as $8MuvO$createContext, forwardRef as $8MuvO$forwardRef} from "react";
const $6c00$export$e9f3 = /*#__PURE__*/ (0, $8MuvO$createContext)(null);
const $6c00$export$c175 = /*#__PURE__*/ (0, $8MuvO$forwardRef)(function ProgressBar(props, ref) {
    [props, ref] = useContextProps(props, ref, $6c00$export$e9f3);
});
export {$6c00$export$e9f3 as ProgressBarContext, $6c00$export$c175 as ProgressBar};
`;
const button = `import {ProgressBarContext as $6c00$export$e9f3} from "./ProgressBar.mjs";
import {GroupContext as $3a44$export$f9c6, Group as $3a44$export$eb2f} from "./Group.mjs";
import {SliderContext as $aaaa$export$bbbb} from "./Slider.mjs";
`;

describe("the build's own modules for react-aria-components' bare contexts", () => {
  it('finds a context created from a literal and exported under its name', () => {
    expect([...bareContexts(progressBar)]).toEqual([['ProgressBarContext', { local: '$6c00$export$e9f3', init: 'null' }]]);
    expect(bareContexts('const $a$export$b = /*#__PURE__*/ (0, $r$createContext)(defaults);\nexport {$a$export$b as SliderContext};').size).toBe(0);
  });

  it('imports the context in its defining module instead of creating it, keeping the export and the line count', () => {
    const out = importOwnContexts(progressBar, 'ProgressBar');
    expect(out).toContain('import {ProgressBarContext as $6c00$export$e9f3} from "virtual:portal-context/ProgressBar/ProgressBarContext";');
    expect(out).not.toContain('createContext)(null)');
    expect(out).toContain('export {$6c00$export$e9f3 as ProgressBarContext, $6c00$export$c175 as ProgressBar};');
    expect(out.split('\n')).toHaveLength(progressBar.split('\n').length);
  });

  it('rewrites an import of the context alone, and only of a bare context', () => {
    const contexts: Record<string, string[]> = { ProgressBar: ['ProgressBarContext'], Group: ['GroupContext'], Slider: [] };
    const out = importContextsAlone(button, (m) => new Map((contexts[m] ?? []).map((n) => [n, {}])));
    expect(out).toContain('import {ProgressBarContext as $6c00$export$e9f3} from "virtual:portal-context/ProgressBar/ProgressBarContext";');
    // Taking the component too: the module is needed anyway.
    expect(out).toContain('import {GroupContext as $3a44$export$f9c6, Group as $3a44$export$eb2f} from "./Group.mjs";');
    expect(out).toContain('import {SliderContext as $aaaa$export$bbbb} from "./Slider.mjs";');
  });

  it('creates the context once, with the same literal', () => {
    expect(contextModule('{}', 'GroupContext')).toBe("import { createContext } from 'react';\nexport const GroupContext = /*#__PURE__*/ createContext({});\n");
  });

  it("splits what the sign-in page's button and text fields take in the installed package (a release that changes the shape fails here)", () => {
    const entry = createRequire(import.meta.url).resolve('react-aria-components');
    const privateDir = join(dirname(entry), '..', 'private');
    const read = (m: string) => readFileSync(join(privateDir, `${m}.mjs`), 'utf8');
    expect(ariaComponentsModule.test(join(privateDir, 'Button.mjs'))).toBe(true);
    const contextsOf = (m: string) => bareContexts(read(m));
    for (const [importer, module, name] of [
      ['Button', 'ProgressBar', 'ProgressBarContext'],
      ['TextField', 'Group', 'GroupContext'],
      ['TextField', 'TextArea', 'TextAreaContext'],
    ]) {
      expect(importContextsAlone(read(importer), contextsOf)).toContain(`from "virtual:portal-context/${module}/${name}";`);
      expect(importOwnContexts(read(module), module)).toContain(`import {${name} as `);
    }
  });
});
