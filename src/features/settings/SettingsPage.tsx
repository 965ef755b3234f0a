import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import type { AffiliateResponse } from '../../api/contract/affiliate';
import { useApiDispatch } from '../../api/baseApi';
import { failureOf } from '../../api/errors';
import { useGetSecurityQuestionsQuery } from '../../api/settingsApi';
import { makeCodeActors } from '../../components/auth/codeActors';
import type { VerificationStepView } from '../../components/auth/flowViews';
import { useFlowActor } from '../../lib/flowActor';
import { usePageTitle } from '../../lib/page';
import { codeVerificationMachine } from '../../machines/codeVerification.machine';
import { settingsVerificationMachine } from '../../machines/settingsVerification.machine';
import { SETTINGS_WINDOW_MINUTES } from '../../shared/profileOptions';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { SystemMessage } from '../../ui/SystemMessage';
import { AddressCard, EmailPreferencesCard, PersonalCard, PhoneCard, PromotionalCard, SecurityCard } from './cards';
import { PaymentCard } from './PaymentCard';
import { TwoFactorCard } from './TwoFactorCard';

export const settingsText = {
  title: 'Profile & Settings',
  readOnly: `Your settings are read-only. Press Edit and verify your account with a code to change them for the next ${SETTINGS_WINDOW_MINUTES} minutes.`,
  loadFailed: 'There was an error signing in. Please try again.',
  smsHint: 'Add your mobile number to receive code via SMS',
  verificationLoadFailed: 'Connection error. Close this window and press Edit again to retry.',
} as const;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  flex-wrap: wrap;
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
  align-items: start;
  @media (max-width: 960px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
  min-width: 0;
`;
// Marked as a screen still loading, as PageLoading is (the shell keeps what sits below it back).
const Center = styled.div.attrs<{ 'data-screen-loading'?: string }>({ 'data-screen-loading': '' })`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[8]}px 0;
`;

type VerificationActor = ActorRefFrom<typeof codeVerificationMachine>;

/**
 * The verification form (with the two-factor views it shares a module with) is a chunk of its own,
 * loaded when Edit is pressed (issue 11): the page's first download does not carry it.
 */
type StepView = typeof VerificationStepView;
let loadedStepView: StepView | null = null;
let loadingStepView: Promise<StepView> | null = null;
function loadStepView(): Promise<StepView> {
  if (loadedStepView) return Promise.resolve(loadedStepView);
  loadingStepView ??= import('../../components/auth/flowViews').then(
    (m) => (loadedStepView = m.VerificationStepView),
    (e: unknown) => {
      loadingStepView = null;
      throw e;
    },
  );
  return loadingStepView;
}

/**
 * 'Please verify your account' (spec 001 §2.5): the code-verification machine in a modal. It opens
 * once its form's code is here (at once after the first time), or with a message if that failed.
 */
function VerificationModal({ actor, onCancel }: { actor: VerificationActor | undefined; onCancel: () => void }) {
  const [View, setView] = useState<StepView | null>(() => loadedStepView);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!actor || View) return;
    let live = true;
    setFailed(false);
    loadStepView().then(
      (view) => live && setView(() => view),
      (e: unknown) => {
        console.warn('The verification form could not be loaded', e);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [actor, View]);
  return (
    <Modal
      title="Please verify your account"
      isOpen={Boolean(actor) && (Boolean(View) || failed)}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      size="sm"
    >
      {actor &&
        (View ? (
          <View actor={actor} smsHint={settingsText.smsHint} />
        ) : (
          <SystemMessage variant="error" isDismissable={false}>
            {settingsText.verificationLoadFailed}
          </SystemMessage>
        ))}
    </Modal>
  );
}

/**
 * The profile and settings page (spec 001 §2.5): a spinner until the record loads, then the eight
 * cards in two columns, read-only until the page's Edit passes the verification (the
 * settingsVerification machine; the server keeps the same window, docs/settings.md).
 */
export function SettingsPage() {
  usePageTitle(settingsText.title);
  const record = useGetAffiliateQuery();
  const affiliate = record.data;

  if (record.isLoading) {
    return (
      <Center>
        <Spinner label="Loading your settings" />
      </Center>
    );
  }
  if (!affiliate) {
    // A 401 ends the session (the app's session flow); any other failure: spec 001 §8.
    const failure = failureOf(record.error);
    return (
      <Page>
        <h1>{settingsText.title}</h1>
        {failure.code !== 401 && (
          <SystemMessage variant="error" isDismissable={false}>
            {settingsText.loadFailed}{' '}
            <Button variant="link" onPress={() => void record.refetch()}>
              Try again
            </Button>
          </SystemMessage>
        )}
      </Page>
    );
  }
  return <SettingsScreen affiliate={affiliate} />;
}

/** The loaded page: the lock machine starts with the record (an open window found in it included). */
export function SettingsScreen({ affiliate }: { affiliate: AffiliateResponse }) {
  const dispatch = useApiDispatch();
  const questions = useGetSecurityQuestionsQuery();
  const machine = useMemo(() => {
    const a = makeCodeActors(dispatch);
    return settingsVerificationMachine.provide({
      actors: { codeVerification: codeVerificationMachine.provide({ actors: { sendCode: a.sendCode, verifyCode: a.verifyCode } }) },
    });
  }, [dispatch]);
  const mobileAvailable = Boolean(affiliate.affiliate_personal_information.mobile_phone.trim());
  const editableUntil = affiliate.settings_editable_until ? Date.parse(affiliate.settings_editable_until) : null;
  const actor = useFlowActor(machine, { input: { mobileAvailable, editableUntil } });
  const state = useSelector(actor, (s) => s.value);
  const notice = useSelector(actor, (s) => s.context.notice);
  const verification = useSelector(actor, (s) => s.children.codeVerification as VerificationActor | undefined);
  const editable = state === 'editable';

  // A saved mobile number makes SMS available for the next verification.
  useEffect(() => {
    actor.send({ type: 'MOBILE', available: mobileAvailable });
  }, [actor, mobileAvailable]);

  const onLocked = (message: string) => actor.send({ type: 'REFUSED', message });
  const onSaved = () => actor.send({ type: 'SAVED' });
  const cardProps = { affiliate, editable, onLocked, onSaved };

  return (
    <Page>
      <Head>
        <h1>{settingsText.title}</h1>
        {!editable && (
          <Button
            onPress={() => {
              void loadStepView().catch(() => undefined);
              actor.send({ type: 'EDIT' });
            }}
            aria-label="Edit your settings"
          >
            Edit
          </Button>
        )}
      </Head>
      {notice ? (
        <SystemMessage variant={editable ? 'success' : 'info'} isDismissable={false}>
          {notice}
        </SystemMessage>
      ) : (
        !editable && (
          <SystemMessage variant="info" isDismissable={false}>
            {settingsText.readOnly}
          </SystemMessage>
        )
      )}
      <Columns>
        <Column>
          <PersonalCard {...cardProps} />
          <EmailPreferencesCard {...cardProps} />
          <PhoneCard {...cardProps} />
          <AddressCard {...cardProps} />
        </Column>
        <Column>
          <PaymentCard {...cardProps} />
          <SecurityCard {...cardProps} questions={questions.data?.securityQuestions ?? []} />
          <TwoFactorCard {...cardProps} />
          <PromotionalCard {...cardProps} />
        </Column>
      </Columns>
      <VerificationModal actor={verification} onCancel={() => verification?.send({ type: 'CANCEL' })} />
    </Page>
  );
}
