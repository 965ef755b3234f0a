import { forwardRef, useId, useState, type ReactNode } from 'react';
import type { TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldDescription, FieldLabel, invalidFrom, type FieldErrorMessage } from '../Field';
import { ErrorMessage } from '../ErrorMessage';
import { Counter, Footer, Root, StyledTextArea, Texts } from './TextArea.styles';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'children' | 'type' | 'className' | 'style'> {
  label: ReactNode;
  description?: ReactNode;
  /** Shown while the field is invalid. A non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  placeholder?: string;
  /** Visible rows before the user resizes. */
  rows?: number;
  /** With `maxLength`, hide the "N characters remaining" counter (shown by default). */
  hideCounter?: boolean;
  className?: string;
}

export function remainingText(remaining: number) {
  return `${remaining} ${remaining === 1 ? 'character' : 'characters'} remaining`;
}

/**
 * A labelled multi-line text input. With `maxLength` it caps the text and shows a live
 * "N characters remaining" counter (spec 000: application description, 1000 characters), which is
 * part of the textarea's description and announced politely as it changes.
 */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, description, errorMessage, placeholder, rows = 4, hideCounter, isInvalid, maxLength, value, defaultValue, onChange, ...props },
  ref,
) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const current = value ?? uncontrolled;
  const counterId = useId();
  const showCounter = maxLength != null && !hideCounter;
  const remaining = maxLength != null ? Math.max(0, maxLength - current.length) : 0;
  const describedBy = [props['aria-describedby'], showCounter ? counterId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Root
      {...props}
      aria-describedby={describedBy}
      maxLength={maxLength}
      value={current}
      onChange={(next) => {
        if (value === undefined) setUncontrolled(next);
        onChange?.(next);
      }}
      isInvalid={invalidFrom(isInvalid, errorMessage)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <StyledTextArea ref={ref} placeholder={placeholder} rows={rows} />
      <Footer>
        <Texts>
          <FieldDescription>{description}</FieldDescription>
          <ErrorMessage>{errorMessage}</ErrorMessage>
        </Texts>
        {showCounter && (
          <Counter id={counterId} aria-live="polite" data-exhausted={remaining === 0 || undefined}>
            {remainingText(remaining)}
          </Counter>
        )}
      </Footer>
    </Root>
  );
});
