import { Suspense, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { codeVerificationMachine } from '../../machines/codeVerification.machine';
import { credentialMessages, validateCredentials, type CredentialErrors } from '../../machines/signIn.rules';
import type { twoFactorSetupMachine } from '../../machines/twoFactorSetup.machine';
import { FlowStartContext } from '../../lib/flowStart';
import { clearSignInNotice, peekSignInNotice } from '../../lib/signInNotice';
import { paths } from '../../shared/paths';
import { useLeaveWarning } from '../../lib/leaveGuard';
import { preloadableLazy } from '../../lib/preloadableLazy';
import { AuthenticatorCodeForm } from './AuthenticatorCodeForm';
import { AuthLayout } from '../../components/auth/AuthLayout';
import { LoadingScreen } from './LoadingScreen';
import { LoginForm } from './LoginForm';
import type { SignInActor, SignInDispatch } from './signInEngine';

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
  /**
   * The store's dispatch, asked for when the journey starts: the page is drawn without Redux and
   * XState, which load when the affiliate first touches the form or a story starts a state.
   */
  loadDispatch: () => Promise<SignInDispatch>;
  /** Stories: the captcha widget's test mode (solved with a click, nothing computed). */
  captchaTest?: boolean;
}

const titles: Record<string, string> = {
  credentials: 'Sign in',
  captcha: 'Sign in',
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

/** The journey's machines and calls (Redux, RTK Query, XState: 44 KiB), loaded when sign-in starts. */
const loadEngine = () => import('./signInEngine');

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
const preloadFlowViews = () => Promise.all([VerificationStepView.preload(), SetupStepView.preload(), TwoFactorOffer.preload()]);
/** Everything the journey may show, for stories that open a later step at once. */
export const preloadJourney = () => Promise.all([loadEngine(), preloadFlowViews()]);

const noFieldErrors: CredentialErrors = {};
const noSubscription = () => () => {};

/**
 * The whole sign-in journey of spec 002 §4, driven by `signInMachine`. The form is drawn at once; the
 * machine (with Redux and RTK Query) loads when the affiliate first focuses, presses or fills the
 * form, and a password sent before it is here waits for it with the button busy.
 */
export function SignInJourney({ productName, siteId, onFinished = reloadInto, prefetchSignedIn, loadDispatch, captchaTest }: SignInJourneyProps) {
  const starts = useContext(FlowStartContext);
  // storeSession encrypts the token copy asynchronously; leaving waits for the last write.
  const pendingWrite = useRef<Promise<void>>(Promise.resolve());
  const sessionStored = useRef(false);
  const dispatchRef = useRef<SignInDispatch | null>(null);
  // A story that starts the machine in a given state starts it at once.
  const [wanted, setWanted] = useState(starts !== null);
  const [actor, setActor] = useState<SignInActor | null>(null);
  // The journey's code could not be downloaded: 'Connection error.' on the form; the next touch tries again.
  const [loadFailed, setLoadFailed] = useState(false);
  const queued = useRef<{ email: string; password: string } | null>(null);
  const [waiting, setWaiting] = useState(false);
  const loadDispatchRef = useRef(loadDispatch);
  loadDispatchRef.current = loadDispatch;

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let made: SignInActor | undefined;
    const onSessionStored = (write: Promise<void>) => {
      sessionStored.current = true;
      pendingWrite.current = write;
    };
    Promise.all([loadEngine(), loadDispatchRef.current()]).then(
      ([engine, dispatch]) => {
        if (!live) return;
        dispatchRef.current = dispatch;
        made = engine.startSignIn(dispatch, onSessionStored, starts);
        if (queued.current) made.send({ type: 'SUBMIT', ...queued.current });
        queued.current = null;
        setActor(made);
        setWaiting(false);
      },
      () => {
        if (!live) return;
        queued.current = null;
        setLoadFailed(true);
        setWaiting(false);
        setWanted(false);
      },
    );
    return () => {
      live = false;
      made?.stop();
    };
  }, [wanted, starts]);
  const subscribe = useCallback((onChange: () => void) => {
    if (!actor) return () => {};
    const sub = actor.subscribe({ next: onChange, error: onChange });
    return () => sub.unsubscribe();
  }, [actor]);
  const read = useCallback(() => actor?.getSnapshot() ?? null, [actor]);
  const snapshot = useSyncExternalStore(actor ? subscribe : noSubscription, read);
  const start = useCallback(() => {
    setWanted(true);
    setLoadFailed(false);
  }, []);
  // Before the machine is here, the page judges the fields with the machine's own rules (so a message
  // shows at once) and keeps the submit; the machine judges it again when it starts, and sends it when good.
  const [earlyErrors, setEarlyErrors] = useState<CredentialErrors>(noFieldErrors);
  // A message left by the signed-in portal before it reloaded here (a failed token check, spec 000 §8):
  // shown until the first submit, and once only.
  const [notice, setNotice] = useState(peekSignInNotice);
  useEffect(() => {
    if (notice) clearSignInNotice();
  }, [notice]);
  const submit = (email: string, password: string, altcha: string | null) => {
    setNotice(null);
    if (actor) {
      actor.send({ type: 'SUBMIT', email, password, altcha });
      return;
    }
    const errors = validateCredentials(email, password);
    queued.current = { email, password };
    setEarlyErrors(errors);
    setWaiting(Object.keys(errors).length === 0);
    setLoadFailed(false);
    setWanted(true);
  };

  const state = snapshot ? (snapshot.value as string) : 'credentials';
  const error = loadFailed ? credentialMessages.connection : (snapshot?.context.error ?? notice);
  const fieldErrors = snapshot ? snapshot.context.fieldErrors : earlyErrors;
  const email = snapshot?.context.email ?? '';
  const verification = snapshot?.children.codeVerification as ActorRefFrom<typeof codeVerificationMachine> | undefined;
  const setup = snapshot?.children.twoFactorSetup as ActorRefFrom<typeof twoFactorSetupMachine> | undefined;
  const done = snapshot?.status === 'done';

  useLeaveWarning(state === 'optionalOffer' || state === 'forcedOffer');
  const passwordSent = state !== 'credentials' && state !== 'captcha';
  const captcha = snapshot?.context.captchaRequired ?? false;
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
      .then(() => (sessionStored.current || !dispatchRef.current ? undefined : loadEngine().then((m) => m.abandonHalfSignIn(dispatchRef.current!))))
      .then(() => onFinished(sessionStored.current));
  }, [done, onFinished]);

  // A story opening a state of the machine shows it once the machine is here, not the empty form first.
  if (starts !== null && !snapshot) return <LoadingScreen />;
  if (done || state === 'savingPromptDate') return <LoadingScreen />;

  let body;
  switch (state) {
    case 'authenticatorCode':
    case 'verifyingOtp':
      body = (
        <AuthenticatorCodeForm
          error={error}
          isPending={state === 'verifyingOtp'}
          onSubmit={(code) => actor?.send({ type: 'SUBMIT_CODE', code })}
          onCancel={() => actor?.send({ type: 'CANCEL' })}
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
          onAccept={() => actor?.send({ type: 'ACCEPT_OFFER' })}
          onDecline={() => actor?.send({ type: 'DECLINE_OFFER' })}
          onSignOut={() => actor?.send({ type: 'CANCEL' })}
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
          isPending={waiting || state === 'authenticating'}
          onSubmit={submit}
          onStart={start}
          captcha={captcha}
          captchaTest={captchaTest}
        />
      );
  }
  return (
    <AuthLayout title={titles[state] ?? 'Sign in'} productName={productName} siteId={siteId}>
      <Suspense fallback={<LoadingScreen />}>{body}</Suspense>
    </AuthLayout>
  );
}
