import { useState } from 'react';
import type { AffiliateResponse } from '../../api/contract/affiliate';
import type { SecurityQuestion } from '../../api/contract/register';
import { settingsFieldMessages } from '../../api/contract/settings';
import { failureOf } from '../../api/errors';
import { settingsApi } from '../../api/settingsApi';
import { useApiDispatch } from '../../api/baseApi';
import { ISO_COUNTRIES, countryByAlpha2 } from '../../shared/countries';
import {
  CONTACT_TIMES,
  EMAIL_UNDELIVERABLE,
  FLAG_INVALID_EMAIL,
  PROMOTION_MIN_LENGTH,
  STATES,
  TIME_ZONES,
  contactTimeText,
  countryHasStates,
  isWebsite,
  profileMessages,
  statesOf,
  timeZoneOption,
} from '../../shared/profileOptions';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { preloadableLazy } from '../../lib/preloadableLazy';
import { Switch } from '../../ui/Switch';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { PhoneInput } from '../../components/forms/PhoneInput';
import { ReadOnly, SettingsCard, type FieldErrors, type SaveOutcome } from './SettingsCard';

/**
 * The cards' choosers (react-aria's Select and its list box, 6 KiB gzipped) show only while a card is
 * being edited: they load with the page's lock (SettingsScreenWithLock preloads them), not with the
 * page (issue 11). SettingsCard renders a form under Suspense.
 */
const Select = preloadableLazy(() => import('../../ui/Select').then((m) => m.Select));
export const preloadEditControls = () => void Select.preload().catch(() => undefined);

type Affiliate = AffiliateResponse;

export interface CardProps {
  affiliate: Affiliate;
  editable: boolean;
  onLocked: (message: string) => void;
  /** A save succeeded: the verification window was renewed. */
  onSaved?: () => void;
}

const NOT_SET = 'Not set';
const show = (value: string) => value.trim() || NOT_SET;

/** An RTK Query mutation's answer as a card's outcome. */
async function outcome(call: { unwrap: () => Promise<{ message: string }> }): Promise<SaveOutcome> {
  try {
    return { ok: true, message: (await call.unwrap()).message };
  } catch (e) {
    const { message, code } = failureOf(e);
    return { ok: false, message, status: code };
  }
}

/** The server's phone check (spec 001 §5: checked before saving; 'Invalid mobile number'). */
function usePhoneCheck() {
  const dispatch = useApiDispatch();
  return async (mobile: string): Promise<SaveOutcome | null> => {
    try {
      const r = await dispatch(settingsApi.endpoints.validatePhone.initiate(mobile)).unwrap();
      return r.isValid ? null : { ok: false, message: r.message ?? profileMessages.invalidMobile, field: 'mobile' };
    } catch (e) {
      const { message, code } = failureOf(e);
      return { ok: false, message, status: code };
    }
  };
}

// ---------- Personal Information ----------

interface PersonalValues {
  name: string;
  company: string;
  mobile: string;
  phone: string;
  timezone: string;
  contact_time: string;
  im_handle: string;
}

