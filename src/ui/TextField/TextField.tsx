import { forwardRef, type ReactNode } from 'react';
import type { TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { Icon, type IconName } from '../Icon';
import { FieldDescription, FieldLabel, invalidFrom, type FieldErrorMessage } from '../Field';
import { ErrorMessage } from '../ErrorMessage';
import { InputWrap, Root, StyledInput } from './TextField.styles';

export type TextFieldType = 'text' | 'email' | 'password' | 'number' | 'tel' | 'url';
export type TextFieldSize = 'sm' | 'md';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'type' | 'className' | 'style'> {
  /** Visible label; every field has one. */
  label: ReactNode;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  type?: TextFieldType;
  placeholder?: string;
  /** A decorative icon inside the input's start, e.g. `search` or `user`. */
  leadingIcon?: IconName;
  size?: TextFieldSize;
  className?: string;
}

/** A labelled single-line text input (text, e-mail, password or number) with help and error text. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, errorMessage, type = 'text', placeholder, leadingIcon, size = 'md', isInvalid, ...props },
  ref,
) {
  return (
    <Root {...props} type={type} isInvalid={invalidFrom(isInvalid, errorMessage)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <InputWrap>
        {leadingIcon && <Icon name={leadingIcon} size={size === 'sm' ? 14 : 16} />}
        <StyledInput
          ref={ref}
          placeholder={placeholder}
          data-size={size}
          data-has-icon={leadingIcon ? true : undefined}
          inputMode={type === 'number' ? 'decimal' : undefined}
        />
      </InputWrap>
      <FieldDescription>{description}</FieldDescription>
      <ErrorMessage>{errorMessage}</ErrorMessage>
    </Root>
  );
});
