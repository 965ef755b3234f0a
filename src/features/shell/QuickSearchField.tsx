import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { ComboBox as AriaComboBox, Input, Label, type Key } from 'react-aria-components';
import styled from 'styled-components';
import type { QuickSearchMatch } from '../../api/contract/campaign';
import { boxedInput, inputFrame } from '../../ui/Field';
import { EmptyState, OptionRow, StyledListBox, StyledPopover, type ListOption } from '../../ui/FieldList';
import { Icon } from '../../ui/Icon';
import { IconButton } from '../../ui/IconButton';
import { Spinner } from '../../ui/Spinner';
import { visuallyHidden } from '../../ui/VisuallyHidden';

const Form = styled.form`
  flex: 1;
  min-width: 0;
  max-width: 480px;
`;
const Box = styled.div`
  ${inputFrame}
  padding-right: ${({ theme }) => theme.space[1]}px;
  .quick-search-combo { flex: 1; min-width: 0; display: flex; align-items: center; gap: ${({ theme }) => theme.space[2]}px; }
  &:has(input[data-focused]) {
    border-color: ${({ theme }) => theme.colors.focusRing};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.focusRing};
  }
  & > svg { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
`;
const StyledInput = styled(Input)`
  ${boxedInput}
  &::-webkit-search-cancel-button { display: none; }
`;
const HiddenLabel = styled(Label)`
  ${visuallyHidden}
`;

const QUICK_SEARCH_PLACEHOLDER = 'Search campaigns by name or #ID';

export interface QuickSearchFieldProps {
  /** What is typed. */
  term: string;
  onTermChange: (term: string) => void;
  /** The suggestions for the (debounced) term. */
  matches: QuickSearchMatch[];
  /** A query for the current term is on its way. */
  isLoading?: boolean;
  /** Shown in place of the suggestions (spec 000 §8). */
  errorMessage?: string | null;
  /** A suggestion was chosen: go to that campaign. */
  onSelectCampaign: (campaignId: number) => void;
  /** Submitted without a suggestion: go to /search with the term. */
  onSubmitTerm: (term: string) => void;
}

/**
 * The top bar's quick search (spec 000 §2, §5): a search box with an autocomplete list. The list
 * is closed for an empty or blank term; otherwise it shows the suggestions (or the loading line, or
 * the error). Choosing a suggestion opens its campaign; Enter without one searches for the text.
 */
export function QuickSearchField({ term, onTermChange, matches, isLoading, errorMessage, onSelectCampaign, onSubmitTerm }: QuickSearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const blank = term.trim() === '';
  const items: ListOption[] = blank || errorMessage ? [] : matches.map((m) => ({ id: m.campaign_id, label: m.name, description: `#${m.campaign_id}` }));

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!blank) onSubmitTerm(term.trim());
  };
  // Enter with no suggestion highlighted is a search for the text, even while the list is open
  // (react-aria would otherwise only close the list).
  const onKeyDownCapture = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.target !== inputRef.current) return;
    if (inputRef.current?.getAttribute('aria-activedescendant')) return;
    e.preventDefault();
    e.stopPropagation();
    submit();
  };

  return (
    <Form role="search" onSubmit={submit} onKeyDownCapture={onKeyDownCapture} aria-label="Quick search">
      <Box ref={boxRef}>
        <Icon name="search" size={16} />
        <AriaComboBox
          className="quick-search-combo"
          items={items}
          inputValue={term}
          onInputChange={onTermChange}
          selectedKey={null}
          onSelectionChange={(key: Key | null) => {
            if (key != null) onSelectCampaign(Number(key));
          }}
          allowsCustomValue
          allowsEmptyCollection={!blank}
          menuTrigger="input"
        >
          <HiddenLabel>Search campaigns</HiddenLabel>
          <StyledInput ref={inputRef} placeholder={QUICK_SEARCH_PLACEHOLDER} />
          {isLoading && !blank && <Spinner size="sm" label="Searching" />}
          <StyledPopover placement="bottom start" offset={4} triggerRef={boxRef}>
            <StyledListBox
              renderEmptyState={() => (
                <EmptyState>
                  {errorMessage ? (
                    <span>{errorMessage}</span>
                  ) : isLoading ? (
                    <>
                      <Spinner size="sm" label={null} />
                      Searching…
                    </>
                  ) : (
                    'No matching campaigns. Press Enter to search.'
                  )}
                </EmptyState>
              )}
            >
              {(option: ListOption) => <OptionRow option={option} />}
            </StyledListBox>
          </StyledPopover>
        </AriaComboBox>
        {/* For pointers; keyboards press Enter. Out of the tab order because the open list hides it from assistive tech. */}
        <IconButton icon="chevronRight" size="sm" aria-label="Search" type="submit" isDisabled={blank} excludeFromTabOrder />
      </Box>
    </Form>
  );
}
