import { settingsFieldMessages } from '../../../api/contract/settings';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { ISO_COUNTRIES, countryByAlpha2 } from '../../../shared/countries';
import { STATES, countryHasStates, profileMessages, statesOf } from '../../../shared/profileOptions';
import { TextField } from '../../../ui/TextField';
import { SettingsCard } from '../SettingsCard';
import { NOT_SET, outcome, show, type CardProps } from './cardKit';
import { Select } from './editControls';

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

export function AddressCard({ affiliate, ...wiring }: CardProps) {
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
      {...wiring}
      title="Address"
      data-testid="address-card"
      saved={saved}
      facts={[
        ['Address', show([a.address1, a.address2].filter(Boolean).join(', '))],
        ['City', show(a.city)],
        [withStates ? 'State / province' : 'State / region', show(stateName)],
        ['Country', countryByAlpha2(a.country_code)?.name ?? NOT_SET],
        ['Zip / postal code', show(a.zipcode)],
      ]}
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
