import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { SelectValue } from 'react-aria-components';
import styled from 'styled-components';
import type { Vertical } from '../../../api/contract/dashboard';
import type { IsoCountry } from '../../../shared/countries';
import { Button } from '../../../ui/Button';
import { FieldLabel } from '../../../ui/Field';
import { OptionRow, StyledListBox, StyledPopover, type ListOption } from '../../../ui/FieldList';
import { Icon } from '../../../ui/Icon';
import { Modal } from '../../../ui/Modal';
import { Root, Trigger } from '../../../ui/Select/Select.styles';
import { Spinner } from '../../../ui/Spinner';
import { SystemMessage } from '../../../ui/SystemMessage';

const Form = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
  p { margin: 0; }
`;
const ValueText = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  text-align: left;
`;

export type IntroSurveyStep = 'loadingVerticals' | 'loadFailed' | 'editing' | 'saving' | 'thankYou';

/**
 * Spec 002 §5: the button lists the chosen names up to `maxNames`, then reads 'n selected'
 * (countries: names up to 3, 'n selected' from 4; verticals: names up to 2, from 3).
 */
export function selectionLabel(names: string[], maxNames: number): string {
  if (names.length === 0) return '';
  return names.length > maxNames ? `${names.length} selected` : names.join(', ');
}

interface MultiSelectProps {
  label: string;
  placeholder: string;
  options: ListOption[];
  value: Key[];
  onChange: (keys: Key[]) => void;
  maxNames: number;
  isInvalid: boolean;
  isDisabled?: boolean;
}

function MultiSelect({ label, placeholder, options, value, onChange, maxNames, isInvalid, isDisabled }: MultiSelectProps) {
  const names = options.filter((o) => value.includes(o.id)).map((o) => o.label);
  return (
    <Root
      selectionMode="multiple"
      value={value}
      onChange={(keys) => onChange(keys as Key[])}
      isInvalid={isInvalid}
      isRequired
      isDisabled={isDisabled}
      placeholder={placeholder}
    >
      <FieldLabel isRequired>{label}</FieldLabel>
      <Trigger>
        <SelectValue>{({ isPlaceholder, defaultChildren }) => <ValueText>{isPlaceholder ? defaultChildren : selectionLabel(names, maxNames)}</ValueText>}</SelectValue>
        <Icon name="chevronDown" size={16} />
      </Trigger>
      <StyledPopover placement="bottom start" offset={4}>
        <StyledListBox items={options}>{(option: ListOption) => <OptionRow option={option} />}</StyledListBox>
      </StyledPopover>
    </Root>
  );
}

export interface IntroSurveyModalProps {
  isOpen: boolean;
  step: IntroSurveyStep;
  countries: readonly IsoCountry[];
  verticals: Vertical[];
  chosenCountries: string[];
  chosenVerticals: number[];
  showMissing: boolean;
  error: string | null;
  thanks: string | null;
  onCountriesChange: (codes: string[]) => void;
  onVerticalsChange: (ids: number[]) => void;
  onSubmit: () => void;
  onRetry: () => void;
  onClose: () => void;
}

/** Spec 002 §2, §4, §5: the intro survey (target countries and verticals), then a thank-you. */
export function IntroSurveyModal(props: IntroSurveyModalProps) {
  const { isOpen, step, countries, verticals, chosenCountries, chosenVerticals, showMissing, error, thanks, onClose } = props;
  // A click dismisses the error banner (spec 002 §4); the next try's error shows again.
  const [attempt, setAttempt] = useState(0);
  const submit = () => {
    setAttempt((n) => n + 1);
    props.onSubmit();
  };
  const retry = () => {
    setAttempt((n) => n + 1);
    props.onRetry();
  };
  const countryOptions: ListOption[] = countries.map((c) => ({ id: c.alpha2, label: c.name }));
  const verticalOptions: ListOption[] = verticals.map((v) => ({
    id: v.subcategory_id,
    label: v.subcategory_name,
    description: v.category_name,
    textValue: v.subcategory_name,
  }));
  const selects: Array<Omit<MultiSelectProps, 'isInvalid' | 'isDisabled'>> = [
    { label: 'Target countries', placeholder: 'Select countries', options: countryOptions, value: chosenCountries, maxNames: 3, onChange: (keys) => props.onCountriesChange(keys.map(String)) },
    { label: 'Target verticals', placeholder: 'Select verticals', options: verticalOptions, value: chosenVerticals, maxNames: 2, onChange: (keys) => props.onVerticalsChange(keys.map(Number)) },
  ];
  const thankYou = step === 'thankYou';
  return (
    <Modal
      title={thankYou ? 'Thank you!' : 'Tell us about your traffic'}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      size="md"
      isDismissable={step !== 'saving'}
      footer={
        thankYou ? (
          <Button onPress={onClose}>Close</Button>
        ) : step === 'loadFailed' ? (
          <>
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            <Button onPress={retry}>Try again</Button>
          </>
        ) : (
          <Button onPress={submit} isPending={step === 'saving'} isDisabled={step === 'loadingVerticals'}>
            Submit
          </Button>
        )
      }
    >
      <Form>
        {error && (
          <SystemMessage key={attempt} variant="error">
            {error}
          </SystemMessage>
        )}
        {thankYou ? (
          <p>{thanks || 'Thank you. We will use your answers to suggest campaigns that suit your traffic.'}</p>
        ) : step === 'loadingVerticals' ? (
          <Spinner label="Loading verticals" />
        ) : step === 'loadFailed' ? null : (
          <>
            <p>Which countries does your traffic come from, and which verticals do you promote? We use your answers to suggest campaigns.</p>
            {selects.map((s) => (
              <MultiSelect key={s.label} {...s} isInvalid={showMissing && s.value.length === 0} isDisabled={step === 'saving'} />
            ))}
          </>
        )}
      </Form>
    </Modal>
  );
}
