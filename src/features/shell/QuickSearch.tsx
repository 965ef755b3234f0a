import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuickSearchQuery } from '../../api/shellApi';
import { paths } from '../../shared/paths';
import { QuickSearchField } from './QuickSearchField';
import { useDebounced } from '../../lib/useDebounced';

/** Quick search waits for a 500 ms pause in typing (spec 000 §5, §9). */
const QUICK_SEARCH_DEBOUNCE_MS = 500;
export const QUICK_SEARCH_ERROR = 'There was an error while fetching quick search results.';

export interface QuickSearchProps {
  debounceMs?: number;
}

/**
 * The quick search wired to GET /search?q= and the router: a chosen suggestion opens
 * /campaign/{id}; a submitted term opens /search with navigation state `quickSearchQuery`.
 */
export function QuickSearch({ debounceMs = QUICK_SEARCH_DEBOUNCE_MS }: QuickSearchProps) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const settled = useDebounced(term.trim(), debounceMs);
  const blank = term.trim() === '';
  const { data, isFetching, isError } = useQuickSearchQuery(settled, { skip: settled === '' });
  const waiting = !blank && (settled !== term.trim() || isFetching);
  return (
    <QuickSearchField
      term={term}
      onTermChange={setTerm}
      matches={!waiting && data ? data.matchingCampaigns : []}
      isLoading={waiting}
      // Spec 000 §8: a quick search without success shows this message and no suggestions.
      errorMessage={!waiting && isError ? QUICK_SEARCH_ERROR : null}
      onSelectCampaign={(id) => {
        setTerm('');
        navigate(paths.campaign(id));
      }}
      onSubmitTerm={(text) => {
        setTerm('');
        navigate(paths.search(), { state: { quickSearchQuery: text } });
      }}
    />
  );
}
