import type { SecurityQuestion } from '../../../api/contract/register';
import { settingsFieldMessages } from '../../../api/contract/settings';
import { settingsApi } from '../../../api/settingsApi';
import { useApiDispatch } from '../../../api/baseApi';
import { profileMessages } from '../../../shared/profileOptions';
import { TextField } from '../../../ui/TextField';
import { SettingsCard, type FieldErrors } from '../SettingsCard';
import { outcome, show, type CardProps } from './cardKit';
import { Select } from './editControls';

interface SecurityValues {
  password: string;
  newPassword1: string;
  newPassword2: string;
  security_q1: string;
  security_a1: string;
  security_q2: string;
  security_a2: string;
}

export function SecurityCard({ affiliate, questions, ...wiring }: CardProps & { questions: readonly SecurityQuestion[] }) {
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
      {...wiring}
      title="Security"
      data-testid="security-card"
      saved={saved}
      afterSave={() => saved}
      facts={[
        ['Password', '••••••••'],
        ['Security question 1', show(s.question1.description)],
        ['Security question 2', show(s.question2.description)],
      ]}
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
