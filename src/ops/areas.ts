import type { ComponentType, LazyExoticComponent } from 'react';
import type { OperatorRole } from '../api/contract/roles';

/**
 * One area of the console (docs/ops-console.md): a folder `src/ops/<area>/` with an `area.ts` that
 * exports `opsArea`. The shell finds every area from its folder (no list to edit), puts it in the
 * navigation of the roles it names and routes `/ops/<path>/*` to its page, loaded when first opened.
 */
export interface OpsArea {
  /** The address under /ops ('operators' -> /ops/operators). */
  path: string;
  /** Its name in the navigation and the overview. */
  label: string;
  /** One line for the overview's card. */
  description: string;
  /** The roles that see it: the `roles` of the endpoint its page opens with (a field, not rolesFor: the portal's build keeps no contract function). */
  roles: readonly OperatorRole[];
  /** Place in the navigation (smaller first). */
  order: number;
  /** The area's page, lazily loaded; it routes its own sub-addresses (relative routes). */
  Page: LazyExoticComponent<ComponentType>;
}

const found = import.meta.glob<{ opsArea: OpsArea }>('./*/area.ts', { eager: true });

/** Every area, in navigation order. */
export const opsAreas: OpsArea[] = Object.values(found)
  .map((m) => m.opsArea)
  .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));

/** The areas a role may open. */
export const areasFor = (role: OperatorRole, areas: OpsArea[] = opsAreas) => areas.filter((a) => a.roles.includes(role));
