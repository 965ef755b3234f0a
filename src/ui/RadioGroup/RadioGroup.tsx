import type { ReactNode } from 'react';
import type { RadioGroupProps as AriaRadioGroupProps } from 'react-aria-components';
import { FieldParts, invalidFrom, type FieldErrorMessage } from '../Field';
import { Options, Root, StyledRadio } from './RadioGroup.styles';

export interface RadioOption {
  value: string;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className' | 'style'> {
  label: ReactNode;
  options: RadioOption[];
  description?: ReactNode;
  /** Shown while the group is invalid. A non-empty string also marks the group invalid. */
  errorMessage?: FieldErrorMessage;
  className?: string;
}

/**
 * A labelled single choice among a few visible options (arrow keys move the choice, as in native
 * radios). `orientation` lays the options out in a column (default) or a row.
 */
export function RadioGroup({ label, options, description, errorMessage, isInvalid, ...props }: RadioGroupProps) {
  return (
    <Root {...props} isInvalid={invalidFrom(isInvalid, errorMessage)}>
      <FieldParts label={label} isRequired={props.isRequired} description={description} errorMessage={errorMessage}>
        <Options>
          {options.map((option) => (
            <StyledRadio key={option.value} value={option.value} isDisabled={option.isDisabled}>{option.label}</StyledRadio>
          ))}
        </Options>
      </FieldParts>
    </Root>
  );
}
