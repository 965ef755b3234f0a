import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { registrationMachine } from '../../../src/machines/registration.machine';
import {
  emptyFields,
  progressOf,
  stepNumbers,
  type CallAnswer,
  type PhoneCheckAnswer,
  type PrefillAnswer,
  type RegistrationFields,
  type RegistrationInput,
  type SubmitInput,
  type TrackInput,
} from '../../../src/machines/registration.types';
import { applicationContext, registerBody } from '../../../src/features/register/applicationData';
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
const noContext = { referrer: '', mktg: '', blg: '', original_affiliate_id: '', http_referrer: '', coreg_id: '', coreg_email: '' };
const input: RegistrationInput = { context: { ...noContext, appToken: 'a1b2c3d4e5f60718' }, supportEmail: 'affiliates@example.com' };

describe('registration paths', () => {
  const events = [
    { type: 'EDIT', fields: valid },
    { type: 'EDIT', fields: { existing_account: 'yes', other_affiliate_id: '12', other_email: 'old@example.org' } },
    { type: 'SET_IMAGE', side: 'idFront', file: png },
    { type: 'NEXT' },
    { type: 'BACK' },
    ...actorEvents('reApplication', [
      { done: { ok: true, fields: { email: 'old@example.org', company: 'Old Ads' } } },
      { done: { ok: false, message: registrationMessages.applicantDataFailed } },
      { error: new Error('offline') },
    ]),
    ...actorEvents('checkEmail', [{ done: { taken: false } }, { done: { taken: true } }, { error: new Error('offline') }]),
    ...actorEvents('checkPhones', [{ done: {} }, { done: { mobile: registrationMessages.mobileInvalid } }, { error: new Error('offline') }]),
    ...actorEvents('register', [{ done: { ok: true } }, { done: { ok: false, message: 'This e-mail address is already registered.' } }, { error: new Error('offline') }]),
  ];
  // The three starts of spec 002 §2: the question, new_app=true (personal info) and token= (the prefill, then the question or, with new_app, personal info).
  const starts: Array<[string, RegistrationInput]> = [
    ['plain', input],
    ['new_app', { ...input, newApp: true }],
    ['token', { ...input, token: 'abcdef0123456789' }],
    ['token and new_app', { ...input, token: 'abcdef0123456789', newApp: true }],
  ];
  // While a call runs the screen takes no input (its fields and buttons are disabled): only the call's answer.
  const calling = ['prefilling', { personal: 'checkingEmail' }, { contact: 'checkingPhones' }, 'submitting'] as const;
  const filterEvents = (s: { matches: (v: never) => boolean }, e: { type: string }) => !calling.some((v) => s.matches(v as never)) || e.type.startsWith('xstate.');
  const walks = starts.map(([name, start]) => ({ name, start, paths: findPaths(registrationMachine, start, events as never, filterEvents as never) }));
  // The question's start walks every path; the other starts differ only until their first step, so
  // each of their states (with the prefill's outcome) is walked once, by its shortest path.
  const key = (p: (typeof walks)[number]['paths'][number]) => JSON.stringify([p.state.value, p.state.context.prefillError]);
  const oncePerState = (paths: (typeof walks)[number]['paths']) =>
    [...paths].sort((a, b) => a.steps.length - b.steps.length).filter((p, i, sorted) => sorted.findIndex((q) => key(q) === key(p)) === i);
  const all = walks.flatMap(({ name, start, paths }, i) =>
    (i === 0 ? paths : oncePerState(paths)).map((p) => [`${name}: ${p.steps.map((s) => s.event.type).join(' > ')}`, start, p] as const),
  );

  it('reaches every step from the question', () => {
    const states = new Set(walks[0].paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of ['"existing"', '"otherAccount"', '{"personal":"editing"}', '{"personal":"checkingEmail"}', '{"contact":"editing"}', '{"contact":"checkingPhones"}', '"address"', '"identification"', '"experience"', '"terms"', '"submitting"', '"done"']) {
      expect(states).toContain(s);
    }
  });

  it('new_app starts on personal info; token prefills first, then the question or (with new_app) personal info', () => {
    const firstOf = (i: number) => JSON.stringify(walks[i].paths.find((p) => p.steps.length === 1)?.state.value);
    expect(firstOf(1)).toBe('{"personal":"editing"}');
    expect(firstOf(2)).toBe('"prefilling"');
    expect(firstOf(3)).toBe('"prefilling"');
    // With new_app the question is never shown unless Back is pressed on personal info.
    const viaBack = walks[1].paths.filter((p) => JSON.stringify(p.state.value) === '"existing"');
    expect(viaBack.every((p) => p.steps.some((s) => s.event.type === 'BACK'))).toBe(true);
    // The prefill's three answers each lead on to the start's first step.
    for (const w of walks.slice(2)) {
      const after = w.paths.filter((p) => p.steps.length === 2 && /^xstate\.(done|error)\.actor\.reApplication$/.test(p.steps[1].event.type));
      expect(after.length).toBeGreaterThan(0);
    }
  });

  it.each(all)('walks %s', async (_name, start, path) => {
    const { final } = await replay(registrationMachine, path, start, ['checkEmail', 'checkPhones', 'register', 'reApplication', 'track', 'removeIdEntry']);
    expect(final.value).toEqual(path.state.value);
    expect(final.context.errors).toEqual(path.state.context.errors);
    expect(final.context.submitError).toEqual(path.state.context.submitError);
    expect(final.context.prefillError).toEqual(path.state.context.prefillError);
    expect(final.context.fields).toEqual(path.state.context.fields);
  });

  it('shows progress (step-1)/6 from the question to the terms', () => {
    expect(progressOf(stepNumbers.existing)).toBe(0);
    expect(progressOf(stepNumbers.personal)).toBeCloseTo(1 / 6);
    expect(progressOf(stepNumbers.terms)).toBe(1);
  });
});