export function PersonalCard({ affiliate, editable, onLocked, onSaved }: CardProps) {
  const dispatch = useApiDispatch();
  const checkPhone = usePhoneCheck();
  const p = affiliate.affiliate_personal_information;
  const saved: PersonalValues = {
    name: p.name,
    company: p.company,
    mobile: p.mobile_phone,
    phone: p.phone,
    timezone: timeZoneOption(p.time_zone)?.value ?? '',
    contact_time: String(p.contact_time.value),
    im_handle: p.im_handle,
  };
  return (
    <SettingsCard<PersonalValues>
      title="Personal Information"
      data-testid="personal-card"
      editable={editable}
      saved={saved}
      onLocked={onLocked}
      onSaved={onSaved}
      view={
        <ReadOnly>
          <dt>Name</dt>
          <dd>{show(p.name)}</dd>
          <dt>Company</dt>
          <dd>{show(p.company)}</dd>
          <dt>Mobile</dt>
          <dd>{show(p.mobile_phone)}</dd>
          <dt>Phone</dt>
          <dd>{show(p.phone)}</dd>
          <dt>Time zone</dt>
          <dd>{timeZoneOption(p.time_zone)?.label ?? NOT_SET}</dd>
          <dt>Best time to contact</dt>
          <dd>{contactTimeText(p.contact_time.value)}</dd>
          <dt>Telegram Handle</dt>
          <dd>{show(p.im_handle)}</dd>
          <dt>Email</dt>
          <dd>{p.email}</dd>
        </ReadOnly>
      }
      validate={(v) => ({
        name: v.name.trim() ? undefined : settingsFieldMessages.name,
        timezone: v.timezone ? undefined : settingsFieldMessages.timezone,
        contact_time: v.contact_time ? undefined : settingsFieldMessages.contactTime,
      })}
      save={async (v) => {
        if (v.mobile.trim()) {
          const bad = await checkPhone(v.mobile);
          if (bad) return bad;
        }
        return outcome(dispatch(settingsApi.endpoints.personalDetails.initiate({ ...v, contact_time: Number(v.contact_time) })));
      }}
      form={({ values, errors, set, isDisabled }) => (
        <>
          <TextField label="Name" value={values.name} onChange={(x) => set('name', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.name)} errorMessage={errors.name} autoComplete="name" />
          <TextField label="Company" value={values.company} onChange={(x) => set('company', x)} isDisabled={isDisabled} autoComplete="organization" />
          <PhoneInput label="Mobile number" value={values.mobile} onChange={(x) => set('mobile', x)} error={errors.mobile} isDisabled={isDisabled} />
          <PhoneInput label="Phone number" value={values.phone} onChange={(x) => set('phone', x)} error={errors.phone} isDisabled={isDisabled} />
          <Select
            label="Time zone"
            items={TIME_ZONES.map((z) => ({ id: z.value, label: z.label }))}
            selectedKey={values.timezone || null}
            onSelectionChange={(k) => set('timezone', String(k))}
            placeholder="Choose your time zone"
            isRequired
            isDisabled={isDisabled}
            isInvalid={Boolean(errors.timezone)}
            errorMessage={errors.timezone}
          />
          <Select
            label="Best time to contact"
            items={CONTACT_TIMES.map((c) => ({ id: String(c.value), label: c.text }))}
            selectedKey={values.contact_time || null}
            onSelectionChange={(k) => set('contact_time', String(k))}
            isRequired
            isDisabled={isDisabled}
            isInvalid={Boolean(errors.contact_time)}
            errorMessage={errors.contact_time}
          />
          <TextField label="Telegram Handle" value={values.im_handle} onChange={(x) => set('im_handle', x)} isDisabled={isDisabled} />
        </>
      )}
    />
  );
}

// ---------- Email Preferences ----------

interface EmailValues {
  email: string;
  general_mailings: boolean;
  campaign_notices: boolean;
}

export const EMAIL_NOTICES_HELP =
  'Campaign notices tell you when a campaign you run changes its rate, expires or changes in any other way. If you turn them off, you will not receive rate-change, expiry or any other campaign notices.';

function EmailNoticesHelp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" size="sm" onPress={() => setOpen(true)}>
        What are campaign notices?
      </Button>
      <Modal title="About campaign notices" isOpen={open} onOpenChange={setOpen} size="sm" footer={(close) => <Button onPress={close}>Got it</Button>}>
        <p>{EMAIL_NOTICES_HELP}</p>
      </Modal>
    </>
  );
}

export function EmailPreferencesCard({ affiliate, editable, onLocked, onSaved }: CardProps) {
  const dispatch = useApiDispatch();
  const prefs = affiliate.email_preferences;
  const flagged = affiliate.affiliate_flags.includes(FLAG_INVALID_EMAIL);
  const email = affiliate.affiliate_personal_information.email;
  const saved: EmailValues = { email, general_mailings: prefs.general_mailings === 'Y', campaign_notices: prefs.campaign_notices === 'Y' };
  const yesNo = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
  return (
    <SettingsCard<EmailValues>
      title="Email Preferences"
      data-testid="email-card"
      editable={editable}
      saved={saved}
      onLocked={onLocked}
      onSaved={onSaved}
      view={
        <ReadOnly>
          <dt>Email</dt>
          <dd>{email}</dd>
          <dt>General mailings</dt>
          <dd>{prefs.general_mailings === 'Y' ? 'Yes' : 'No'}</dd>
          <dt>Campaign notices</dt>
          <dd>{prefs.campaign_notices === 'Y' ? 'Yes' : 'No'}</dd>
        </ReadOnly>
      }
      footer={<EmailNoticesHelp />}
      validate={(v) => {
        if (!v.email.trim()) return { email: settingsFieldMessages.email };
        if (flagged && v.email.trim().toLowerCase() === email.toLowerCase()) return { email: EMAIL_UNDELIVERABLE };
        return {};
      }}
      save={async (v) => {
        try {
          const check = await dispatch(settingsApi.endpoints.validateEmail.initiate(v.email.trim())).unwrap();
          if (!check.isValid) return { ok: false, message: check.message ?? 'This email address is invalid', field: 'email' };
        } catch (e) {
          const { message, code } = failureOf(e);
          return { ok: false, message, status: code };
        }
        return outcome(
          dispatch(settingsApi.endpoints.emailPreferences.initiate({ email: v.email.trim(), general_mailings: yesNo(v.general_mailings), campaign_notices: yesNo(v.campaign_notices) })),
        );
      }}
      form={({ values, errors, set, isDisabled }) => (
        <>
          <TextField label="Email" type="email" value={values.email} onChange={(x) => set('email', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.email)} errorMessage={errors.email} autoComplete="email" />
          <Switch isSelected={values.general_mailings} onChange={(x) => set('general_mailings', x)} isDisabled={isDisabled}>
            General mailings
          </Switch>
          <Switch isSelected={values.campaign_notices} onChange={(x) => set('campaign_notices', x)} isDisabled={isDisabled}>
            Campaign notices
          </Switch>
        </>
      )}
    />
  );
}

