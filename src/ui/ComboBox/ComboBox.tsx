import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useFilter, type ComboBoxProps as AriaComboBoxProps } from 'react-aria-components';
import { Icon, type IconName } from '../Icon';
import { Spinner } from '../Spinner';
import { FieldDescription, FieldLabel, invalidFrom, type FieldErrorMessage } from '../Field';
import { EmptyState, OptionRow, StyledListBox, StyledPopover, type ListOption } from '../FieldList';
import { ErrorMessage } from '../ErrorMessage';
import { Box, Root, StyledInput, Toggle } from './ComboBox.styles';

export interface ComboBoxProps
  extends Omit<AriaComboBoxProps<ListOption>, 'children' | 'className' | 'style' | 'items' | 'defaultItems' | 'selectionMode'> {
  label: ReactNode;
  items: ListOption[];
  /**
   * `true` (default): the list is filtered here as the user types (case- and accent-insensitive
   * "contains" on each option's label, description and textValue, so `#1204` finds a campaign by
   * its ID). `false`: `items` are already the results, e.g. from a server search driven by
   * `onInputChange`, and are shown as given.
   */
  filterItems?: boolean;
  placeholder?: string;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** Shows a spinner in the input and a loading line in an empty list. */
  isLoading?: boolean;
  /** Text of the open list when nothing matches. */
  emptyText?: ReactNode;
  loadingText?: string;
  /** A decorative icon at the input's start, e.g. `search` for the quick search. */
  leadingIcon?: IconName;
  /** Hide the chevron button (a plain search box that opens as you type). */
  hideToggle?: boolean;
  className?: string;
}

/**
 * A text input with an autocomplete list (react-aria ComboBox): the list filters as you type and
 * can be opened with ArrowDown or the chevron. With `allowsCustomValue` free text is kept on blur.
 */
export function ComboBox({
  label,
  items,
  filterItems = true,
  placeholder,
  description,
  errorMessage,
  isInvalid,
  isLoading = false,
  emptyText = 'No results found.',
  loadingText = 'Loading…',
  leadingIcon,
  hideToggle,
  inputValue: controlledInput,
  defaultInputValue,
  onInputChange,
  onOpenChange,
  ...props
}: ComboBoxProps) {
  // We filter ourselves rather than through react-aria's textValue filter: the input must show
  // only the label, yet typing a campaign's #ID (its description) has to find it.
  const [ownInput, setOwnInput] = useState(() => {
    if (defaultInputValue != null) return defaultInputValue;
    const key = props.selectedKey ?? props.defaultSelectedKey;
    const selected = key == null ? undefined : items.find((o) => o.id === key);
    return selected ? (selected.textValue ?? selected.label) : '';
  });
  const inputValue = controlledInput ?? ownInput;
  // Opened by the chevron or ArrowDown: show everything, as a native combobox does.
  const [showAll, setShowAll] = useState(false);
  const { contains } = useFilter({ sensitivity: 'base' });
  // Anchor the list to the whole box (icon, input, spinner, chevron), not just the input.
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState<number>();
  const shown = useMemo(() => {
    if (!filterItems || showAll || inputValue === '') return items;
    return items.filter((o) => [o.label, o.description, o.textValue].some((t) => t != null && contains(t, inputValue)));
  }, [filterItems, showAll, items, inputValue, contains]);

  return (
    <Root
      {...props}
      items={shown}
      inputValue={inputValue}
      onInputChange={(text) => {
        if (controlledInput === undefined) setOwnInput(text);
        setShowAll(false);
        onInputChange?.(text);
      }}
      onOpenChange={(isOpen, trigger) => {
        if (isOpen) {
          setShowAll(trigger === 'manual');
          setBoxWidth(boxRef.current?.offsetWidth);
        }
        onOpenChange?.(isOpen, trigger);
      }}
      allowsEmptyCollection
      isInvalid={invalidFrom(isInvalid, errorMessage)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Box ref={boxRef} data-loading={isLoading || undefined}>
        {leadingIcon && <Icon name={leadingIcon} size={16} />}
        <StyledInput placeholder={placeholder} aria-busy={isLoading || undefined} />
        {isLoading && <Spinner size="sm" label={loadingText} />}
        {hideToggle ? null : (
          <Toggle aria-label="Show suggestions">
            <Icon name="chevronDown" size={16} />
          </Toggle>
        )}
      </Box>
      <FieldDescription>{description}</FieldDescription>
      <ErrorMessage>{errorMessage}</ErrorMessage>
      <StyledPopover placement="bottom start" offset={4} triggerRef={boxRef} style={{ minWidth: boxWidth }}>
        <StyledListBox
          renderEmptyState={() => (
            <EmptyState>
              {isLoading ? (
                <>
                  <Spinner size="sm" label={null} />
                  {loadingText}
                </>
              ) : (
                emptyText
              )}
            </EmptyState>
          )}
        >
          {(option: ListOption) => <OptionRow option={option} />}
        </StyledListBox>
      </StyledPopover>
    </Root>
  );
}
