import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useFullSearchQuery, useSearchCategoriesQuery, useSearchSubcategoriesQuery } from '../../api/campaignsApi';
import {
  DEFAULT_SEARCH_STATE,
  parseSearchParams,
  SEARCH_TRAFFIC_FLAG_NAMES,
  searchParamsOf,
  type SearchState,
  type SearchTrafficFlag,
} from '../../shared/searchState';
import { useQuickSearchQuery } from '../../api/shellApi';
import { usePageTitle } from '../../lib/page';
import { countryByAlpha2, ISO_COUNTRIES } from '../../shared/countries';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { CheckboxGroup } from '../../ui/CheckboxGroup';
import { ComboBox } from '../../ui/ComboBox';
import { Pagination } from '../../ui/Pagination';
import { RadioGroup } from '../../ui/RadioGroup';
import { Select } from '../../ui/Select';
import { SystemMessage } from '../../ui/SystemMessage';
import type { SortDescriptor } from '../../ui/Table';
import { CampaignTable, SORTABLE_COLUMNS, type CampaignSortColumn } from './CampaignTable';
import { TrafficLegend } from './TrafficIcons';
import { useDebounced } from '../../lib/useDebounced';

/** Spec 000 §5, §9: the autocomplete asks after a 500 ms pause. */
export const SEARCH_DEBOUNCE_MS = 500;
export const NO_RESULTS = 'There are no campaigns that match your search criteria.';
export const SEARCH_FAILED = 'There was an error while fetching search results.';
export const CATEGORIES_FAILED = 'An error occurred while fetching categories.';
export const SUBCATEGORIES_FAILED = 'An error occurred while fetching the subcategories.';

/** The traffic checkboxes' labels, in the route table's order (spec 000 §2). */
export const TRAFFIC_LABELS: Record<SearchTrafficFlag, string> = {
  ep: 'Email',
  cp: 'Contextual',
  bp: 'Display',
  sp: 'Search',
  ip: 'Incentive',
  lp: 'Social Media',
  np: 'Native',
  mp: 'Mobile',
  bbp: 'Brand Bid',
};

const ANY_COUNTRY = 'any';
const ALL_COUNTRIES = 'all';
const countryItems = [
  { id: ANY_COUNTRY, label: 'Any Country' },
  { id: ALL_COUNTRIES, label: 'Allow All Countries' },
  ...ISO_COUNTRIES.map((c) => ({ id: c.alpha2, label: c.name, description: `${c.alpha2} · ${c.alpha3} · ${c.numeric}` })),
];

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xxl}; }
`;
const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]}px;
`;
const SearchBox = styled(ComboBox)`
  flex: 1 1 240px;
  min-width: 0;
`;
const Options = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  > * { min-width: 0; }
  .apply { grid-column: 1 / -1; justify-self: start; }
  fieldset { border: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space[2]}px; min-width: 0; }
  legend { font-weight: ${({ theme }) => theme.fontWeights.bold}; margin-bottom: ${({ theme }) => theme.space[1]}px; padding: 0; }
