import axe from 'axe-core';

/** The part of a story's `parameters.a11y` (Storybook's a11y addon) the dark pass honours. */
export interface A11yParameters {
  disable?: boolean;
  test?: 'off' | 'todo' | 'error';
  context?: axe.ElementContext;
  config?: axe.Spec;
  options?: axe.RunOptions;
}

/**
 * The axe rules whose outcome depends on the theme's colours: text contrast, and a link inside text
 * told apart by its colour alone. Every other rule reads markup, names, roles and sizes, which the
 * switch to dark does not change (the same render, only colours differ); the light pass has run them
 * all on this very DOM (docs/adr/0008 measures the saving).
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/** Storybook's a11y addon leaves out landmark checks in component stories; so does the dark pass. */
const DISABLED = ['region'];

/**
 * axe's theme-dependent rules on the page as it is now (after the switch to dark), with the story's
 * a11y parameters as Storybook's a11y addon applies them (context, config, options, rules switched
 * off). Each violation as one readable line: rule, impact, what it asks, where.
 */
export async function darkAxeViolations(a11y: A11yParameters | undefined): Promise<string[]> {
  if (a11y?.disable || a11y?.test === 'off') return [];
  const disabled = new Set(DISABLED);
  for (const rule of a11y?.config?.rules ?? []) if (rule.enabled === false) disabled.add(rule.id);
  // As the addon builds it: the page without Storybook's own elements, narrowed by the story's context.
  const context = { include: document.body, exclude: ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'] } as axe.ContextObject & { exclude: unknown[] };
  const own = a11y?.context as (axe.ContextObject & { exclude?: unknown[] }) | undefined;
  if (own) {
    const hasInclude = typeof own === 'object' && 'include' in own && own.include !== undefined;
    const hasExclude = typeof own === 'object' && 'exclude' in own && own.exclude !== undefined;
    if (hasInclude) context.include = own.include;
    else if (!hasExclude) context.include = own as axe.ContextObject['include'];
    if (hasExclude) context.exclude = [...context.exclude, ...(own.exclude as unknown[])];
  }
  axe.reset();
  axe.configure({ ...a11y?.config, rules: [...(a11y?.config?.rules ?? [])] });
  const rules = THEME_RULES.filter((id) => !disabled.has(id));
  if (rules.length === 0) return [];
  const result = await axe.run(context, {
    ...a11y?.options,
    runOnly: { type: 'rule', values: rules },
    resultTypes: ['violations'],
  });
  if (a11y?.test === 'todo') return [];
  return result.violations.flatMap((v) =>
    v.nodes.map((node) => `  ${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${node.target.join(' ')}${node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''}`),
  );
}
