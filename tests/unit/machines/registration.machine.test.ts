import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  emptyFields,
  progressOf,
  registrationMachine,
  stepNumbers,
  type CallAnswer,
  type PrefillAnswer,
  type RegistrationFields,
  type RegistrationInput,
  type SubmitInput,
  type TrackInput,
} from '../../../src/machines/registration.machine';
import { TIME_ZONES } from '../../../src/shared/profileOptions';
import { registrationMessages } from '../../../src/shared/registration';
import { actorEvents, findPaths, replay } from './walkPaths';

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'front.png', { type: 'image/png' });
const valid: RegistrationFields = {
  ...emptyFields,
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.org',
  password: 'abc123!xyz',
  password2: 'abc123!xyz',
  mobile: '4165550123',
  timezone: TIME_ZONES[0].value,
  contact_time: '1',
  address_1: '1 Main St',
  city: 'Toronto',
  country: 'CA',
  state: 'ON',
  zipcode: 'M5V 2T6',
  hear_about_source: 'google',
  experience_level: '2',
  experience_description: 'x'.repeat(60),
  promotion: 'y'.repeat(60),
  agree_no_sharing: true,
  agree_no_freelancers: true,
  agree_terms: true,
};
const input: RegistrationInput = { context: { referrer: '', mktg: '', blg: '', appToken: 'a1b2c3d4e5f60718' }, supportEmail: 'affiliates@example.com' };

describe('registration paths', () => {
  const events = [
    { type: 'EDIT', fields: valid },
    { type: 'EDIT', fields: { existing_account: 'yes', other_affiliate_id: '12', other_email: 'old@example.org' } },
    { type: 'SET_IMAGE', side: 'idFront', file: png },
    { type: 'NEXT' },
    { type: 'BACK' },
    ...actorEvents('checkEmail', [{ done: { taken: false } }, { done: { taken: true } }, { error: new Error('offline') }]),
    ...actorEvents('register', [{ done: { ok: true } }, { done: { ok: false, message: 'This e-mail address is already registered.' } }, { error: new Error('offline') }]),
  ];
  const paths = findPaths(registrationMachine, input, events as never);

  it('reaches every step', () => {
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of ['"existing"', '"otherAccount"', '{"personal":"editing"}', '{"personal":"checkingEmail"}', '"contact"', '"address"', '"identification"', '"experience"', '"terms"', '"submitting"', '"done"']) {
      expect(states).toContain(s);
    }
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))('walks %s', async (_name, path) => {
    const { final } = await replay(registrationMachine, path, input, ['checkEmail', 'register', 'reApplication', 'track', 'removeIdEntry']);
    expect(final.value).toEqual(path.state.value);
    expect(final.context.errors).toEqual(path.state.context.errors);
    expect(final.context.submitError).toEqual(path.state.context.submitError);
  });

  it('shows progress (step-1)/6 from the question to the terms', () => {
    expect(progressOf(stepNumbers.existing)).toBe(0);
    expect(progressOf(stepNumbers.personal)).toBeCloseTo(1 / 6);
    expect(progressOf(stepNumbers.terms)).toBe(1);
  });
});

