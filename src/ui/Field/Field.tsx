import type { ReactNode } from 'react';
import type { ValidationResult } from 'react-aria-components';
import { RequiredMark, StyledDescription, StyledLabel } from './Field.styles';

/** What every field accepts as its error (shown by ErrorMessage): text, or a function of react-aria's validation result. */
export type FieldErrorMessage = string | ((validation: ValidationResult) => string);

export interface FieldLabelProps {
  children: ReactNode;
  isRequired?: boolean;
  /** For labels outside a react-aria field (e.g. FileField). */
  id?: string;
  htmlFor?: string;
  elementType?: string;
}

/** A field's visible label; `isRequired` adds a decorative asterisk. */
export function FieldLabel({ children, isRequired, ...rest }: FieldLabelProps) {
  return (
    <StyledLabel {...rest}>
      {children}
      {isRequired && <RequiredMark aria-hidden="true">*</RequiredMark>}
    </StyledLabel>
  );
}

/** Help text, wired to the control's `aria-describedby` by react-aria's `description` slot. */
export function FieldDescription({ children }: { children?: ReactNode }) {
  if (children == null || children === '') return null;
  return <StyledDescription slot="description">{children}</StyledDescription>;
}

/**
 * A plain string error means "this field is invalid" unless the caller says otherwise, so forms can
 * write `errorMessage={errors.email}` without also passing `isInvalid`.
 */
export function invalidFrom(isInvalid: boolean | undefined, errorMessage: FieldErrorMessage | undefined) {
  if (isInvalid !== undefined) return isInvalid;
  return typeof errorMessage === 'string' && errorMessage !== '' ? true : undefined;
}
