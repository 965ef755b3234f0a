import { useState, type Dispatch, type SetStateAction } from 'react';
import styled from 'styled-components';
import { countryByAlpha2, ISO_COUNTRIES } from '../../shared/countries';
import { SEARCH_TRAFFIC_FLAG_NAMES, type SearchState, type SearchTrafficFlag } from '../../shared/searchState';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { CheckboxGroup } from '../../ui/CheckboxGroup';
import { ComboBox } from '../../ui/ComboBox';
import { RadioGroup } from '../../ui/RadioGroup';
import { Select, type SelectOption } from '../../ui/Select';
import { ErrorBanner } from '../../ui/SystemMessage';
import { setCountryLookup } from './countryLookup';
import { CATEGORIES_FAILED, SUBCATEGORIES_FAILED, TRAFFIC_LABELS } from './searchLabels';

// The list is here now: the page's line of active options names the country at once.
setCountryLookup(countryByAlpha2);

const ANY_COUNTRY = 'any';
const ALL_COUNTRIES = 'all';
const countryItems = [
  { id: ANY_COUNTRY, label: 'Any Country' },
  { id: ALL_COUNTRIES, label: 'Allow All Countries' },
  ...ISO_COUNTRIES.map((c) => ({ id: c.alpha2, label: c.name, description: `${c.alpha2} · ${c.alpha3} · ${c.numeric}` })),
];
const countryLabel = (id: string) => countryItems.find((c) => c.id === id)?.label ?? '';

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

/** The options being edited, applied by 'Apply Search Options'. */
export type Draft = Pick<SearchState, SearchTrafficFlag | 'tstrict' | 'gr' | 'grstrict' | 'm' | 'c' | 'af' | 'ff' | 'rf' | 'ct'>;

export interface SearchOptionsPanelProps {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  /** The page's queries of the main categories and of the draft's subcategories. */
  categories: { data?: { categories: { main_category_id: number; main_category_name: string; offs_count: number }[] }; isError: boolean };
  subcategories: { data?: { subcategories: { subcategory_id: number; subcategory_name: string; campaign_count: number }[] }; isError: boolean };
  onApply: () => void;
}

/**
 * /search's Search Options panel (spec 000 §2): traffic, geography (the full ISO list), categories,
 * filters and CPA type, applied together. A chunk of its own, loaded when the panel opens.
 */
export function SearchOptionsPanel({ draft, setDraft, categories, subcategories, onApply }: SearchOptionsPanelProps) {
  // The country field's text is held here, so that it always reads the country that will be applied:
  // react-aria leaves a controlled text as typed when the pick changes. Clearing the field picks Any
  // Country (react-aria's own rule for a cleared combobox); leaving it with other text puts the pick's
  // name back. docs/campaigns.md, Search (portal).
  const [country, setCountry] = useState(() => ({ gr: draft.gr, text: countryLabel(draft.gr) }));
  // A pick made outside the field (Clear Options, back and forward) shows at once.
  if (country.gr !== draft.gr) setCountry({ gr: draft.gr, text: countryLabel(draft.gr) });
  const pickCountry = (gr: string, text = countryLabel(gr)) => {
    setDraft((d) => ({ ...d, gr }));
    setCountry({ gr, text });
  };
  // Whether the traffic types or the country are one of the campaign's or its only ones ('1').
  const matchSelect = (label: string, flag: 'tstrict' | 'grstrict', includes: string, only: string) => (
    <Select
      label={label}
      items={[
        { id: '0', label: includes },
        { id: '1', label: only },
      ]}
      selectedKey={draft[flag] ? '1' : '0'}
      onSelectionChange={(k) => setDraft((d) => ({ ...d, [flag]: k === '1' }))}
    />
  );
  // A list of categories after 'All' ('0'), disabled until it has loaded; its message if it failed to.
  const categorySelect = (
    { label, all, failed }: { label: string; all: string; failed: string | null },
    options: SelectOption[] | undefined,
    selected: number,
    pick: (id: number) => void,
  ) =>
    failed ? (
      <ErrorBanner>{failed}</ErrorBanner>
    ) : (
      <Select
        label={label}
        isDisabled={!options}
        items={[{ id: '0', label: all }, ...(options ?? [])]}
        selectedKey={String(selected)}
        onSelectionChange={(k) => pick(Number(k))}
      />
    );
  return (
    <Options id="search-options" aria-label="Search Options">
      <fieldset>
        <legend>Traffic Type</legend>
        <CheckboxGroup
          label="Traffic types"
          options={SEARCH_TRAFFIC_FLAG_NAMES.map((f) => ({ value: f, label: TRAFFIC_LABELS[f] }))}
          value={SEARCH_TRAFFIC_FLAG_NAMES.filter((f) => draft[f])}
          onChange={(values) => setDraft((d) => ({ ...d, ...Object.fromEntries(SEARCH_TRAFFIC_FLAG_NAMES.map((f) => [f, values.includes(f)])) }))}
        />
        {matchSelect('Traffic match', 'tstrict', 'Includes selected traffic types', 'ONLY Selected traffic types')}
      </fieldset>
      <fieldset>
        <legend>Geography</legend>
        <ComboBox
          label="Country"
          items={countryItems}
          selectedKey={draft.gr}
          inputValue={country.text}
          onInputChange={(text) => (text === '' ? pickCountry(ANY_COUNTRY, '') : setCountry((c) => ({ ...c, text })))}
          onSelectionChange={(k) => k != null && pickCountry(String(k))}
          // The list is filtered by the text, so the pick may not be in it to be reported again.
          onBlur={() => setCountry({ gr: draft.gr, text: countryLabel(draft.gr) })}
        />
        {matchSelect('Country match', 'grstrict', 'Includes selected country', 'ONLY selected country')}
      </fieldset>
      <fieldset>
        <legend>Categories</legend>
        {categorySelect(
          { label: 'Main category', all: 'All categories', failed: categories.isError ? CATEGORIES_FAILED : null },
          categories.data?.categories.map((c) => ({ id: String(c.main_category_id), label: `${c.main_category_name} (${c.offs_count})` })),
          draft.m,
          (m) => setDraft((d) => ({ ...d, m, c: 0 })),
        )}
        {draft.m > 0 &&
          categorySelect(
            { label: 'Subcategory', all: 'All subcategories', failed: subcategories.isError ? SUBCATEGORIES_FAILED : null },
            subcategories.data?.subcategories.map((s) => ({ id: String(s.subcategory_id), label: `${s.subcategory_name} (${s.campaign_count})` })),
            draft.c,
            (c) => setDraft((d) => ({ ...d, c })),
          )}
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
      <Button className="apply" onPress={onApply}>
        Apply Search Options
      </Button>
    </Options>
  );
}
