import type { ReactNode } from 'react';
import { ErrorMessage } from '../ErrorMessage';
import { FieldDescription, FieldLabel, type FieldErrorMessage } from './Field';

export interface FieldPartsProps {
  label: ReactNode;
  isRequired?: boolean;
  description?: ReactNode;
  errorMessage?: FieldErrorMessage;
  /** The control(s) between the label and the help text. */
  children: ReactNode;
}

/** A field's label, its control, its help text and its error, in that order (inside a react-aria field root). */
export function FieldParts({ label, isRequired, description, errorMessage, children }: FieldPartsProps) {
  return (
    <>
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      {children}
      <FieldDescription>{description}</FieldDescription>
      <ErrorMessage>{errorMessage}</ErrorMessage>
    </>
  );
}
