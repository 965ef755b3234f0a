import { settingsFieldMessages } from '../../../api/contract/settings';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { PhoneInput } from '../../../components/forms/PhoneInput';
import { SettingsCard } from '../SettingsCard';
import { outcome, show, usePhoneCheck, type CardProps } from './cardKit';

interface PhoneValues {
  mobile: string;
  phone: string;
}

export function PhoneCard({ affiliate, ...wiring }: CardProps) {
  const dispatch = useApiDispatch();
  const checkPhone = usePhoneCheck();
  const p = affiliate.affiliate_personal_information;
  return (
    <SettingsCard<PhoneValues>
      {...wiring}
      title="Phone Information"
      data-testid="phone-card"
      saved={{ mobile: p.mobile_phone, phone: p.phone }}
      facts={[['Mobile', show(p.mobile_phone)], ['Phone', show(p.phone)]]}
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
