import { useState } from 'react';
import { settingsFieldMessages } from '../../../api/contract/settings';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { EMAIL_UNDELIVERABLE, FLAG_INVALID_EMAIL } from '../../../shared/profileOptions';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { SettingsCard } from '../SettingsCard';
import { outcome, refused, type CardProps } from './cardKit';

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

export function EmailPreferencesCard({ affiliate, ...wiring }: CardProps) {
  const dispatch = useApiDispatch();
  const prefs = affiliate.email_preferences;
  const flagged = affiliate.affiliate_flags.includes(FLAG_INVALID_EMAIL);
  const email = affiliate.affiliate_personal_information.email;
  const saved: EmailValues = { email, general_mailings: prefs.general_mailings === 'Y', campaign_notices: prefs.campaign_notices === 'Y' };
  const yesNo = (b: boolean) => (b ? 'Y' : 'N') as 'Y' | 'N';
  return (
    <SettingsCard<EmailValues>
      {...wiring}
      title="Email Preferences"
      data-testid="email-card"
      saved={saved}
      facts={[
        ['Email', email],
        ['General mailings', prefs.general_mailings === 'Y' ? 'Yes' : 'No'],
        ['Campaign notices', prefs.campaign_notices === 'Y' ? 'Yes' : 'No'],
      ]}
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
          return refused(e);
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
