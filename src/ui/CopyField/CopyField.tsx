import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { FieldDescription, FieldLabel, fieldStack, inputFrame, visuallyHidden } from '../Field';

const Root = styled(AriaTextField)`
  ${fieldStack}
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  align-items: stretch;
`;

const ValueInput = styled(Input)`
  ${inputFrame}
  flex: 1;
  min-width: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-color: ${({ theme }) => theme.colors.border};
  text-overflow: ellipsis;
  &:placeholder-shown { font-family: ${({ theme }) => theme.fonts.body}; font-style: italic; }
`;

const Hint = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.warning};
`;

const Status = styled.span`
  ${visuallyHidden}
`;

export interface CopyFieldProps {
  label: ReactNode;
  /** The text to show and copy, e.g. a tracking link. Empty shows `placeholder` and disables Copy. */
  value: string;
  placeholder?: string;
  description?: ReactNode;
  copyLabel?: string;
  copiedLabel?: string;
  /** Shown when neither the Clipboard API nor the fallback worked; the text is selected instead. */
  copyFailedLabel?: string;
  /** How long the "Copied!" feedback stays, in ms. */
  feedbackDuration?: number;
  onCopy?: (value: string) => void;
  isDisabled?: boolean;
  className?: string;
}

/** Copies with the Clipboard API, falling back to selecting the text and `execCommand('copy')`. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not a secure context: try the old way.
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A read-only value with a Copy button, e.g. the link builder's tracking link. The result
 * ("Copied!") shows on the button and is announced through a status live region.
 */
export function CopyField({
  label,
  value,
  placeholder,
  description,
  copyLabel = 'Copy',
  copiedLabel = 'Copied!',
  copyFailedLabel = 'Press Ctrl+C to copy',
  feedbackDuration = 2000,
  onCopy,
  isDisabled,
  className,
}: CopyFieldProps) {
  const [feedback, setFeedback] = useState<'copied' | 'failed' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // A new value means an old "Copied!" no longer applies.
  useEffect(() => setFeedback(null), [value]);

  const isEmpty = value === '';
  const copy = async () => {
    const ok = await copyText(value, inputRef.current);
    setFeedback(ok ? 'copied' : 'failed');
    if (ok) onCopy?.(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setFeedback(null), feedbackDuration);
  };
  const message = feedback === 'copied' ? copiedLabel : feedback === 'failed' ? copyFailedLabel : '';

  return (
    <Root className={className} value={value} isReadOnly isDisabled={isDisabled}>
      <FieldLabel>{label}</FieldLabel>
      <Row>
        <ValueInput ref={inputRef} placeholder={placeholder} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" isDisabled={isDisabled || isEmpty} onPress={() => void copy()}>
          <Icon name={feedback === 'copied' ? 'check' : 'copy'} size={16} />
          {feedback === 'copied' ? copiedLabel : copyLabel}
        </Button>
      </Row>
      <FieldDescription>{description}</FieldDescription>
      <Status role="status">{message}</Status>
      {feedback === 'failed' && <Hint aria-hidden="true">{copyFailedLabel}</Hint>}
    </Root>
  );
}
