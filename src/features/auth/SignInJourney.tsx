import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { codeVerificationMachine } from '../../machines/codeVerification.machine';
import { signInMachine } from '../../machines/signIn.machine';
import { twoFactorSetupMachine } from '../../machines/twoFactorSetup.machine';
import { useFlowActor } from '../../lib/flowActor';
import { clearSession, readSessionToken, storeLoginTokens, storeSession } from '../../lib/session';
import { authApi } from '../../api/authApi';
import { paths } from '../../shared/paths';
import { useLeaveWarning } from '../../lib/leaveGuard';
import { preloadableLazy } from '../../lib/preloadableLazy';
import { AuthenticatorCodeForm } from './AuthenticatorCodeForm';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { LoadingScreen } from './LoadingScreen';
import { LoginForm } from './LoginForm';
import { makeSignInActors } from './signInActors';

export interface SignInJourneyProps {
  productName: string;
  siteId: string;
  /**
   * Called when the journey ends, signed in or not; the app reloads the page (spec 002 §4): the
   * dashboard when signed in, the sign-in screen's own address otherwise.
   */
  onFinished?: (signedIn: boolean) => void;
  /**
   * Called once when the password is accepted: the app fetches the first signed-in screen's code
   * meanwhile, so the page that opens after the journey does not wait for it.
   */
  prefetchSignedIn?: () => void;
}

const titles: Record<string, string> = {
  credentials: 'Sign in',
  authenticating: 'Sign in',
  authenticatorCode: 'Two-factor authentication',
  verifyingOtp: 'Two-factor authentication',
  accountVerification: 'Please verify your account',
  optionalOffer: 'Secure your account',
  forcedOffer: 'Secure your account',
  savingPromptDate: 'Secure your account',
  twoFactorSetup: '2-step Verification Setup',
};

const reloadInto = (signedIn: boolean) => window.location.assign(signedIn ? paths.dashboard : paths.root);

/**
 * A journey left without a session (Cancel on a code screen, a forced set-up abandoned): the half
 * sign-in's token is revoked on the server and forgotten here, so nothing half signed-in stays behind.
 */
async function abandonHalfSignIn(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) {
  if (readSessionToken()) await dispatch(authApi.endpoints.logout.initiate()).unwrap().catch(() => undefined);
  clearSession();
}

/**
 * The code-verification and two-factor set-up screens are needed only after the password and by few
 * sign-ins: they load then (fetched as soon as the password is sent), not with the sign-in page.
 */
const loadFlowViews = () => import('../../components/auth/flowViews');
const VerificationStepView = preloadableLazy(() => loadFlowViews().then((m) => m.VerificationStepView));
const SetupStepView = preloadableLazy(() => loadFlowViews().then((m) => m.SetupStepView));
/** The offer to set up two-factor sign-in (its radio group, with react-aria's, 7 KiB): the same. */
const TwoFactorOffer = preloadableLazy(() => import('./TwoFactorOffer').then((m) => m.TwoFactorOffer));
/**
 * Fetches the step screens (once the password is sent, meanwhile the server checks it); a step then
 * shows with no loading frame.
 */
export const preloadFlowViews = () => Promise.all([VerificationStepView.preload(), SetupStepView.preload(), TwoFactorOffer.preload()]);

