import { useMemo } from 'react';
import styled from 'styled-components';
import { apiBase as defaultApiBase } from '../../api/baseApi';
import type { Resource } from '../../api/contract/rewards';
import { useResourcesQuery } from '../../api/rewardsApi';
import { usePageTitle } from '../../lib/page';
import { PageState } from '../../components/PageState';
import { PageStack } from '../../ui/PageStack';
import { column } from '../../ui/Stack';
import { ResourceCard } from './ResourceCard';

const PAGE_TITLE = 'Resources';
/** Spec 001 §8, for every failure of the call (the server's or the network's). */
export const LOAD_FAILED = 'There was an error fetching the resources.';
/** Spec 001 gives no text for an empty list; ours says it is not a fault and that it will change. */
export const NO_RESOURCES = 'There are no partner resources to show right now. Tools and offers from our partners will appear here as they are added.';

export interface ResourceCategory {
  id: number;
  name: string;
  resources: Resource[];
}

/** The resources grouped by category, in the order the server lists them (category, then name). */
function groupByCategory(resources: readonly Resource[]): ResourceCategory[] {
  const groups = new Map<number, ResourceCategory>();
  for (const r of resources) {
    let group = groups.get(r.resource_category_id);
    if (!group) {
      group = { id: r.resource_category_id, name: r.category_name, resources: [] };
      groups.set(r.resource_category_id, group);
    }
    group.resources.push(r);
  }
  return [...groups.values()];
}

/**
 * The Resources page, /resources (spec 001 §2.3, §3, §7, §8): partner tools and offers grouped by
 * category, each a card. The list is the same for every visitor (the call carries no token).
 */
export function ResourcesPage({ apiBase = defaultApiBase }: { /** Where the resource images are served from (the API base). */ apiBase?: string }) {
  usePageTitle(PAGE_TITLE);
  const query = useResourcesQuery();
  const categories = useMemo(() => groupByCategory(query.data?.resources ?? []), [query.data]);

  return (
    <PageStack>
      <h1>{PAGE_TITLE}</h1>
      <PageState query={query} loadingLabel="Loading resources" failure={() => LOAD_FAILED} empty={{ when: () => categories.length === 0, text: NO_RESOURCES }}>
        {() =>
          categories.map((category) => (
            <Category key={category.id} aria-labelledby={`resource-category-${category.id}`}>
              <h2 id={`resource-category-${category.id}`}>{category.name}</h2>
              <Grid>
                {category.resources.map((resource) => (
                  <li key={resource.key_id}>
                    <ResourceCard resource={resource} apiBase={apiBase} />
                  </li>
                ))}
              </Grid>
            </Category>
          ))
        }
      </PageState>
    </PageStack>
  );
}

const Category = styled.section`
  ${column(3)}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** Cards of at least 300 px side by side, as many as fit; one column on a phone. */
const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  li {
    min-width: 0;
  }
`;