`;
const ActiveLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

type Draft = Pick<SearchState, SearchTrafficFlag | 'tstrict' | 'gr' | 'grstrict' | 'm' | 'c' | 'af' | 'ff' | 'rf' | 'ct'>;
const draftOf = (s: SearchState): Draft => ({
  ...(Object.fromEntries(SEARCH_TRAFFIC_FLAG_NAMES.map((f) => [f, s[f]])) as Record<SearchTrafficFlag, boolean>),
  tstrict: s.tstrict,
  gr: s.gr,
  grstrict: s.grstrict,
  m: s.m,
  c: s.c,
  af: s.af,
  ff: s.ff,
  rf: s.rf,
  ct: s.ct,
});

const sortOf = (s: SearchState): SortDescriptor | undefined =>
  (SORTABLE_COLUMNS as readonly string[]).includes(s.ob) ? { column: s.ob, direction: s.ad === 'a' ? 'ascending' : 'descending' } : undefined;

/**
 * /search (spec 000 §2): the text box with autocomplete, the Search Options panel, the results sorted
 * and paged by the server. The URL is the state (parseSearchParams / searchParamsOf of the contract):
 * reload, back and forward and a shared link show the same search.
 */
export function SearchPage({ debounceMs = SEARCH_DEBOUNCE_MS }: { debounceMs?: number }) {
  usePageTitle('Search');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const go = (next: Partial<SearchState>, replace = false) => setParams(new URLSearchParams(searchParamsOf({ ...state, ...next })), { replace });

  // A term carried from the top bar's quick search (navigation state quickSearchQuery) fills the box and runs.
  const carried = (location.state as { quickSearchQuery?: string } | null)?.quickSearchQuery;
  const [text, setText] = useState(carried ?? state.st);
  useEffect(() => {
    if (carried === undefined) return;
    setText(carried);
    navigate({ pathname: paths.search(), search: `?${new URLSearchParams(searchParamsOf({ ...state, st: carried, pn: 1 }))}` }, { replace: true, state: null });
    // Only when a carried term arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carried]);
  // Back and forward: the box follows the URL.
  useEffect(() => setText(state.st), [state.st]);

  const settled = useDebounced(text.trim(), debounceMs);
  const suggestions = useQuickSearchQuery(settled, { skip: settled === '' || settled === state.st });
  const items = (settled !== text.trim() ? [] : (suggestions.data?.matchingCampaigns ?? [])).map((c) => ({ id: c.campaign_id, label: c.name, description: `#${c.campaign_id}` }));

  // The call leaves out the panel's visibility (`as` is the portal's): opening the panel is not a new search.
  const query = useMemo(() => searchParamsOf({ ...state, as: false }), [state]);
  const results = useFullSearchQuery(query);
  const categories = useSearchCategoriesQuery();

  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  useEffect(() => setDraft(draftOf(state)), [state]);
  const subcategories = useSearchSubcategoriesQuery(draft.m, { skip: !draft.m });
  const shownSubcategories = useSearchSubcategoriesQuery(state.m, { skip: !state.m || !state.c });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ st: text.trim(), pn: 1 });
  };

  const categoryName = categories.data?.categories.find((c) => c.main_category_id === state.m)?.main_category_name;
  const subcategoryName = shownSubcategories.data?.subcategories.find((s) => s.subcategory_id === state.c)?.subcategory_name;
  const active = activeOptions(state, categoryName, subcategoryName);
  const campaigns = results.data?.matchingCampaigns ?? [];

  return (
    <Page>
      <h1>Search Campaigns</h1>
      <SearchForm role="search" aria-label="Campaign search" onSubmit={submit}>
        <SearchBox
          label="Search campaigns"
          placeholder="Search campaigns by name or #ID"
          leadingIcon="search"
          hideToggle
          allowsCustomValue
          filterItems={false}
          items={items}
          inputValue={text}
          onInputChange={setText}
          isLoading={text.trim() !== '' && (settled !== text.trim() || suggestions.isFetching)}
          emptyText={suggestions.isError ? 'There was an error while fetching quick search results.' : 'No matching campaigns.'}
          onSelectionChange={(key) => {
            if (key != null) navigate(paths.campaign(key));
          }}
        />
        <Button type="submit">Search</Button>
        <Button variant="secondary" aria-expanded={state.as} aria-controls="search-options" onPress={() => go({ as: !state.as }, true)}>
          Search Options
        </Button>
      </SearchForm>

      {state.as && (
        <Options id="search-options" aria-label="Search Options">
          <fieldset>
            <legend>Traffic Type</legend>
            <CheckboxGroup
              label="Traffic types"
              options={SEARCH_TRAFFIC_FLAG_NAMES.map((f) => ({ value: f, label: TRAFFIC_LABELS[f] }))}
              value={SEARCH_TRAFFIC_FLAG_NAMES.filter((f) => draft[f])}
              onChange={(values) => setDraft((d) => ({ ...d, ...Object.fromEntries(SEARCH_TRAFFIC_FLAG_NAMES.map((f) => [f, values.includes(f)])) }))}
            />
            <Select
              label="Traffic match"
              items={[
                { id: '0', label: 'Includes selected traffic types' },
                { id: '1', label: 'ONLY Selected traffic types' },
              ]}
              selectedKey={draft.tstrict ? '1' : '0'}
              onSelectionChange={(k) => setDraft((d) => ({ ...d, tstrict: k === '1' }))}
            />
          </fieldset>
          <fieldset>
            <legend>Geography</legend>
            <ComboBox
              label="Country"
              items={countryItems}
              selectedKey={draft.gr}
              onSelectionChange={(k) => k != null && setDraft((d) => ({ ...d, gr: String(k) }))}
            />
            <Select
              label="Country match"
              items={[
                { id: '0', label: 'Includes selected country' },
                { id: '1', label: 'ONLY selected country' },
              ]}
              selectedKey={draft.grstrict ? '1' : '0'}
              onSelectionChange={(k) => setDraft((d) => ({ ...d, grstrict: k === '1' }))}
            />
          </fieldset>
          <fieldset>
            <legend>Categories</legend>
            {categories.isError ? (
              <SystemMessage variant="error" isDismissable={false}>
                {CATEGORIES_FAILED}
              </SystemMessage>
            ) : (
              <Select
                label="Main category"
                isDisabled={!categories.data}
                items={[
                  { id: '0', label: 'All categories' },
                  ...(categories.data?.categories ?? []).map((c) => ({ id: String(c.main_category_id), label: `${c.main_category_name} (${c.offs_count})` })),
                ]}
                selectedKey={String(draft.m)}
                onSelectionChange={(k) => setDraft((d) => ({ ...d, m: Number(k), c: 0 }))}
              />
            )}
            {draft.m > 0 &&
              (subcategories.isError ? (
                <SystemMessage variant="error" isDismissable={false}>
                  {SUBCATEGORIES_FAILED}
                </SystemMessage>
              ) : (
                <Select
                  label="Subcategory"
                  isDisabled={!subcategories.data}
                  items={[
                    { id: '0', label: 'All subcategories' },
                    ...(subcategories.data?.subcategories ?? []).map((s) => ({ id: String(s.subcategory_id), label: `${s.subcategory_name} (${s.campaign_count})` })),
                  ]}
                  selectedKey={String(draft.c)}
                  onSelectionChange={(k) => setDraft((d) => ({ ...d, c: Number(k) }))}
                />
              ))}
          </fieldset>
          <fieldset>
            <legend>Filters</legend>
            <Checkbox isSelected={draft.af} onChange={(v) => setDraft((d) => ({ ...d, af: v }))}>
              Approved to run
            </Checkbox>
            <Checkbox isSelected={draft.ff} onChange={(v) => setDraft((d) => ({ ...d, ff: v }))}>
              Bookmarked
            </Checkbox>
            <Checkbox isSelected={draft.rf} onChange={(v) => setDraft((d) => ({ ...d, rf: v }))}>
              Never Promoted Before
            </Checkbox>
          </fieldset>
          <RadioGroup
            label="CPA Type"
            options={[
              { value: 'any', label: 'Any' },
              { value: 'F', label: '$ per lead' },
              { value: 'P', label: 'Revshare' },
            ]}
            value={draft.ct}
            onChange={(v) => setDraft((d) => ({ ...d, ct: v as Draft['ct'] }))}
          />
          <Button className="apply" onPress={() => go({ ...draft, st: text.trim(), pn: 1 })}>
            Apply Search Options
          </Button>
        </Options>
      )}

      {active.length > 0 && (
        <ActiveLine>
          <span>Active options: {active.join(' · ')}</span>
          <Button variant="link" onPress={() => go({ ...DEFAULT_SEARCH_STATE, st: state.st, ob: state.ob, ad: state.ad, as: state.as, pn: 1 })}>
            Clear Options
          </Button>
        </ActiveLine>
      )}

      <TrafficLegend />
      {results.isError && (
        <SystemMessage variant="error" isDismissable={false}>
          {SEARCH_FAILED}
        </SystemMessage>
      )}
      <CampaignTable
        aria-label="Search results"
        campaigns={results.isError ? [] : campaigns}
        isLoading={results.isFetching}
        loadingRowCount={10}
        loadingLabel="Searching campaigns"
        emptyText={NO_RESULTS}
        sortDescriptor={sortOf(state)}
        onSortChange={(d) => go({ ob: d.column as CampaignSortColumn, ad: d.direction === 'ascending' ? 'a' : 'd', pn: 1 })}
      />
      {results.data && !results.isFetching && (
        <Pagination aria-label="Search result pages" page={state.pn} totalPages={results.data.total_pages} onChange={(pn) => go({ pn })} />
      )}
    </Page>
  );
}

