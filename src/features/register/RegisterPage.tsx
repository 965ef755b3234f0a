import { useMemo, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import { useGetMarketingCampaignQuery } from '../../api/registerApi';
import { useGetSecurityQuestionsQuery } from '../../api/settingsApi';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { useFlowActor } from '../../lib/flowActor';
import { useLeaveWarning } from '../../lib/leaveGuard';
import { emptyFields, progressOf, registrationMachine, stepNumbers, type StepName } from '../../machines/registration.machine';
import { paths } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { Link } from '../../ui/Link';
import { ProgressBar } from '../../ui/ProgressBar';
import { SystemMessage } from '../../ui/SystemMessage';
import { applicationContext } from './applicationData';
import { MarketingBanner, ReferralBanner } from './Banner';
import { makeRegistrationActors } from './registerActors';
import { AddressStep, ContactStep, ExistingAccountStep, ExperienceStep, IdentificationStep, OtherAccountStep, PersonalStep, Stack, TermsStep } from './Steps';
import { ThankYou } from './ThankYou';

/** The application token: a random hexadecimal string made on the client (spec 002 §3). */
export function newAppToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** localStorage, or null where the browser refuses it (a privacy mode). */
function browserStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const STEP_TITLES: Record<StepName, string> = {
  existing: 'Your account',
  otherAccount: 'Your existing account',
  personal: 'Personal information',
  contact: 'Contact',
  address: 'Address',
  identification: 'Identification',
  experience: 'Experience',
  terms: 'Terms',
  submitting: 'Terms',
  done: 'Thank you',
};

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
`;
const Nav = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
`;

export interface RegisterPageProps {
  productName: string;
  siteId: string;
  /** The network's contact address, named when the availability check gets no answer (spec 002 §8). */
  supportEmail: string;
}

/** /register: the registration wizard (spec 002 §2-§5, §8; issue 18). */
export function RegisterPage({ productName, siteId, supportEmail }: RegisterPageProps) {
  const [search] = useSearchParams();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [input] = useState(() => ({
    context: { ...applicationContext(search, document.referrer, browserStorage()), appToken: newAppToken() },
    newApp: search.get('new_app') === 'true',
    token: search.get('token') ?? '',
    supportEmail,
  }));
  const actors = useMemo(() => makeRegistrationActors(dispatch), [dispatch]);
  const machine = useMemo(() => registrationMachine.provide({ actors }), [actors]);
  const actor = useFlowActor(machine, { input });
  const snapshot = useSelector(actor, (s) => s);
  const { fields, images, errors, emailNotice, prefillError, submitError } = snapshot.context;

  const mktg = Number(input.context.mktg) || 0;
  const campaign = useGetMarketingCampaignQuery(mktg, { skip: mktg === 0 });
  const questions = useGetSecurityQuestionsQuery();

  const top = (typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]) as StepName | 'start' | 'prefilling' | 'afterPrefill';
  const step: StepName = top in stepNumbers ? (top as StepName) : 'existing';
  const loading = top === 'prefilling' || top === 'start' || top === 'afterPrefill';
  const done = step === 'done';
  const checkingEmail = snapshot.matches({ personal: 'checkingEmail' });
  const checkingPhones = snapshot.matches({ contact: 'checkingPhones' });
  const submitting = step === 'submitting';
  const dirty = !done && (JSON.stringify(fields) !== JSON.stringify(emptyFields) || images.idFront !== null);
  useLeaveWarning(dirty);

  const onEdit = (f: Partial<typeof fields>) => actor.send({ type: 'EDIT', fields: f });
  const next = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'NEXT' });
  };
  const props = { fields, errors, onEdit };

  return (
    <AuthLayout title={done ? 'Thank you for applying' : 'Apply to join'} productName={productName} siteId={siteId} wide>
      <Layout>
        {Number(input.context.referrer) > 0 && <ReferralBanner />}
        {!done && <MarketingBanner campaign={campaign.data?.data ?? null} />}
        {prefillError && <SystemMessage variant="error">{prefillError}</SystemMessage>}
        {done ? (
          <ThankYou />
        ) : (
          <form onSubmit={next} noValidate aria-label={STEP_TITLES[step]} aria-busy={loading || undefined}>
            <Stack>
              <ProgressBar label={`Step ${stepNumbers[step]} of 7: ${STEP_TITLES[step]}`} value={progressOf(stepNumbers[step]) * 100} showValueLabel />
              {step === 'existing' && <ExistingAccountStep {...props} productName={productName} />}
              {step === 'otherAccount' && <OtherAccountStep {...props} />}
              {step === 'personal' && <PersonalStep {...props} isDisabled={checkingEmail} emailNotice={emailNotice} questions={questions.data?.securityQuestions ?? []} />}
              {step === 'contact' && <ContactStep {...props} isDisabled={checkingPhones} />}
              {step === 'address' && <AddressStep {...props} />}
              {step === 'identification' && <IdentificationStep images={images} errors={errors} onImage={(side, file) => actor.send({ type: 'SET_IMAGE', side, file })} />}
              {step === 'experience' && <ExperienceStep {...props} />}
              {(step === 'terms' || step === 'submitting') && <TermsStep {...props} />}
              {submitError && <SystemMessage variant="error">{submitError}</SystemMessage>}
              <Nav>
                {step !== 'existing' ? (
                  <Button variant="secondary" onPress={() => actor.send({ type: 'BACK' })} isDisabled={submitting || checkingEmail || checkingPhones}>
                    Back
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit" isPending={checkingEmail || checkingPhones || submitting} isDisabled={loading}>
                  {step === 'terms' || step === 'submitting' ? 'Submit' : 'Next'}
                </Button>
              </Nav>
            </Stack>
          </form>
        )}
        <p>
          Already have an account? <Link href={paths.root}>Sign in now.</Link>
        </p>
      </Layout>
    </AuthLayout>
  );
}
