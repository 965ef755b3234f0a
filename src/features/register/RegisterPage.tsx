import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
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
import { forgetDraft, readDraft, resumeStepOf, saveDraft } from './draft';
import { MarketingBanner, ReferralBanner } from './Banner';
import { makeRegistrationActors } from './registerActors';
import { AddressStep, ContactStep, ExistingAccountStep, ExperienceStep, IdentificationStep, OtherAccountStep, PersonalStep, Stack, TermsStep } from './Steps';
import { ThankYou } from './ThankYou';

/** The application token: a random hexadecimal string made on the client (spec 002 §3). */
function newAppToken(): string {
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

/** The wizard's steps in order; the submission is the terms step's own history entry. */
const STEP_ORDER: StepName[] = ['existing', 'otherAccount', 'personal', 'contact', 'address', 'identification', 'experience', 'terms', 'done'];
const historyStep = (step: StepName): StepName => (step === 'submitting' ? 'terms' : step);
const orderOf = (step: StepName) => STEP_ORDER.indexOf(historyStep(step));

/** What a history entry of the wizard holds: its step, and how many wizard entries lie beneath it. */
interface StepEntry {
  registerStep: StepName;
  depth: number;
}
const entryOf = (state: unknown): StepEntry | null => {
  const e = state as Partial<StepEntry> | null;
  return e && typeof e.registerStep === 'string' && typeof e.depth === 'number' ? (e as StepEntry) : null;
};

const StepHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  outline: none;
`;

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

/** /register: the registration wizard (spec 002 §2-§5, §8). */
export function RegisterPage({ productName, siteId, supportEmail }: RegisterPageProps) {
  const [search] = useSearchParams();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [input] = useState(() => {
    const draft = readDraft();
    return {
      context: { ...applicationContext(search, document.referrer, browserStorage()), appToken: draft?.appToken ?? newAppToken() },
      newApp: search.get('new_app') === 'true',
      token: search.get('token') ?? '',
      supportEmail,
      resume: draft ? { fields: draft.fields, step: resumeStepOf(draft.step) } : undefined,
    };
  });
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

  // What was typed outlives a reload of this tab (without the passwords), until the application is in.
  useEffect(() => {
    if (loading) return;
    if (done) forgetDraft();
    else saveDraft(fields, historyStep(step), input.context.appToken);
  }, [fields, step, loading, done, input.context.appToken]);

  // One history entry per step: Next pushes one, the browser's Back and Forward move between steps.
  const location = useLocation();
  const navigate = useNavigate();
  const entry = entryOf(location.state);
  const seen = useRef<{ step: StepName; key: string } | null>(null);
  const poppingOwn = useRef(false);
  const stepOf = () => {
    const s = actor.getSnapshot();
    const value = (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as StepName;
    return value in stepNumbers ? value : step;
  };
  useEffect(() => {
    if (loading) return;
    const here = historyStep(step);
    const mark = (depth: number, replace: boolean) => navigate(location, { replace, state: { registerStep: here, depth } satisfies StepEntry });
    const before = seen.current;
    seen.current = { step: here, key: location.key };
    if (!before) {
      // The first step shown (or the one a reload reopens) takes over the entry the page opened on.
      if (entry?.registerStep !== here) mark(entry?.depth ?? 0, true);
      return;
    }
    if (before.key !== location.key) {
      // Moved through history: the browser's Back or Forward, or Back on the page going back one entry.
      const own = poppingOwn.current;
      poppingOwn.current = false;
      if (!entry || entry.registerStep === here || done) return;
      if (own) {
        mark(entry.depth, true);
        return;
      }
      if (orderOf(entry.registerStep) < orderOf(here)) {
        for (let i = 0; i < STEP_ORDER.length && orderOf(stepOf()) > orderOf(entry.registerStep); i += 1) {
          const from = stepOf();
          actor.send({ type: 'BACK' });
          if (stepOf() === from) break;
        }
      } else {
        actor.send({ type: 'NEXT' });
      }
      return;
    }
    if (before.step === here || entry?.registerStep === here) return;
    if (here === 'done') mark(entry?.depth ?? 0, true);
    else if (!entry || orderOf(here) > orderOf(entry.registerStep)) mark((entry?.depth ?? -1) + 1, false);
    else if (entry.depth > 0) {
      poppingOwn.current = true;
      navigate(-1);
    } else mark(0, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on a new step or a new history entry only
  }, [step, location.key, loading]);

  // After each move the step's heading takes the focus, so a screen reader starts there.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedStep = useRef<StepName | null>(null);
  useEffect(() => {
    if (loading) return;
    const here = historyStep(step);
    if (focusedStep.current !== null && focusedStep.current !== here) heading.current?.focus();
    focusedStep.current = here;
  }, [step, loading]);

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
              <StepHeading ref={heading} tabIndex={-1}>
                {STEP_TITLES[step]}
              </StepHeading>
              <ProgressBar label={`Step ${stepNumbers[step]} of 7`} value={progressOf(stepNumbers[step]) * 100} showValueLabel />
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
