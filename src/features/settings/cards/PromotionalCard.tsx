import { settingsFieldMessages } from '../../../api/contract/settings';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { PROMOTION_MIN_LENGTH, isWebsite, profileMessages } from '../../../shared/profileOptions';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { ReadOnly, SettingsCard } from '../SettingsCard';
import { outcome, show, type CardProps } from './cardKit';

interface PromotionalValues {
  promotion: string;
  website: string;
}

export const INCENTIVE_NOTE = 'Your incentive setting is managed by your affiliate manager: contact them to change it.';

export function PromotionalCard({ affiliate, ...wiring }: CardProps) {
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
      {...wiring}
      title="Promotional Methods"
      data-testid="promotional-card"
      saved={{ promotion: m.promotion, website: m.website }}
      facts={[['Description', show(m.promotion)], ['Website', show(m.website)]]}
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
