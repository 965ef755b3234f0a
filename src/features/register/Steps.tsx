import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import type { SecurityQuestion } from '../../api/contract/register';
import { PhoneInput } from '../../components/forms/PhoneInput';
import type { IdImages, RegistrationFields } from '../../machines/registration.machine';
import { ISO_COUNTRIES } from '../../shared/countries';
import { paths } from '../../shared/paths';
import { CONTACT_TIMES, TIME_ZONES, countryHasStates, statesOf } from '../../shared/profileOptions';
import { EXPERIENCE_LEVELS, HEAR_ABOUT_SOURCES, registrationLimits, type FieldErrors } from '../../shared/registration';
import { Checkbox } from '../../ui/Checkbox';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { FileField } from '../../ui/FileField';
import { Link } from '../../ui/Link';
import { RadioGroup } from '../../ui/RadioGroup';
import { Select, type SelectOption } from '../../ui/Select';
import { SystemMessage } from '../../ui/SystemMessage';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';

/** What every step gets: the fields so far, the step's messages, and a setter. */
export interface StepProps {
  fields: RegistrationFields;
  errors: FieldErrors;
  onEdit: (fields: Partial<RegistrationFields>) => void;
  isDisabled?: boolean;
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: start;
`;
export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

/** Props of a text input judged by the step's validator (the browser's own checks off). */
const judged = (message: string | undefined) => ({ errorMessage: message, isInvalid: Boolean(message), validationBehavior: 'aria' as const });

/** A required pick from a list, stored as its key's text. */
function requiredSelect(
  { fields, errors, onEdit }: StepProps,
  name: 'timezone' | 'contact_time' | 'state' | 'hear_about_source',
  label: string,
  items: SelectOption[],
  placeholder: string,
) {
  return <Select label={label} items={items} selectedKey={fields[name] || null} onSelectionChange={(k) => onEdit({ [name]: String(k) })} placeholder={placeholder} isRequired {...judged(errors[name])} />;
}

const COUNTRY_ITEMS = ISO_COUNTRIES.map((c) => ({ id: c.alpha2, label: c.name }));
/**
 * Typeahead matches the start of an option's text, and every label starts with its '(GMT…)' offset:
 * the place comes first in the text typed against, so 'Eastern' finds '(GMT-05:00) Eastern Time'.
 */
const TIME_ZONE_ITEMS = TIME_ZONES.map((z) => {
  const [, offset = '', place = z.label] = /^(\(GMT[^)]*\))\s*(.*)$/.exec(z.label) ?? [];
  return { id: z.value, label: z.label, textValue: `${place} ${offset}`.trim() };
});
const CONTACT_TIME_ITEMS = CONTACT_TIMES.map((c) => ({ id: String(c.value), label: c.text }));
const SOURCE_ITEMS = HEAR_ABOUT_SOURCES.map((s) => ({ id: s.value, label: s.label }));

/** Step 1: 'Do you already have an account with the product?' */
export function ExistingAccountStep({ fields, errors, onEdit, productName }: StepProps & { productName: string }) {
  return (
    <RadioGroup
      label={`Do you already have an account with ${productName}?`}
      options={[
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ]}
      value={fields.existing_account}
      onChange={(v) => onEdit({ existing_account: v })}
      isRequired
      {...judged(errors.existing_account)}
    />
  );
}

/** Step 2 (existing account only): the affiliate id and its e-mail. */
export function OtherAccountStep({ fields, errors, onEdit }: StepProps) {
  return (
    <Grid>
      <TextField label="Your affiliate ID" inputMode="numeric" value={fields.other_affiliate_id} onChange={(v) => onEdit({ other_affiliate_id: v })} isRequired {...judged(errors.other_affiliate_id)} />
      <TextField label="The e-mail address of that account" type="email" value={fields.other_email} onChange={(v) => onEdit({ other_email: v })} isRequired {...judged(errors.other_email)} />
    </Grid>
  );
}

/**
 * Step 3: personal info. The security questions (spec 002 §3 lists them; where they are asked is not
 * shown): asked here, optional, one select per group, each answer required once its question is chosen.
 */
export function PersonalStep({ fields, errors, onEdit, isDisabled, emailNotice, questions }: StepProps & { emailNotice: string | null; questions: SecurityQuestion[] }) {
  const group = (g: 1 | 2) => questions.filter((q) => q.question_group === g).map((q) => ({ id: String(q.id), label: q.question }));
  return (
    <Stack>
      <Grid>
        <TextField label="First Name" value={fields.firstname} onChange={(v) => onEdit({ firstname: v })} isRequired isDisabled={isDisabled} autoComplete="given-name" {...judged(errors.firstname)} />
        <TextField label="Last Name" value={fields.lastname} onChange={(v) => onEdit({ lastname: v })} isRequired isDisabled={isDisabled} autoComplete="family-name" {...judged(errors.lastname)} />
        <TextField label="Company Name" value={fields.company} onChange={(v) => onEdit({ company: v })} isDisabled={isDisabled} autoComplete="organization" {...judged(errors.company)} />
        <TextField label="Email" type="email" value={fields.email} onChange={(v) => onEdit({ email: v })} isRequired isDisabled={isDisabled} autoComplete="email" {...judged(errors.email)} />
        <TextField label="Password" type="password" value={fields.password} onChange={(v) => onEdit({ password: v })} isRequired isDisabled={isDisabled} autoComplete="new-password" {...judged(errors.password)} />
        <TextField label="Re-Enter Password" type="password" value={fields.password2} onChange={(v) => onEdit({ password2: v })} isRequired isDisabled={isDisabled} autoComplete="new-password" {...judged(errors.password2)} />
      </Grid>
      {emailNotice && <SystemMessage variant="error">{emailNotice}</SystemMessage>}
      {questions.length > 0 && (
        <Grid>
          {([1, 2] as const).map((n) => (
            <Stack key={n}>
              <Select
                label={`Security question ${n} (optional)`}
                items={group(n)}
                selectedKey={fields[`security_q${n}`] || null}
                onSelectionChange={(k) => onEdit({ [`security_q${n}`]: String(k) })}
                placeholder="Choose a question"
                isDisabled={isDisabled}
                {...judged(errors[`security_q${n}`])}
              />
              {fields[`security_q${n}`] && (
                <TextField
                  label={`Answer ${n}`}
                  value={fields[`security_a${n}`]}
                  onChange={(v) => onEdit({ [`security_a${n}`]: v })}
                  isRequired
                  isDisabled={isDisabled}
                  maxLength={registrationLimits.securityAnswerMax}
                  {...judged(errors[`security_a${n}`])}
                />
              )}
            </Stack>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

/** Step 4: contact (the numbers are disabled while the server checks them). */
export function ContactStep({ fields, errors, onEdit, isDisabled }: StepProps) {
  return (
    <Stack>
      <PhoneInput label="Mobile Phone Number" value={fields.mobile} onChange={(v) => onEdit({ mobile: v })} error={errors.mobile} isRequired isDisabled={isDisabled} />
      <PhoneInput label="Alternate Phone Number" value={fields.phone} onChange={(v) => onEdit({ phone: v })} error={errors.phone} isDisabled={isDisabled} />
      <Grid>
        {requiredSelect({ fields, errors, onEdit }, 'timezone', 'Your Time Zone', TIME_ZONE_ITEMS, 'Choose your time zone')}
        {requiredSelect({ fields, errors, onEdit }, 'contact_time', 'When can you be reached?', CONTACT_TIME_ITEMS, 'Choose a time')}
        <TextField label="Telegram handle" value={fields.im_handle} onChange={(v) => onEdit({ im_handle: v })} {...judged(errors.im_handle)} />
      </Grid>
    </Stack>
  );
}

/** Step 5: address (a state select for the US and Canada, territories and provinces included; free text elsewhere). */
export function AddressStep({ fields, errors, onEdit }: StepProps) {
  const north = countryHasStates(fields.country);
  return (
    <Grid>
      <TextField label="Street Address" value={fields.address_1} onChange={(v) => onEdit({ address_1: v })} isRequired autoComplete="address-line1" {...judged(errors.address_1)} />
      <TextField label="Address 2" value={fields.address_2} onChange={(v) => onEdit({ address_2: v })} autoComplete="address-line2" {...judged(errors.address_2)} />
      <TextField label="City" value={fields.city} onChange={(v) => onEdit({ city: v })} isRequired autoComplete="address-level2" {...judged(errors.city)} />
      <Select
        label="Country"
        items={COUNTRY_ITEMS}
        selectedKey={fields.country || null}
        onSelectionChange={(k) => onEdit({ country: String(k), state: '', non_state: '' })}
        placeholder="Choose your country"
        isRequired
        {...judged(errors.country)}
      />
      {north ? (
        requiredSelect(
          { fields, errors, onEdit },
          'state',
          'North American State/Province',
          statesOf(fields.country).map((s) => ({ id: s.code, label: s.name })),
          'Choose a state / province',
        )
      ) : (
        <TextField label="Non-North American State/Province" value={fields.non_state} onChange={(v) => onEdit({ non_state: v })} autoComplete="address-level1" {...judged(errors.non_state)} />
      )}
      <TextField label="Zip / Postal Code" value={fields.zipcode} onChange={(v) => onEdit({ zipcode: v })} isRequired autoComplete="postal-code" {...judged(errors.zipcode)} />
    </Grid>
  );
}

const Preview = styled.img`
  display: block;
  max-width: 100%;
  max-height: 160px;
  margin-top: ${({ theme }) => theme.space[2]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** A chosen image shown from memory (nothing uploaded before the submission). */
function ImagePreview({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <Preview src={url} alt={alt} />;
}

/**
 * Step 6: identification, the front required, the back optional, each previewed. A refused file
 * (type or size) drops the image chosen before it: the message stands alone, and Next cannot go on
 * with the earlier file.
 */
export function IdentificationStep({ images, errors, onImage }: { images: IdImages; errors: FieldErrors; onImage: (side: keyof IdImages, file: File | null) => void }) {
  const side = (key: keyof IdImages, label: string, required: boolean) => (
    <div>
      <FileField
        label={label}
        value={images[key]}
        onChange={(f) => onImage(key, f)}
        onReject={() => onImage(key, null)}
        maxSize={registrationLimits.imageMaxBytes - 1}
        sizeErrorMessage="The image must be less than 25MB"
        typeErrorMessage="The image must be a jpg, png, or gif."
        errorMessage={errors[key]}
        isRequired={required}
      />
      {images[key] && <ImagePreview file={images[key]} alt={`${label}: preview`} />}
    </div>
  );
  return (
    <Grid>
      {side('idFront', 'Photo ID, front', true)}
      {side('idBack', 'Photo ID, back (optional)', false)}
    </Grid>
  );
}

/** Step 7: experience. */
export function ExperienceStep({ fields, errors, onEdit }: StepProps) {
  const description = (name: 'experience_description' | 'promotion', label: string) => (
    <TextArea
      label={label}
      value={fields[name]}
      onChange={(v) => onEdit({ [name]: v })}
      maxLength={registrationLimits.descriptionMax}
      rows={3}
      isRequired
      {...judged(errors[name])}
    />
  );
  return (
    <Stack>
      <Grid>
        {requiredSelect({ fields, errors, onEdit }, 'hear_about_source', 'How did you hear about us?', SOURCE_ITEMS, 'Choose a source')}
        {fields.hear_about_source === 'other' && (
          <TextField label="Please specify" value={fields.hear_about} onChange={(v) => onEdit({ hear_about: v })} isRequired {...judged(errors.hear_about)} />
        )}
      </Grid>
      <RadioGroup
        label="Your experience level"
        options={EXPERIENCE_LEVELS.map((l) => ({ value: String(l.value), label: l.label }))}
        value={fields.experience_level}
        onChange={(v) => onEdit({ experience_level: v })}
        isRequired
        {...judged(errors.experience_level)}
      />
      {description('experience_description', 'Describe your experience (50-200 characters)')}
      {description('promotion', 'How will you promote our offers? (50-200 characters)')}
      <Grid>
        <TextField label="Desired offer" value={fields.desired_offer} onChange={(v) => onEdit({ desired_offer: v })} maxLength={registrationLimits.desiredOfferMax} {...judged(errors.desired_offer)} />
        <TextField label="Website (optional)" type="url" value={fields.website} onChange={(v) => onEdit({ website: v })} {...judged(errors.website)} />
      </Grid>
    </Stack>
  );
}

/** Step 8: the three required checkboxes. */
export function TermsStep({ fields, errors, onEdit }: StepProps) {
  const box = (name: 'agree_no_sharing' | 'agree_no_freelancers' | 'agree_terms', text: React.ReactNode) => (
    <div>
      <Checkbox isSelected={fields[name]} onChange={(v) => onEdit({ [name]: v })} isInvalid={Boolean(errors[name])} isRequired>
        {text}
      </Checkbox>
      {errors[name] && <ErrorMessage>{errors[name]}</ErrorMessage>}
    </div>
  );
  return (
    <Stack>
      {box('agree_no_sharing', 'I will not share, trade, sell or transfer my account.')}
      {box('agree_no_freelancers', 'I will not use freelancers, microjob sites or guaranteed lead services to send traffic.')}
      {box(
        'agree_terms',
        <>
          I agree to the <Link href={paths.terms} target="_blank">affiliate terms and conditions</Link>.
        </>,
      )}
    </Stack>
  );
}