// ---------- Phone Information ----------

interface PhoneValues {
  mobile: string;
  phone: string;
}

export function PhoneCard({ affiliate, editable, onLocked, onSaved }: CardProps) {
  const dispatch = useApiDispatch();
  const checkPhone = usePhoneCheck();
  const p = affiliate.affiliate_personal_information;
  return (
    <SettingsCard<PhoneValues>
      title="Phone Information"
      data-testid="phone-card"
      editable={editable}
      saved={{ mobile: p.mobile_phone, phone: p.phone }}
      onLocked={onLocked}
      onSaved={onSaved}
      view={
        <ReadOnly>
          <dt>Mobile</dt>
          <dd>{show(p.mobile_phone)}</dd>
          <dt>Phone</dt>
          <dd>{show(p.phone)}</dd>
        </ReadOnly>
      }
      validate={(v) => ({ mobile: v.mobile.trim() ? undefined : settingsFieldMessages.mobile })}
      save={async (v) => (await checkPhone(v.mobile)) ?? outcome(dispatch(settingsApi.endpoints.phoneDetails.initiate(v)))}
      form={({ values, errors, set, isDisabled }) => (
        <>
          <PhoneInput label="Mobile number" value={values.mobile} onChange={(x) => set('mobile', x)} error={errors.mobile} isRequired isDisabled={isDisabled} />
          <PhoneInput label="Phone number" value={values.phone} onChange={(x) => set('phone', x)} error={errors.phone} isDisabled={isDisabled} />
        </>
      )}
    />
  );
}

// ---------- Address ----------

interface AddressValues {
  address1: string;
  address2: string;
  city: string;
  country: string;
  state: string;
  non_state: string;
  zipcode: string;
}

const COUNTRY_ITEMS = ISO_COUNTRIES.map((c) => ({ id: c.alpha2, label: c.name }));