/** The whole sign-in journey of spec 002 §4, driven by `signInMachine`. */
export function SignInJourney({ productName, siteId, onFinished = reloadInto, prefetchSignedIn }: SignInJourneyProps) {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  // storeSession encrypts the token copy asynchronously; leaving waits for the last write.
  const pendingWrite = useRef<Promise<void>>(Promise.resolve());
  const sessionStored = useRef(false);
  const machine = useMemo(() => {
    const a = makeSignInActors(dispatch);
    return signInMachine.provide({
      actors: {
        authenticate: a.authenticate,
        verifyOtp: a.verifyOtp,
        savePromptDate: a.savePromptDate,
        codeVerification: codeVerificationMachine.provide({ actors: { sendCode: a.sendCode, verifyCode: a.verifyCode } }),
        twoFactorSetup: twoFactorSetupMachine.provide({ actors: { fetchQrCode: a.fetchQrCode, activate: a.activate } }),
      },
      actions: {
        storeLoginTokens: (_, { answer }) => storeLoginTokens({ token: answer.token ?? '', ld: answer.ld, oid: answer.oid }),
        storeSession: (_, { answer }) => {
          sessionStored.current = true;
          pendingWrite.current = storeSession({ token: answer.token ?? '', affiliateId: answer.affiliateId ?? '' });
        },
        // The server has ended (or throttled) this half sign-in: revoke it to be sure, and forget its token.
        forgetHalfSignIn: () => void abandonHalfSignIn(dispatch),
        reload: () => {},
      },
    });
  }, [dispatch]);
  const actor = useFlowActor(machine, { input: {} });
  const state = useSelector(actor, (s) => s.value as string);
  const error = useSelector(actor, (s) => s.context.error);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const email = useSelector(actor, (s) => s.context.email);
  const verification = useSelector(actor, (s) => s.children.codeVerification as ActorRefFrom<typeof codeVerificationMachine> | undefined);
  const setup = useSelector(actor, (s) => s.children.twoFactorSetup as ActorRefFrom<typeof twoFactorSetupMachine> | undefined);
  const done = useSelector(actor, (s) => s.status === 'done');

  useLeaveWarning(state === 'optionalOffer' || state === 'forcedOffer');
  const passwordSent = state !== 'credentials';
  const passwordAccepted = passwordSent && state !== 'authenticating';
  const viewsFetched = useRef(false);
  useEffect(() => {
    if (!passwordSent || viewsFetched.current) return;
    viewsFetched.current = true;
    void preloadFlowViews().catch(() => {}); // a failed load shows the entry's load-failure message when rendered
  }, [passwordSent]);
  const prefetched = useRef(false);
  useEffect(() => {
    if (!passwordAccepted || prefetched.current) return;
    prefetched.current = true;
    prefetchSignedIn?.();
  }, [passwordAccepted, prefetchSignedIn]);
  useEffect(() => {
    if (!done) return;
    void pendingWrite.current
      .then(() => (sessionStored.current ? undefined : abandonHalfSignIn(dispatch)))
      .then(() => onFinished(sessionStored.current));
  }, [done, onFinished, dispatch]);

  if (done || state === 'savingPromptDate') return <LoadingScreen />;

  let body;
  switch (state) {
    case 'authenticatorCode':
    case 'verifyingOtp':
      body = (
        <AuthenticatorCodeForm
          error={error}
          isPending={state === 'verifyingOtp'}
          onSubmit={(code) => actor.send({ type: 'SUBMIT_CODE', code })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      );
      break;
    case 'accountVerification':
      body = verification ? <VerificationStepView actor={verification} finished={<LoadingScreen />} /> : <LoadingScreen />;
      break;
    case 'optionalOffer':
    case 'forcedOffer':
      body = (
        <TwoFactorOffer
          variant={state === 'forcedOffer' ? 'forced' : 'optional'}
          onAccept={() => actor.send({ type: 'ACCEPT_OFFER' })}
          onDecline={() => actor.send({ type: 'DECLINE_OFFER' })}
        />
      );
      break;
    case 'twoFactorSetup':
      body = setup ? <SetupStepView actor={setup} finished={<LoadingScreen />} /> : <LoadingScreen />;
      break;
    default:
      body = (
        <LoginForm
          error={error}
          fieldErrors={fieldErrors}
          initialEmail={email}
          isPending={state === 'authenticating'}
          onSubmit={(email, password) => actor.send({ type: 'SUBMIT', email, password })}
        />
      );
  }
  return (
    <AuthLayout title={titles[state] ?? 'Sign in'} productName={productName} siteId={siteId}>
      <Suspense fallback={<LoadingScreen />}>{body}</Suspense>
    </AuthLayout>
  );
}