describe('registration rules', () => {
  function start(overrides: Partial<RegistrationInput> = {}, answers: { taken?: boolean | 'offline'; register?: CallAnswer | 'offline'; prefill?: PrefillAnswer | 'offline' } = {}) {
    const tracked: string[] = [];
    const removed: unknown[] = [];
    const submitted: SubmitInput[] = [];
    const machine = registrationMachine.provide({
      actors: {
        checkEmail: fromPromise(async () => {
          if (answers.taken === 'offline') throw new Error('offline');
          return { taken: answers.taken ?? false };
        }),
        track: fromPromise<void, TrackInput>(async ({ input: i }) => {
          tracked.push(i.stage);
        }),
        removeIdEntry: fromPromise<void, { appToken: string; email: string }>(async ({ input: i }) => {
          removed.push(i);
        }),
        register: fromPromise(async ({ input: i }: { input: SubmitInput }) => {
          submitted.push(i);
          if (answers.register === 'offline') throw new Error('offline');
          return answers.register ?? { ok: true };
        }),
        reApplication: fromPromise(async () => {
          if (answers.prefill === 'offline') throw new Error('offline');
          return answers.prefill ?? { ok: true, fields: null };
        }),
      },
    });
    const actor = createActor(machine, { input: { ...input, ...overrides } }).start();
    return { actor, tracked, removed, submitted };
  }

  it('does not advance while a step fails its rules, and shows every message of the step', () => {
    const { actor } = start({ newApp: true });
    expect(actor.getSnapshot().value).toEqual({ personal: 'editing' });
    actor.send({ type: 'EDIT', fields: { firstname: 'A', email: 'abuse@example.org', password: 'short', password2: 'other' } });
    actor.send({ type: 'NEXT' });
    const { errors } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toEqual({ personal: 'editing' });
    expect(errors.lastname).toBe(registrationMessages.lastNameRequired);
    expect(errors.email).toBe(registrationMessages.emailNotAllowed);
    expect(errors.password).toBe(registrationMessages.passwordRule);
    expect(errors.password2).toBe(registrationMessages.passwordsDontMatch);
    actor.send({ type: 'EDIT', fields: { lastname: 'B' } });
    expect(actor.getSnapshot().context.errors.lastname).toBeUndefined();
  });

  it('a taken e-mail and an availability check without an answer both say unavailable; no answer adds the network text', async () => {
    const taken = start({ newApp: true }, { taken: true });
    taken.actor.send({ type: 'EDIT', fields: valid });
    taken.actor.send({ type: 'NEXT' });
    await waitFor(taken.actor, (s) => s.matches({ personal: 'editing' }));
    expect(taken.actor.getSnapshot().context.errors.email).toBe(registrationMessages.emailUnavailable);
    expect(taken.actor.getSnapshot().context.emailNotice).toBeNull();

    const offline = start({ newApp: true }, { taken: 'offline' });
    offline.actor.send({ type: 'EDIT', fields: valid });
    offline.actor.send({ type: 'NEXT' });
    await waitFor(offline.actor, (s) => s.matches({ personal: 'editing' }) && !!s.context.emailNotice);
    expect(offline.actor.getSnapshot().context.errors.email).toBe(registrationMessages.emailUnavailable);
    expect(offline.actor.getSnapshot().context.emailNotice).toBe(registrationMessages.availabilityUnreachable('affiliates@example.com'));
  });

  it('Yes asks for the other account; Back from it resets the answer to no; No skips it', () => {
    const { actor } = start();
    actor.send({ type: 'EDIT', fields: { existing_account: 'yes' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('otherAccount');
    actor.send({ type: 'EDIT', fields: { other_affiliate_id: 'abc', other_email: 'bounce@x.org' } });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors).toEqual({ other_affiliate_id: registrationMessages.otherAffiliateIdInvalid, other_email: registrationMessages.otherEmailInvalid });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('existing');
    expect(actor.getSnapshot().context.fields.existing_account).toBe('no');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toEqual({ personal: 'editing' });
  });

  it('walks to the thank-you page: stages tracked in order, the ID entry forgotten on the ID step, everything submitted', async () => {
    const { actor, tracked, removed, submitted } = start({ newApp: true });
    actor.send({ type: 'EDIT', fields: valid });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('contact'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('identification');
    expect(removed).toEqual([{ appToken: input.context.appToken, email: valid.email }]);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors.idFront).toBe(registrationMessages.idFrontRequired);
    actor.send({ type: 'SET_IMAGE', side: 'idFront', file: png });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('terms');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submitted[0].images.idFront).toBe(png);
    expect(submitted[0].fields.email).toBe(valid.email);
    await waitFor(actor, () => tracked.length === 6);
    expect(tracked).toEqual(['Initiated', 'Contact Info', 'Address', 'Identification', 'Experience', 'Successful']);
  });

  it('a refused submission shows and tracks the server message; no answer says Connection error.', async () => {
    const refused = start({ newApp: true }, { register: { ok: false, message: 'Refused.' } });
    refused.actor.send({ type: 'EDIT', fields: valid });
    refused.actor.send({ type: 'SET_IMAGE', side: 'idFront', file: png });
    refused.actor.send({ type: 'NEXT' });
    await waitFor(refused.actor, (s) => s.matches('contact'));
    for (let i = 0; i < 5; i++) refused.actor.send({ type: 'NEXT' });
    await waitFor(refused.actor, (s) => s.matches('terms') && !!s.context.submitError);
    expect(refused.actor.getSnapshot().context.submitError).toBe('Refused.');
    await waitFor(refused.actor, () => refused.tracked.includes('Refused.'));

    const offline = start({ newApp: true }, { register: 'offline' });
    offline.actor.send({ type: 'EDIT', fields: valid });
    offline.actor.send({ type: 'SET_IMAGE', side: 'idFront', file: png });
    offline.actor.send({ type: 'NEXT' });
    await waitFor(offline.actor, (s) => s.matches('contact'));
    for (let i = 0; i < 5; i++) offline.actor.send({ type: 'NEXT' });
    await waitFor(offline.actor, (s) => s.matches('terms') && !!s.context.submitError);
    expect(offline.actor.getSnapshot().context.submitError).toBe('Connection error.');
  });

  it('token: prefills from the earlier application, or says the fetch failed and goes on', async () => {
    const ok = start({ token: 'abcdef0123456789' }, { prefill: { ok: true, fields: { email: 'old@example.org', city: 'Ottawa' } } });
    await waitFor(ok.actor, (s) => s.matches('existing'));
    expect(ok.actor.getSnapshot().context.fields.city).toBe('Ottawa');
    const failed = start({ token: 'abcdef0123456789', newApp: true }, { prefill: { ok: false, message: registrationMessages.applicantDataFailed } });
    await waitFor(failed.actor, (s) => s.matches('personal'));
    expect(failed.actor.getSnapshot().context.prefillError).toBe(registrationMessages.applicantDataFailed);
  });
});
