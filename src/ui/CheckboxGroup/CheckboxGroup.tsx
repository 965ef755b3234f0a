import type { ReactNode } from 'react';
import type { CheckboxGroupProps as AriaCheckboxGroupProps } from 'react-aria-components';
import { Checkbox } from '../Checkbox';
import { FieldParts, invalidFrom, type FieldErrorMessage } from '../Field';
import { Options, Root } from './CheckboxGroup.styles';

export interface CheckboxGroupOption {
  value: string;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children' | 'className' | 'style'> {
  label: ReactNode;
  options: CheckboxGroupOption[];
  description?: ReactNode;
  /** Shown while the group is invalid. A non-empty string also marks the group invalid. */
  errorMessage?: FieldErrorMessage;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

/** A labelled set of checkboxes (role="group") with help and error text for the whole set. */
export function CheckboxGroup({
  label,
  options,
  description,
  errorMessage,
  isInvalid,
  orientation = 'vertical',
  ...props
}: CheckboxGroupProps) {
  return (
    <Root {...props} isInvalid={invalidFrom(isInvalid, errorMessage)}>
      <FieldParts label={label} isRequired={props.isRequired} description={description} errorMessage={errorMessage}>
        <Options data-orientation={orientation}>
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value} isDisabled={option.isDisabled}>{option.label}</Checkbox>
          ))}
        </Options>
      </FieldParts>
    </Root>
  );
}
