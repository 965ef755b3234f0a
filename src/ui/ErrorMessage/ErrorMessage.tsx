import { useContext, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { FieldError as AriaFieldError, FieldErrorContext, type ValidationResult } from 'react-aria-components';
import { Icon } from '../Icon';

const errorText = css`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  svg { flex: none; margin-top: 2px; }
`;

const FieldError = styled(AriaFieldError)`
  ${errorText}
`;

const Block = styled.div`
  ${errorText}
  &:empty { display: none; }
`;

export interface ErrorMessageProps {
  /**
   * The error text. Inside a field it may be a function of react-aria's validation result; left
   * out there, the field's own validation errors are shown.
   */
  children?: ReactNode | ((validation: ValidationResult) => ReactNode);
  id?: string;
  /**
   * Standalone only. `assertive` (default) is `role="alert"`: said at once, for an error that
   * answers an action. `polite` waits for a pause, for an error that follows each change of a
   * custom control (the element stays mounted while empty, so the first error is heard).
   */
  announce?: 'assertive' | 'polite';
  className?: string;
}

/**
 * The small red error line with its icon.
 *
 * Inside a react-aria field (TextField, Select, RadioGroup…) it is that field's FieldError: shown
 * only while the field is invalid, and linked to the control by `aria-describedby`.
 * Anywhere else it is a block error, e.g. `<ErrorMessage>{errorMessage}</ErrorMessage>` in place of
 * a list that failed to load; a custom control links it with `id` and its own `aria-describedby`.
 */
export function ErrorMessage({ children, id, announce = 'assertive', className }: ErrorMessageProps) {
  const validation = useContext(FieldErrorContext);
  if (validation) {
    return (
      <FieldError id={id} className={className}>
        {(result) => {
          const text = typeof children === 'function' ? children(result) : (children ?? result.validationErrors.join(' '));
          return (
            <>
              <Icon name="error" size={14} />
              <span>{text}</span>
            </>
          );
        }}
      </FieldError>
    );
  }
  // A function needs a field's validation result; outside a field there is none.
  const text = typeof children === 'function' ? null : children;
  const shown = text != null && text !== false && text !== '';
  return (
    <Block id={id} className={className} {...(announce === 'polite' ? { 'aria-live': 'polite' } : { role: 'alert' })}>
      {shown && (
        <>
          <Icon name="error" size={14} />
          <span>{text}</span>
        </>
      )}
    </Block>
  );
}
