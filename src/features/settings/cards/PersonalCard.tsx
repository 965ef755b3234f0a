import { settingsFieldMessages } from '../../../api/contract/settings';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { CONTACT_TIMES, TIME_ZONES, contactTimeText, timeZoneOption } from '../../../shared/profileOptions';
import { TextField } from '../../../ui/TextField';
import { PhoneInput } from '../../../components/forms/PhoneInput';
import { SettingsCard } from '../SettingsCard';
import { NOT_SET, outcome, show, usePhoneCheck, type CardProps } from './cardKit';
import { Select } from './editControls';

interface PersonalValues {
  name: string;
  company: string;
  mobile: string;
  phone: string;
  timezone: string;
  contact_time: string;
  im_handle: string;
}

export function PersonalCard({ affiliate, ...wiring }: CardProps) {
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
      {...wiring}
      title="Personal Information"
      data-testid="personal-card"
      saved={saved}
      facts={[
        ['Name', show(p.name)],
        ['Company', show(p.company)],
        ['Mobile', show(p.mobile_phone)],
        ['Phone', show(p.phone)],
        ['Time zone', timeZoneOption(p.time_zone)?.label ?? NOT_SET],
        ['Best time to contact', contactTimeText(p.contact_time.value)],
        ['Telegram Handle', show(p.im_handle)],
        ['Email', p.email],
      ]}
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
