import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { promptDue, signInMachine, signInMessages, validateCredentials, type LoginAnswer } from '../../../src/machines/signIn.machine';
import { actorEvents, findPaths, replay } from './walkPaths';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();
const base: LoginAnswer = {
  success: true,
  token: 't'.repeat(64),
  affiliateId: '1001',
  ld: 0,
  oid: 0,
  p: 5,
  o: 0,
  otpEnabled: false,
  otpPromptDate: daysAgo(2),
  countryVerified: true,
  mobileAdded: true,
};
/** One answer per branch of spec 002 §4 "Login flow". */
const answers: Record<string, LoginAnswer> = {
  straightIn: base,
  special123: { ...base, p: 1, o: 123 },
  twoFactor: { ...base, otpEnabled: true },
  notVerified: { ...base, countryVerified: false },
  optional: { ...base, otpPromptDate: daysAgo(31) },
  neverPrompted: { ...base, otpPromptDate: null },
  forced: { ...base, p: 2 },
  failed: { ...base, success: false, errorMessage: 'Invalid e-mail or password.' },
  captcha: { ...base, success: false, captchaRequired: true, errorMessage: 'Please confirm you are a person to sign in from this network.' },
};

const events = [
  { type: 'SUBMIT', email: 'demo@example.com', password: 'Demo-2026!' },
  { type: 'SUBMIT', email: 'not-an-email', password: '' },
  { type: 'SUBMIT', email: 'demo@example.com', password: 'Demo-2026!', altcha: 'solved' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'SUBMIT_CODE', code: '  ' },
  { type: 'ACCEPT_OFFER' },
  { type: 'DECLINE_OFFER' },
  { type: 'CANCEL' },
  ...actorEvents('authenticate', [...Object.values(answers).map((a) => ({ done: a })), { error: new TypeError('Failed to fetch') }]),
  ...actorEvents('verifyOtp', [{ done: { success: true, isCodeValid: true } }, { done: { success: true, isCodeValid: false } }, { done: { success: false, errorMessage: 'Too many attempts' } }, { done: { success: false, errorMessage: 'Too many incorrect codes. Please sign in again.', code: 429 } }, { error: new Error('x') }]),
  ...actorEvents('savePromptDate', [{ done: { success: true } }, { error: new Error('x') }]),
  ...actorEvents('codeVerification', [{ done: { verified: true } }, { done: { verified: false } }]),
  ...actorEvents('twoFactorSetup', [{ done: { activated: true } }, { done: { activated: false } }]),
];

describe('sign-in journey paths', () => {
  const input = { now: () => NOW };
  const paths = findPaths(signInMachine, input, events as never);

  it('reaches every state', () => {
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = ['credentials', 'captcha', 'authenticating', 'authenticatorCode', 'verifyingOtp', 'accountVerification', 'optionalOffer', 'forcedOffer', 'savingPromptDate', 'twoFactorSetup', 'signedIn', 'cancelled'];
    expect(states).toEqual(new Set(all.map((s) => JSON.stringify(s))));
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type.replace('xstate.done.actor.', 'done:')).join(' > '), p] as const))(
    'walks %s',
    async (_name, path) => {
      const stored: string[] = [];
      const { final } = await replay(signInMachine, path, input, ['authenticate', 'verifyOtp', 'savePromptDate', 'codeVerification', 'twoFactorSetup'], {
        actions: { storeSession: () => stored.push('session'), reload: () => stored.push('reload') },
      });
      expect(final.value).toEqual(path.state.value);
      expect(final.context.error).toEqual(path.state.context.error);
      if (final.value === 'signedIn') expect(stored).toContain('session');
      if (final.status === 'done') expect(stored.at(-1)).toBe('reload');
    },
  );
});