export function AddressCard({ affiliate, editable, onLocked, onSaved }: CardProps) {
  const dispatch = useApiDispatch();
  const a = affiliate.affiliate_address;
  const withStates = countryHasStates(a.country_code);
  const saved: AddressValues = {
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    country: a.country_code,
    state: withStates ? a.state : '',
    non_state: withStates ? '' : a.state,
    zipcode: a.zipcode,
  };
  // US and CA: a state of that country's list, or nothing (a code of another country is not shown as
  // this one's); elsewhere the free-text region, under the form's own label.
  const stateName = withStates ? (STATES.find((s) => s.code === a.state && s.country === a.country_code)?.name ?? '') : a.state;
  return (
    <SettingsCard<AddressValues>
      title="Address"
      data-testid="address-card"
      editable={editable}
      saved={saved}
      onLocked={onLocked}
      onSaved={onSaved}
      view={
        <ReadOnly>
          <dt>Address</dt>
          <dd>{show([a.address1, a.address2].filter(Boolean).join(', '))}</dd>
          <dt>City</dt>
          <dd>{show(a.city)}</dd>
          <dt>{withStates ? 'State / province' : 'State / region'}</dt>
          <dd>{show(stateName)}</dd>
          <dt>Country</dt>
          <dd>{countryByAlpha2(a.country_code)?.name ?? NOT_SET}</dd>
          <dt>Zip / postal code</dt>
          <dd>{show(a.zipcode)}</dd>
        </ReadOnly>
      }
      validate={(v) => ({
        address1: v.address1.trim() ? undefined : settingsFieldMessages.address1,
        city: v.city.trim() ? undefined : settingsFieldMessages.city,
        country: v.country ? undefined : settingsFieldMessages.country,
        state: countryHasStates(v.country) && !v.state ? profileMessages.chooseState : undefined,
        zipcode: v.zipcode.trim() ? undefined : settingsFieldMessages.zipcode,
      })}
      save={async (v) => {
        const result = await outcome(
          dispatch(
            settingsApi.endpoints.addressDetails.initiate({
              address1: v.address1,
              address2: v.address2,
              city: v.city,
              state: countryHasStates(v.country) ? v.state : '',
              non_state: countryHasStates(v.country) ? '' : v.non_state,
              country: { key: v.country, text: countryByAlpha2(v.country)?.name ?? '' },
              zipcode: v.zipcode,
            }),
          ),
        );
        // Spec 001 §8: the address save's failure reads 'There was an error updating your profile.',
        // followed by what the server said (which field to fix).
        return result.ok || result.status === 403 ? result : { ...result, message: `${profileMessages.addressFailed} ${result.message}` };
      }}
      form={({ values, errors, set, isDisabled }) => (
        <>
          <TextField label="Address" value={values.address1} onChange={(x) => set('address1', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.address1)} errorMessage={errors.address1} autoComplete="address-line1" />
          <TextField label="Address line 2" value={values.address2} onChange={(x) => set('address2', x)} isDisabled={isDisabled} autoComplete="address-line2" />
          <TextField label="City" value={values.city} onChange={(x) => set('city', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.city)} errorMessage={errors.city} autoComplete="address-level2" />
          <Select
            label="Country"
            items={COUNTRY_ITEMS}
            selectedKey={values.country || null}
            onSelectionChange={(k) => {
              set('country', String(k));
              set('state', '');
            }}
            placeholder="Choose your country"
            isRequired
            isDisabled={isDisabled}
            isInvalid={Boolean(errors.country)}
            errorMessage={errors.country}
          />
          {countryHasStates(values.country) ? (
            <Select
              label="State / province"
              items={statesOf(values.country).map((s) => ({ id: s.code, label: s.name }))}
              selectedKey={values.state || null}
              onSelectionChange={(k) => set('state', String(k))}
              placeholder="Choose a state / province"
              isRequired
              isDisabled={isDisabled}
              isInvalid={Boolean(errors.state)}
              errorMessage={errors.state}
            />
          ) : (
            <TextField label="State / region" value={values.non_state} onChange={(x) => set('non_state', x)} isDisabled={isDisabled} autoComplete="address-level1" />
          )}
          <TextField label="Zip / postal code" value={values.zipcode} onChange={(x) => set('zipcode', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.zipcode)} errorMessage={errors.zipcode} autoComplete="postal-code" />
        </>
      )}
    />
  );
}

// ---------- Promotional Methods ----------

interface PromotionalValues {
  promotion: string;
  website: string;
}

export const INCENTIVE_NOTE = 'Your incentive setting is managed by your affiliate manager: contact them to change it.';

export function PromotionalCard({ affiliate, editable, onLocked, onSaved }: CardProps) {
  const dispatch = useApiDispatch();
  const m = affiliate.promotional_methods;
  const incentive = (
    <ReadOnly>
      <dt>Incentive traffic</dt>
      <dd>
        {m.incentive === 'Y' ? 'Allowed' : 'Not allowed'} <br />
        <small>{INCENTIVE_NOTE}</small>
      </dd>
    </ReadOnly>
  );
  return (
    <SettingsCard<PromotionalValues>
      title="Promotional Methods"
      data-testid="promotional-card"
      editable={editable}
      saved={{ promotion: m.promotion, website: m.website }}
      onLocked={onLocked}
      onSaved={onSaved}
      view={
        <ReadOnly>
          <dt>Description</dt>
          <dd>{show(m.promotion)}</dd>
          <dt>Website</dt>
          <dd>{show(m.website)}</dd>
        </ReadOnly>
      }
      footer={incentive}
      validate={(v) => ({
        // The intended rule of spec 001 §5 (docs/settings.md): at least 50 characters.
        promotion: !v.promotion.trim() ? settingsFieldMessages.promotion : v.promotion.trim().length < PROMOTION_MIN_LENGTH ? profileMessages.shortDescription : undefined,
        // The server's rule (src/shared/profileOptions.ts), checked here so the field itself is marked.
        website: !v.website.trim() ? settingsFieldMessages.website : isWebsite(v.website) ? undefined : profileMessages.invalidWebsite,
      })}
      save={(v) => outcome(dispatch(settingsApi.endpoints.promotionalDetails.initiate({ promotion: v.promotion.trim(), website: v.website.trim() })))}
      form={({ values, errors, set, isDisabled }) => (
        <>
          <TextArea label="How do you promote campaigns?" value={values.promotion} onChange={(x) => set('promotion', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.promotion)} errorMessage={errors.promotion} rows={4} maxLength={5000} />
          <TextField label="Website" value={values.website} onChange={(x) => set('website', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.website)} errorMessage={errors.website} autoComplete="url" />
        </>
      )}
    />
  );
}