/** The line naming the options in force (spec 000 §2); empty when every option is at its default. */
export function activeOptions(s: SearchState, categoryName?: string, subcategoryName?: string): string[] {
  const out: string[] = [];
  const traffic = SEARCH_TRAFFIC_FLAG_NAMES.filter((f) => s[f]);
  if (traffic.length < SEARCH_TRAFFIC_FLAG_NAMES.length || s.tstrict) {
    out.push(`${s.tstrict ? 'ONLY' : 'Includes'} traffic: ${traffic.map((f) => TRAFFIC_LABELS[f]).join(', ') || 'none'}`);
  }
  if (s.gr === 'all') out.push('Allow All Countries');
  else if (s.gr !== 'any') out.push(`${s.grstrict ? 'ONLY' : 'Includes'} country: ${countryByAlpha2(s.gr)?.name ?? s.gr}`);
  if (s.m) out.push(`Category: ${categoryName ?? `#${s.m}`}`);
  if (s.c) out.push(`Subcategory: ${subcategoryName ?? `#${s.c}`}`);
  if (s.af) out.push('Approved to run');
  if (s.ff) out.push('Bookmarked');
  if (s.rf) out.push('Never Promoted Before');
  if (s.ct === 'F') out.push('CPA Type: $ per lead');
  if (s.ct === 'P') out.push('CPA Type: Revshare');
  return out;
}