describe('registration rules', () => {
  function start(
    overrides: Partial<RegistrationInput> = {},
    answers: { taken?: boolean | 'offline'; phones?: PhoneCheckAnswer | 'offline'; register?: CallAnswer | 'offline'; prefill?: PrefillAnswer | 'offline' } = {},
  ) {
    const tracked: string[] = [];
    const removed: unknown[] = [];
    const submitted: SubmitInput[] = [];
    const phoneChecks: Array<{ mobile: string; phone: string }> = [];
    const machine = registrationMachine.provide({
      actors: {
        checkEmail: fromPromise(async () => {
          if (answers.taken === 'offline') throw new Error('offline');
          return { taken: answers.taken ?? false };
        }),
        checkPhones: fromPromise(async ({ input: i }: { input: { mobile: string; phone: string } }) => {
          phoneChecks.push(i);
          if (answers.phones === 'offline') throw new Error('offline');
          return answers.phones ?? {};
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
    return { actor, tracked, removed, submitted, phoneChecks };
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
    await waitFor(actor, (s) => s.matches('address'));
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
    /** Fills every step and submits: back on the terms step with the submission's error. */
    const submitUntilError = async (actor: ReturnType<typeof start>['actor']) => {
      actor.send({ type: 'EDIT', fields: valid });
      actor.send({ type: 'SET_IMAGE', side: 'idFront', file: png });
      actor.send({ type: 'NEXT' });
      await waitFor(actor, (s) => s.matches('contact'));
      actor.send({ type: 'NEXT' });
      await waitFor(actor, (s) => s.matches('address'));
      for (let i = 0; i < 4; i++) actor.send({ type: 'NEXT' });
      await waitFor(actor, (s) => s.matches('terms') && !!s.context.submitError);
    };
    const refused = start({ newApp: true }, { register: { ok: false, message: 'Refused.' } });
    await submitUntilError(refused.actor);
    expect(refused.actor.getSnapshot().context.submitError).toBe('Refused.');
    await waitFor(refused.actor, () => refused.tracked.includes('Refused.'));

    const offline = start({ newApp: true }, { register: 'offline' });
    await submitUntilError(offline.actor);
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

  it('token: a prefill without an answer (network failure) says Connection error. and goes on with empty fields', async () => {
    const offline = start({ token: 'abcdef0123456789' }, { prefill: 'offline' });
    await waitFor(offline.actor, (s) => s.matches('existing'));
    expect(offline.actor.getSnapshot().context.prefillError).toBe('Connection error.');
    expect(offline.actor.getSnapshot().context.fields).toEqual(emptyFields);
    const offlineNew = start({ token: 'abcdef0123456789', newApp: true }, { prefill: 'offline' });
    await waitFor(offlineNew.actor, (s) => s.matches({ personal: 'editing' }));
    expect(offlineNew.actor.getSnapshot().context.prefillError).toBe('Connection error.');
  });

  it('contact: the server checks the mobile (and the alternate phone) before the address step; a refused number stays with its message', async () => {
    const toContact = async (r: ReturnType<typeof start>, fields: Partial<RegistrationFields> = {}) => {
      r.actor.send({ type: 'EDIT', fields: { ...valid, ...fields } });
      r.actor.send({ type: 'NEXT' });
      await waitFor(r.actor, (s) => s.matches('contact'));
      r.actor.send({ type: 'NEXT' });
    };
    const refused = start({ newApp: true }, { phones: { mobile: registrationMessages.mobileInvalid } });
    await toContact(refused, { phone: '+1 212 555 0100' });
    await waitFor(refused.actor, (s) => s.matches({ contact: 'editing' }) && !!s.context.errors.mobile);
    expect(refused.actor.getSnapshot().context.errors).toEqual({ mobile: registrationMessages.mobileInvalid });
    expect(refused.phoneChecks).toEqual([{ mobile: valid.mobile, phone: '+1 212 555 0100' }]);
    expect(refused.tracked).not.toContain('Contact Info');
    // Editing the number clears its message.
    refused.actor.send({ type: 'EDIT', fields: { mobile: '4165550124' } });
    expect(refused.actor.getSnapshot().context.errors.mobile).toBeUndefined();

    const phone = start({ newApp: true }, { phones: { phone: registrationMessages.mobileInvalid } });
    await toContact(phone);
    await waitFor(phone.actor, (s) => s.matches({ contact: 'editing' }) && !!s.context.errors.phone);
    expect(phone.actor.getSnapshot().context.errors).toEqual({ phone: registrationMessages.mobileInvalid });

    // A step that fails its own rules asks the server nothing.
    const short = start({ newApp: true });
    await toContact(short, { mobile: '555' });
    expect(short.actor.getSnapshot().value).toEqual({ contact: 'editing' });
    expect(short.actor.getSnapshot().context.errors.mobile).toBe(registrationMessages.mobileTooShort);
    expect(short.phoneChecks).toEqual([]);

    // Accepted, or no answer (the submission checks again): on to the address, 'Contact Info' tracked.
    for (const phones of [{}, 'offline'] as const) {
      const r = start({ newApp: true }, { phones });
      await toContact(r);
      await waitFor(r.actor, (s) => s.matches('address'));
      await waitFor(r.actor, () => r.tracked.includes('Contact Info'));
    }
  });
});

describe('the application context (spec 002 §2, §3)', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('reads referrer, mktg, blg (stored only when numeric), i, e and the referring page', () => {
    const storage = memory();
    const ctx = applicationContext(new URLSearchParams('referrer=5&mktg=3&blg=x1&i=4711&e=lead@partner.example'), 'https://partner.example/offers', storage);
    expect(ctx).toEqual({
      referrer: '5', mktg: '3', blg: '', original_affiliate_id: '4711', http_referrer: 'https://partner.example/offers', coreg_id: '', coreg_email: 'lead@partner.example',
    });
    expect(Object.fromEntries(storage.m)).toEqual({ 'mb-ref': '5', 'mb-mktg': '3' });
    // A later visit without them reads the stored ids; a non-numeric i is dropped; no referring page is ''.
    expect(applicationContext(new URLSearchParams('i=abc'), '', storage)).toMatchObject({ referrer: '5', mktg: '3', blg: '', original_affiliate_id: '', http_referrer: '' });
    // Storage refused (a privacy mode): the address still counts.
    expect(applicationContext(new URLSearchParams('referrer=9'), '', null).referrer).toBe('9');
  });

  it('the submission carries the whole context', () => {
    const context = { ...applicationContext(new URLSearchParams('referrer=5&i=4711&e=lead@partner.example'), 'https://partner.example/', memory()), appToken: 'a1b2c3d4e5f60718' };
    const body = registerBody({ fields: valid, images: { idFront: png, idBack: null }, context });
    expect(body).toMatchObject({
      appToken: 'a1b2c3d4e5f60718', referrer: '5', mktg: '', blg: '', original_affiliate_id: '4711',
      http_referrer: 'https://partner.example/', coreg_id: '', coreg_email: 'lead@partner.example', idFront: png,
    });
    expect(body).not.toHaveProperty('idBack');
  });
});

describe('resuming after a reload', () => {
  const typed = { ...valid, password: '', password2: '' };
  it.each(['existing', 'otherAccount', 'personal'] as const)('reopens %s with the fields typed before, ahead of token and new_app', (step) => {
    const actor = createActor(registrationMachine, { input: { ...input, token: 'abc', newApp: true, resume: { fields: typed, step } } }).start();
    const snapshot = actor.getSnapshot();
    expect(step === 'personal' ? snapshot.matches({ personal: 'editing' }) : snapshot.matches(step)).toBe(true);
    expect(snapshot.context.fields).toEqual(typed);
    actor.stop();
  });

  it('without a draft starts as before', () => {
    const actor = createActor(registrationMachine, { input }).start();
    expect(actor.getSnapshot().matches('existing')).toBe(true);
    expect(actor.getSnapshot().context.fields).toEqual(emptyFields);
    actor.stop();
  });
});
