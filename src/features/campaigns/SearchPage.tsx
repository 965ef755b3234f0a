import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useFullSearchQuery, useSearchCategoriesQuery, useSearchSubcategoriesQuery } from '../../api/campaignsApi';
import {
  DEFAULT_SEARCH_STATE,
  MAX_SEARCH_TEXT,
  parseSearchParams,
  SEARCH_TRAFFIC_FLAG_NAMES,
  searchParamsOf,
  type SearchState,
  type SearchTrafficFlag,
} from '../../shared/searchState';
import { useQuickSearchQuery } from '../../api/shellApi';
import { usePageTitle } from '../../lib/page';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { ComboBox } from '../../ui/ComboBox';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Pagination } from '../../ui/Pagination';
import { column } from '../../ui/Stack';
import { ErrorBanner } from '../../ui/SystemMessage';
import type { SortDescriptor } from '../../ui/Table';
import { CampaignTable, SORTABLE_COLUMNS, type CampaignSortColumn } from './CampaignTable';
import { TrafficLegend } from './TrafficIcons';
import { useDebounced } from '../../lib/useDebounced';
import { useCountryLookup } from './countryLookup';
import { TRAFFIC_LABELS } from './searchLabels';
import type { Draft } from './SearchOptionsPanel';

// The Search Options panel (its controls and the ISO country list) loads when it is opened.
const SearchOptionsPanel = lazy(() => import('./SearchOptionsPanel').then((m) => ({ default: m.SearchOptionsPanel })));

/** Spec 000 §5, §9: the autocomplete asks after a 500 ms pause. */
const SEARCH_DEBOUNCE_MS = 500;
const NO_RESULTS = 'There are no campaigns that match your search criteria.';
const SEARCH_FAILED = 'There was an error while fetching search results.';
/** The server's own sentence for a longer `st` (src/api/contract/campaign.ts). */
const SEARCH_TEXT_TOO_LONG = `Please search with at most ${MAX_SEARCH_TEXT} characters.`;

/** A search text longer than the server takes: it is never sent, not even as an empty one. */
const isBadText = (text: string) => text.length > MAX_SEARCH_TEXT;

const Page = styled.div`
  ${column(4)}
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
/** Keeps the panel's place while its code comes (the first time it is opened). */
const OptionsLoading = styled.div`
  min-height: 320px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;
const ActiveLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

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
  // parseSearchParams reads a text over the limit as no text, which would search everything: the page
  // keeps such a text in the box, says why, and asks for no results.
  const urlText = params.get('st') ?? '';
  const urlTextBad = isBadText(urlText);
  const shownUrlText = urlTextBad ? urlText : state.st;
  const go = (next: Partial<SearchState>, replace = false) => setParams(new URLSearchParams(searchParamsOf({ ...state, ...next })), { replace });

  // A term carried from the top bar's quick search (navigation state quickSearchQuery) fills the box and runs.
  const carried = (location.state as { quickSearchQuery?: string } | null)?.quickSearchQuery;
  const [text, setText] = useState(carried ?? shownUrlText);
  useEffect(() => {
    if (carried === undefined) return;
    setText(carried);
    navigate({ pathname: paths.search(), search: `?${new URLSearchParams(searchParamsOf({ ...state, st: carried, pn: 1 }))}` }, { replace: true, state: null });
    // Only when a carried term arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carried]);
  // Back and forward: the box follows the URL.
  useEffect(() => setText(shownUrlText), [shownUrlText]);
  const textBad = isBadText(text.trim());

  const settled = useDebounced(text.trim(), debounceMs);
  const suggestions = useQuickSearchQuery(settled, { skip: settled === '' || settled === state.st || isBadText(settled) });
  const items = (settled !== text.trim() || textBad ? [] : (suggestions.data?.matchingCampaigns ?? [])).map((c) => ({ id: c.campaign_id, label: c.name, description: `#${c.campaign_id}` }));

  // The call leaves out the panel's visibility (`as` is the portal's): opening the panel is not a new search.
  const query = useMemo(() => searchParamsOf({ ...state, as: false }), [state]);
  const results = useFullSearchQuery(query, { skip: urlTextBad });
  const categories = useSearchCategoriesQuery();

  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  useEffect(() => setDraft(draftOf(state)), [state]);
  const subcategories = useSearchSubcategoriesQuery(draft.m, { skip: !draft.m });
  const shownSubcategories = useSearchSubcategoriesQuery(state.m, { skip: !state.m || !state.c });

  // A text over the limit is not searched: the box says why (its error) until it is shortened.
  const search = (next: Partial<SearchState> = {}) => {
    if (!textBad) go({ ...next, st: text.trim(), pn: 1 });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search();
  };
  // Enter in the box with the list open and no suggestion highlighted searches the text at once, as
  // the top bar's quick search does: react-aria only closes the list then (and keeps the form from
  // submitting). With the list closed, Enter submits the form.
  const searchOnEnter = (e: KeyboardEvent<HTMLFormElement>) => {
    const input = e.target as HTMLElement;
    if (e.key !== 'Enter' || input.getAttribute('role') !== 'combobox') return;
    if (input.getAttribute('aria-expanded') === 'true' && !input.getAttribute('aria-activedescendant')) search();
  };

  const categoryName = categories.data?.categories.find((c) => c.main_category_id === state.m)?.main_category_name;
  const subcategoryName = shownSubcategories.data?.subcategories.find((s) => s.subcategory_id === state.c)?.subcategory_name;
  const countryName = useCountryLookup(state.gr !== 'any' && state.gr !== 'all')?.(state.gr)?.name;
  const active = activeOptions(state, categoryName, subcategoryName, countryName);
  const campaigns = results.data?.matchingCampaigns ?? [];

  return (
    <Page>
      <h1>Search Campaigns</h1>
      <SearchForm role="search" aria-label="Campaign search" onSubmit={submit} onKeyDownCapture={searchOnEnter}>
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
          isLoading={text.trim() !== '' && !textBad && (settled !== text.trim() || suggestions.isFetching)}
          // The message is under the form, not in the field: the buttons stay level with the box.
          aria-describedby={textBad ? 'search-text-error' : undefined}
          emptyText={textBad ? SEARCH_TEXT_TOO_LONG : suggestions.isError ? 'There was an error while fetching quick search results.' : 'No matching campaigns.'}
          onSelectionChange={(key) => {
            if (key != null) navigate(paths.campaign(key));
          }}
        />
        <Button type="submit">Search</Button>
        <Button variant="secondary" aria-expanded={state.as} aria-controls="search-options" onPress={() => go({ as: !state.as }, true)}>
          Search Options
        </Button>
      </SearchForm>
      <ErrorMessage id="search-text-error" announce="polite">
        {textBad ? SEARCH_TEXT_TOO_LONG : null}
      </ErrorMessage>

      {state.as && (
        <Suspense fallback={<OptionsLoading aria-hidden="true" />}>
          <SearchOptionsPanel
            draft={draft}
            setDraft={setDraft}
            categories={categories}
            subcategories={subcategories}
            onApply={() => search(draft)}
          />
        </Suspense>
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
        <ErrorBanner>{SEARCH_FAILED}</ErrorBanner>
      )}
      {/*
        The first results are the screen: until they are here the shell keeps the sidebar and the footer
        out (PortalShell, data-screen-loading), so on a phone they do not show under the ten skeleton
        rows and then jump below the page of results (Lighthouse: CLS 0.050 on /search).
      */}
      {results.isLoading && <div data-screen-loading="" hidden />}
      {/*
        A failed search (spec 000 §8: "other failures show empty results") shows its message alone: an
        empty table would add 'There are no campaigns that match...', which the failure does not know.
        A text refused before asking has no results either; the box's error says why.
      */}
      {!results.isError && !urlTextBad && (
        <CampaignTable
          aria-label="Search results"
          campaigns={campaigns}
          isLoading={results.isFetching}
          loadingRowCount={10}
          loadingLabel="Searching campaigns"
          emptyText={NO_RESULTS}
          sortDescriptor={sortOf(state)}
          onSortChange={(d) => go({ ob: d.column as CampaignSortColumn, ad: d.direction === 'ascending' ? 'a' : 'd', pn: 1 })}
        />
      )}
      {results.data && !results.isFetching && !results.isError && !urlTextBad && (
        <Pagination aria-label="Search result pages" page={state.pn} totalPages={results.data.total_pages} onChange={(pn) => go({ pn })} />
      )}
    </Page>
  );
}

/**
 * The line naming the options in force (spec 000 §2); empty when every option is at its default. The
 * country's name comes from the ISO list (its code until that list is here).
 */
function activeOptions(s: SearchState, categoryName?: string, subcategoryName?: string, countryName?: string): string[] {
  const out: string[] = [];
  const traffic = SEARCH_TRAFFIC_FLAG_NAMES.filter((f) => s[f]);
  if (traffic.length < SEARCH_TRAFFIC_FLAG_NAMES.length || s.tstrict) {
    out.push(`${s.tstrict ? 'ONLY' : 'Includes'} traffic: ${traffic.map((f) => TRAFFIC_LABELS[f]).join(', ') || 'none'}`);
  }
  if (s.gr === 'all') out.push('Allow All Countries');
  else if (s.gr !== 'any') out.push(`${s.grstrict ? 'ONLY' : 'Includes'} country: ${countryName ?? s.gr}`);
  if (s.m) out.push(`Category: ${categoryName ?? `#${s.m}`}`);
  if (s.c) out.push(`Subcategory: ${subcategoryName ?? `#${s.c}`}`);
  if (s.af) out.push('Approved to run');
  if (s.ff) out.push('Bookmarked');
  if (s.rf) out.push('Never Promoted Before');
  if (s.ct === 'F') out.push('CPA Type: $ per lead');
  if (s.ct === 'P') out.push('CPA Type: Revshare');
  return out;
}
