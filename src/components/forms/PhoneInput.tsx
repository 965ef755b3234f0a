import styled from 'styled-components';
import { TextField } from '../../ui/TextField';

const DialRow = styled.div`
  display: grid;
  grid-template-columns: 6rem 1fr;
  gap: ${({ theme }) => theme.space[2]}px;
  align-items: start;
`;
export const PHONE_HINT = 'Without a country code, a US number. For other countries start with + and the country code.';

/**
 * A phone input with the US default: the dial code shown, disabled (spec 001 §5 Phone card, spec 002
 * §9 "Default phone country US"). Used by the settings cards and the registration wizard.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  error,
  isRequired,
  isDisabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}) {
  return (
    <DialRow>
      <TextField label="Dial code" value="+1 (US)" isDisabled aria-description="The default country of phone numbers" />
      <TextField
        label={label}
        type="tel"
        value={value}
        onChange={onChange}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={Boolean(error)}
        errorMessage={error}
        description={PHONE_HINT}
        autoComplete="tel"
      />
    </DialRow>
  );
}
