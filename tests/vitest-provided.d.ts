import 'vitest';

/** What vitest.config.ts and the global set-ups hand to the tests (`inject(key)`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Server project: a folder with `migrated.tar` and `demo.tar` (PGlite dumps), or '' on Postgres. */
    pgliteSnapshots: string;
    /** Story projects: the globals every story starts with (its theme). */
    'storybook/test-initial-globals': { theme: 'light' | 'dark' };
  }
}