// ---------- Security ----------

interface SecurityValues {
  password: string;
  newPassword1: string;
  newPassword2: string;
  security_q1: string;
  security_a1: string;
  security_q2: string;
  security_a2: string;
}

export function SecurityCard({ affiliate, editable, onLocked, onSaved, questions }: CardProps & { questions: readonly SecurityQuestion[] }) {
  const dispatch = useApiDispatch();
  const s = affiliate.security;
  const saved: SecurityValues = {
    password: '',
    newPassword1: '',
    newPassword2: '',
    security_q1: s.question1.question_id ? String(s.question1.question_id) : '',
    security_a1: '',
    security_q2: s.question2.question_id ? String(s.question2.question_id) : '',
    security_a2: '',
  };
  const group = (g: 1 | 2) => questions.filter((q) => q.question_group === g).map((q) => ({ id: String(q.id), label: q.question }));
  const errorsOf = (v: SecurityValues): FieldErrors<SecurityValues> => {
    const typed = v.newPassword1 !== '' || v.newPassword2 !== '';
    return {
      password: v.password ? undefined : settingsFieldMessages.currentPassword,
      newPassword2: typed && v.newPassword1 !== v.newPassword2 ? profileMessages.passwordsDontMatch : undefined,
      security_q1: v.security_q1 ? undefined : settingsFieldMessages.question,
      security_q2: v.security_q2 ? undefined : settingsFieldMessages.question,
      security_a1: v.security_a1.trim() ? undefined : settingsFieldMessages.answer,
      security_a2: v.security_a2.trim() ? undefined : settingsFieldMessages.answer,
    };
  };
  return (
    <SettingsCard<SecurityValues>
      title="Security"
      data-testid="security-card"
      editable={editable}
      saved={saved}
      onLocked={onLocked}
      onSaved={onSaved}
      afterSave={() => saved}
      view={
        <ReadOnly>
          <dt>Password</dt>
          <dd>••••••••</dd>
          <dt>Security question 1</dt>
          <dd>{show(s.question1.description)}</dd>
          <dt>Security question 2</dt>
          <dd>{show(s.question2.description)}</dd>
        </ReadOnly>
      }
      validate={errorsOf}
      save={(v) =>
        outcome(
          dispatch(
            settingsApi.endpoints.securityDetails.initiate({
              ...v,
              security_q1: Number(v.security_q1),
              security_q2: Number(v.security_q2),
            }),
          ),
        )
      }
      form={({ values, errors, set, isDisabled }) => (
        <>
          <TextField label="Current password" type="password" value={values.password} onChange={(x) => set('password', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.password)} errorMessage={errors.password} autoComplete="current-password" />
          <TextField
            label="New password"
            type="password"
            value={values.newPassword1}
            onChange={(x) => set('newPassword1', x)}
            isDisabled={isDisabled}
            description="Leave empty to keep your password. 7 to 30 characters with a lowercase letter, a number and a special character, no spaces."
            isInvalid={Boolean(errors.newPassword1)}
            errorMessage={errors.newPassword1}
            autoComplete="new-password"
          />
          <TextField label="Re-enter new password" type="password" value={values.newPassword2} onChange={(x) => set('newPassword2', x)} isDisabled={isDisabled} isInvalid={Boolean(errors.newPassword2)} errorMessage={errors.newPassword2} autoComplete="new-password" />
          <Select label="Security question 1" items={group(1)} selectedKey={values.security_q1 || null} onSelectionChange={(k) => set('security_q1', String(k))} placeholder="Choose a question" isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.security_q1)} errorMessage={errors.security_q1} />
          <TextField label="Answer 1" value={values.security_a1} onChange={(x) => set('security_a1', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.security_a1)} errorMessage={errors.security_a1} />
          <Select label="Security question 2" items={group(2)} selectedKey={values.security_q2 || null} onSelectionChange={(k) => set('security_q2', String(k))} placeholder="Choose a question" isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.security_q2)} errorMessage={errors.security_q2} />
          <TextField label="Answer 2" value={values.security_a2} onChange={(x) => set('security_a2', x)} isRequired isDisabled={isDisabled} isInvalid={Boolean(errors.security_a2)} errorMessage={errors.security_a2} />
        </>
      )}
    />
  );
}