async function signIn(answer: LoginAnswer | Error) {
  const log: string[] = [];
  const actor = createActor(
    signInMachine.provide({
      actors: {
        authenticate: fromPromise(async () => {
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        savePromptDate: fromPromise(async (): Promise<{ success: boolean }> => (log.push('savePromptDate'), { success: true })),
      },
      actions: {
        storeLoginTokens: () => log.push('storeLoginTokens'),
        storeSession: () => log.push('storeSession'),
        reload: () => log.push('reload'),
      },
    }),
    { input: { now: () => NOW } },
  ).start();
  actor.send({ type: 'SUBMIT', email: ' demo@example.com ', password: 'Demo-2026!' });
  const s = await waitFor(actor, (x) => !x.matches('authenticating'));
  return { actor, s, log };
}

describe('sign-in rules (spec 002 §4)', () => {
  it('goes straight in when two-factor is optional and was offered within 30 days', async () => {
    const { s, log } = await signIn(answers.straightIn);
    expect(s.value).toBe('signedIn');
    expect(log).toEqual(['storeLoginTokens', 'storeSession', 'reload']);
  });
  it('mb-o 123 makes two-factor optional even with mb-p <= 2', async () => {
    expect((await signIn(answers.special123)).s.value).toBe('signedIn');
  });
  it('asks for the authenticator code when otp_enabled', async () => {
    expect((await signIn(answers.twoFactor)).s.value).toBe('authenticatorCode');
  });
  it('asks to verify the account when the country is not verified', async () => {
    const { s } = await signIn(answers.notVerified);
    expect(s.value).toBe('accountVerification');
  });
  it('offers optional two-factor after 30 days, and when never prompted', async () => {
    expect((await signIn(answers.optional)).s.value).toBe('optionalOffer');
    expect((await signIn(answers.neverPrompted)).s.value).toBe('optionalOffer');
  });
  it('"No" records the prompt date and goes in', async () => {
    const { actor, log } = await signIn(answers.optional);
    actor.send({ type: 'DECLINE_OFFER' });
    await waitFor(actor, (x) => x.status === 'done');
    expect(log).toEqual(['storeLoginTokens', 'storeSession', 'savePromptDate', 'reload']);
  });
  it('forces the offer when mb-p <= 2 and mb-o is not 123, without storing the session yet', async () => {
    const { s, log } = await signIn(answers.forced);
    expect(s.value).toBe('forcedOffer');
    expect(log).toEqual(['storeLoginTokens']);
  });
  it('a cancelled set-up returns to the offer it came from, optional or forced', async () => {
    for (const [answer, offer] of [[answers.optional, 'optionalOffer'], [answers.forced, 'forcedOffer']] as const) {
      const { actor } = await signIn(answer);
      actor.send({ type: 'ACCEPT_OFFER' });
      const setup = actor.getSnapshot().children.twoFactorSetup as unknown as { send: (e: { type: 'CANCEL' }) => void };
      setup.send({ type: 'CANCEL' });
      expect((await waitFor(actor, (x) => !x.matches('twoFactorSetup'))).value).toBe(offer);
    }
  });
  it('the forced offer can be left: Sign out abandons the half sign-in and reloads', async () => {
    const { actor, log } = await signIn(answers.forced);
    actor.send({ type: 'CANCEL' });
    const s = await waitFor(actor, (x) => x.status === 'done');
    expect(s.value).toBe('cancelled');
    expect(log).toEqual(['storeLoginTokens', 'reload']);
  });
  it("shows the server's message on failure and 'Connection error.' on a network failure", async () => {
    expect((await signIn(answers.failed)).s.context.error).toBe('Invalid e-mail or password.');
    expect((await signIn(new TypeError('Failed to fetch'))).s.context.error).toBe(signInMessages.connection);
  });
  it('validates the credentials before calling the server', () => {
    expect(validateCredentials('', '')).toEqual({ email: signInMessages.emailRequired, password: signInMessages.passwordRequired });
    expect(validateCredentials('a@b', 'x')).toEqual({ email: signInMessages.emailInvalid });
    expect(validateCredentials('a@b.co', 'x')).toEqual({});
    const actor = createActor(signInMachine, { input: { now: () => NOW } }).start();
    actor.send({ type: 'SUBMIT', email: 'nope', password: '' });
    expect(actor.getSnapshot().value).toBe('credentials');
    expect(actor.getSnapshot().context.fieldErrors.password).toBe(signInMessages.passwordRequired);
  });
  it('the prompt interval is 30 days', () => {
    expect(promptDue(daysAgo(30), NOW)).toBe(false);
    expect(promptDue(daysAgo(30.01), NOW)).toBe(true);
    expect(promptDue(null, NOW)).toBe(true);
  });
});

describe('the captcha of a busy address (docs/adr/0009)', () => {
  it('shows the captcha when the server asks, sends nothing until it is solved, and keeps asking for the rest of the journey', async () => {
    const sent: Array<{ altcha?: string }> = [];
    const replies: LoginAnswer[] = [answers.captcha, answers.failed, answers.straightIn];
    const actor = createActor(
      signInMachine.provide({
        actors: { authenticate: fromPromise(async ({ input }: { input: { email: string; password: string; altcha?: string } }) => (sent.push(input), replies.shift()!)) },
        actions: { storeLoginTokens: () => {}, storeSession: () => {}, reload: () => {} },
      }),
      { input: { now: () => NOW } },
    ).start();
    const submit = (altcha?: string) => actor.send({ type: 'SUBMIT', email: 'demo@example.com', password: 'Demo-2026!', ...(altcha ? { altcha } : {}) });
    submit();
    let s = await waitFor(actor, (x) => !x.matches('authenticating'));
    expect(s.value).toBe('captcha');
    expect(s.context.error).toBe(answers.captcha.errorMessage);
    submit();
    expect(actor.getSnapshot().value).toBe('captcha');
    expect(actor.getSnapshot().context.error).toBe(signInMessages.captchaMissing);
    expect(sent).toHaveLength(1);
    // A wrong password with a solved captcha: back to the captcha, not to the plain form.
    submit('solution-1');
    s = await waitFor(actor, (x) => !x.matches('authenticating'));
    expect(s.value).toBe('captcha');
    expect(s.context.error).toBe('Invalid e-mail or password.');
    submit('solution-2');
    s = await waitFor(actor, (x) => x.status === 'done' || x.matches('signedIn'));
    expect(s.matches('signedIn') || s.status === 'done').toBe(true);
    expect(sent.map((b) => b.altcha)).toEqual([undefined, 'solution-1', 'solution-2']);
  });
});

describe('the half sign-in', () => {
  const otpAnswer = (verify: () => Promise<unknown>) =>
    signInMachine.provide({
      actors: {
        authenticate: fromPromise(async () => answers.twoFactor),
        verifyOtp: fromPromise(verify as never),
      },
    });

  it('catches an empty code before any request', async () => {
    let calls = 0;
    const actor = createActor(otpAnswer(async () => (calls++, { success: true, isCodeValid: true })), { input: { now: () => NOW } }).start();
    actor.send({ type: 'SUBMIT', email: 'demo@example.com', password: 'x' });
    await waitFor(actor, (s) => s.matches('authenticatorCode'));
    actor.send({ type: 'SUBMIT_CODE', code: '   ' });
    expect(actor.getSnapshot().value).toBe('authenticatorCode');
    expect(actor.getSnapshot().context.error).toBe(signInMessages.otpRequired);
    expect(calls).toBe(0);
  });

  it.each([401, 429])('goes back to the password when the server ends the half sign-in (%i), forgetting its token', async (code) => {
    const done: string[] = [];
    const machine = otpAnswer(async () => ({ success: false, errorMessage: 'Too many incorrect codes. Please sign in again.', code })).provide({
      actions: { forgetHalfSignIn: () => done.push('forget') },
    });
    const actor = createActor(machine, { input: { now: () => NOW } }).start();
    actor.send({ type: 'SUBMIT', email: 'demo@example.com', password: 'x' });
    await waitFor(actor, (s) => s.matches('authenticatorCode'));
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    const s = await waitFor(actor, (x) => x.matches('credentials'));
    expect(s.context.error).toBe('Too many incorrect codes. Please sign in again.');
    expect(done).toEqual(['forget']);
  });

  it('stays on the code for any other refusal', async () => {
    const actor = createActor(otpAnswer(async () => ({ success: false, errorMessage: 'Please try again.', code: 400 })), { input: { now: () => NOW } }).start();
    actor.send({ type: 'SUBMIT', email: 'demo@example.com', password: 'x' });
    await waitFor(actor, (s) => s.matches('authenticatorCode'));
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    const s = await waitFor(actor, (x) => x.matches('authenticatorCode') && x.context.error !== null);
    expect(s.context.error).toBe('Please try again.');
  });
});
