import type { ReactNode } from 'react';
import type { SelectProps as AriaSelectProps } from 'react-aria-components';
import { Icon } from '../Icon';
import { FieldDescription, FieldLabel, invalidFrom, type FieldErrorMessage } from '../Field';
import { OptionRow, StyledListBox, StyledPopover, type ListOption } from '../FieldList';
import { ErrorMessage } from '../ErrorMessage';
import { Root, Trigger, Value } from './Select.styles';

export interface SelectProps extends Omit<AriaSelectProps<ListOption>, 'children' | 'className' | 'style' | 'selectionMode'> {
  label: ReactNode;
  items: ListOption[];
  placeholder?: string;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  className?: string;
}

/** A labelled single-choice dropdown (react-aria Select: typeahead, keyboard, hidden native select for forms). */
export function Select({ label, items, placeholder, description, errorMessage, isInvalid, ...props }: SelectProps) {
  return (
    <Root {...props} placeholder={placeholder} isInvalid={invalidFrom(isInvalid, errorMessage)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Trigger>
        <Value<ListOption>>
          {({ isPlaceholder, selectedItems, defaultChildren }) =>
            // The label only: the list row's check mark and description do not belong in the button.
            isPlaceholder ? defaultChildren : selectedItems.map((item) => item?.label).join(', ')
          }
        </Value>
        <Icon name="chevronDown" size={16} />
      </Trigger>
      <FieldDescription>{description}</FieldDescription>
      <ErrorMessage>{errorMessage}</ErrorMessage>
      <StyledPopover placement="bottom start" offset={4}>
        <StyledListBox items={items}>{(option) => <OptionRow option={option} />}</StyledListBox>
      </StyledPopover>
    </Root>
  );
}
