/**
 * The flow machines whose states become stories (scripts/machine-stories.ts writes one story file per
 * flow; docs/testing.md). A flow names its machine, the sample events and actor answers that reach
 * every state, and how the screen shows it: a machine run by a screen directly (`screen`) or one
 * invoked by another flow (`via`: the parent state that invokes it). Pure data, no React: the
 * generator and its test read it in Node. A new machine in src/machines must be added here (the
 * test says so); its states then become stories without further hand work.
 */
import type { AnyStateMachine } from 'xstate';
import { campaignApplicationMachine } from '../../src/machines/campaignApplication.machine';
import { codeVerificationMachine } from '../../src/machines/codeVerification.machine';
import { introSurveyMachine } from '../../src/machines/introSurvey.machine';
import { linkBuilderMachine } from '../../src/machines/linkBuilder.machine';
import { paymentModalMachine } from '../../src/machines/paymentModal.machine';
import { passwordResetMachine } from '../../src/machines/passwordReset.machine';
import { emptyFields, registrationMachine } from '../../src/machines/registration.machine';
import { settingsVerificationMachine } from '../../src/machines/settingsVerification.machine';
import { signInMachine, type LoginAnswer } from '../../src/machines/signIn.machine';
import { twoFactorSetupMachine } from '../../src/machines/twoFactorSetup.machine';
import { registrationMessages } from '../../src/shared/registration';
import { qrImage } from '../mocks/qrImage';
import { registrationSample, sampleIdImage } from '../mocks/registerSamples';
import type { MachineSamples } from './machineStates';

export interface Flow<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Story file and title: stories/machines/<name>.stories.tsx, 'Machines/<name>'. */
  name: string;
  /** The machine's source file, named in the generated story file. */
  source: string;
  machine: TMachine;
  samples: MachineSamples<TMachine>;
  /** Shown inside another flow's screen: that flow, the state that invokes this one, and its invoke id. */
  via?: { flow: string; state: string; id: string };
}

/** A flow, its samples checked against its machine's events and snapshots. */
const flow = <TMachine extends AnyStateMachine>(f: Flow<TMachine>) => f as unknown as Flow;

/** 'Error' while the context holds an error message. */
const whenError = (snapshot: { context: { error: string | null } }) => (snapshot.context.error ? 'Error' : undefined);

const answer = (over: Partial<LoginAnswer>): LoginAnswer => ({
  success: true,
  token: 'story-token',
  affiliateId: '10423',
  ld: 1,
  oid: 1,
  p: 3,
  o: 0,
  otpEnabled: false,
  otpPromptDate: '2026-01-01T00:00:00Z',
  countryVerified: true,
  mobileAdded: true,
  ...over,
});
/** A provider page for the payment modal's iframe in stories: plain, same in both themes. */
const PROVIDER_PAGE_SAMPLE = `data:text/html,${encodeURIComponent('<!doctype html><html lang="en"><title>Provider page</title><body style="font:16px sans-serif;padding:24px"><h1>Provider page</h1><p>The provider\'s form shows here.</p></body></html>')}`;
/** The day the stories live in: prompt dates are judged against it. */
const STORY_NOW = Date.parse('2026-11-23T12:00:00Z');

export const flows: Flow[] = [
  flow({
    name: 'SignIn',
    source: 'src/machines/signIn.machine.ts',
    machine: signInMachine,
    samples: {
      input: { now: () => STORY_NOW },
      events: [
        { type: 'SUBMIT', email: 'ada@example.com', password: 'correct horse' },
        { type: 'SUBMIT', email: '', password: '' },
        { type: 'SUBMIT', email: 'ada@example.com', password: 'correct horse', altcha: 'c3RvcnktY2FwdGNoYQ==' },
        { type: 'SUBMIT_CODE', code: '123456' },
      ],
      outputs: {
        authenticate: [
          answer({ success: false, errorMessage: 'Invalid e-mail or password.' }),
          answer({ success: false, captchaRequired: true, errorMessage: 'Please complete the captcha below, then sign in again.' }),
          answer({ otpEnabled: true }),
          answer({ countryVerified: false }),
          answer({ p: 3, otpPromptDate: null }),
          answer({ p: 1, o: 0, otpPromptDate: null }),
        ],
        verifyOtp: [{ success: true, isCodeValid: false }],
        savePromptDate: [{ success: true }],
      },
      variant: (s) => (s.context.error ? 'Error' : Object.keys(s.context.fieldErrors).length ? 'FieldErrors' : undefined),
    },
  }),
  flow({
    name: 'CodeVerification',
    source: 'src/machines/codeVerification.machine.ts',
    machine: codeVerificationMachine,
    via: { flow: 'SignIn', state: 'accountVerification', id: 'codeVerification' },
    samples: {
      input: { mobileAvailable: true, purpose: 'login' },
      events: [
        { type: 'CHOOSE', method: 'bySMS' },
        { type: 'SUBMIT', code: '123456' },
      ],
      outputs: {
        sendCode: [{ ok: true, t: 'story-handle' }],
        verifyCode: [{ ok: false, message: 'The code you entered is incorrect.' }],
      },
      variant: whenError,
    },
  }),
  flow({
    name: 'TwoFactorSetup',
    source: 'src/machines/twoFactorSetup.machine.ts',
    machine: twoFactorSetupMachine,
    via: { flow: 'SignIn', state: 'twoFactorSetup', id: 'twoFactorSetup' },
    samples: {
      events: [{ type: 'ACTIVATE', code: '123456' }],
      outputs: {
        fetchQrCode: [
          {
            ok: true,
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
            qrImage: qrImage(0),
            token: 'otpauth://totp/Publisher%20Portal:10423?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Publisher%20Portal',
          },
        ],
        activate: [{ ok: true, isTokenValid: true }, { ok: true, isTokenValid: false }],
      },
      // A wrong code's message stays in the context until the next try; the first two steps do not show it.
      variant: (s) => (s.matches('downloadApp') || s.matches('loadingQrCode') ? undefined : whenError(s)),
    },
  }),
  flow({
    name: 'IntroSurvey',
    source: 'src/machines/introSurvey.machine.ts',
    machine: introSurveyMachine,
    samples: {
      events: [
        { type: 'SET_COUNTRIES', countries: ['US', 'CA'] },
        { type: 'SET_VERTICALS', verticals: [1] },
      ],
      outputs: {
        loadVerticals: [
          {
            ok: true,
            verticals: [
              { subcategory_id: 1, subcategory_name: 'Credit cards', category_name: 'Finance' },
              { subcategory_id: 2, subcategory_name: 'Skin care', category_name: 'Health & Beauty' },
            ],
          },
        ],
        saveTargets: [{ ok: true, message: 'Thank you! We will use your answers to suggest campaigns.' }],
      },
      // The empty boxes are highlighted only while editing.
      variant: (s) => (s.context.error ? 'Error' : s.matches('editing') && s.context.showMissing ? 'Missing' : undefined),
    },
  }),
  flow({
    name: 'LinkBuilder',
    source: 'src/machines/linkBuilder.machine.ts',
    machine: linkBuilderMachine,
    samples: {
      input: { campaignId: 1205, defaultLandingPageId: 31 },
      events: [
        { type: 'SET_TRAFFIC', trafficType: 'S' },
        { type: 'SET_CREATIVE_TYPE', creativeType: 'B' },
        { type: 'PICK', creativeId: 501 },
        { type: 'SET_SUB', index: 0, value: 'spring' },
      ],
      outputs: {
        createLink: [{ ok: true, link: 'https://track.example.com/go/Qm9va1RyYWNraW5nTGlu?sub1=spring', ready: true }],
      },
      // The link shows once ready; a failure's message until the next change.
      variant: (s) => (s.context.error ? 'Error' : s.matches('editing') && s.context.ready ? 'Ready' : undefined),
    },
  }),
  flow({
    name: 'CampaignApplication',
    source: 'src/machines/campaignApplication.machine.ts',
    machine: campaignApplicationMachine,
    samples: {
      // A filled application, so Submit can send; clearing the description shows the field messages.
      input: {
        campaignId: 1205,
        draft: {
          estimatedLeads: '40',
          trafficType: 'E',
          creative: 'E',
          sources: ['Our opted-in finance newsletter', 'Newsletter ad', 'US readers, weekly'],
          description: 'A sponsored slot in our weekly issue.',
        },
      },
      events: [{ type: 'SET', field: 'description', value: '' }],
      outputs: {
        loadQuestions: [{ ok: true, preface: 'NovaLend reviews every publisher. Tell us where your traffic comes from.', questions: ['', '', ''] }, { ok: false }],
        submit: [
          { ok: true, message: 'Your request has been sent. We will let you know as soon as it has been reviewed.' },
          {
            ok: false,
            message:
              'You have requested the maximum number of by request campaigns. New requests are not allowed until your existing requests have been reviewed and processed.',
          },
        ],
      },
      variant: (s) => (s.context.error && !s.matches('loadFailed') ? 'Error' : s.matches('editing') && s.context.showProblems ? 'Problems' : undefined),
    },
  }),
  flow({
    name: 'PaymentModal',
    source: 'src/machines/paymentModal.machine.ts',
    machine: paymentModalMachine,
    samples: {
      input: { blackout: false },
      events: [
        { type: 'CHOOSE', provider: 'Payoneer' },
        { type: 'CHOOSE', provider: 'Tipalti' },
        { type: 'BLACKOUT', active: true },
        { type: 'BLACKOUT', active: false },
      ],
      outputs: {
        // The provider's page: a stand-in document (the stories never load the sandbox page).
        requestChange: [
          { ok: true, iframe: PROVIDER_PAGE_SAMPLE },
          { ok: false, message: 'Tipalti is not available right now. Please try again in a few minutes.' },
        ],
        refresh: [undefined],
      },
      // The spinner shows on the pressed provider; the blackout changes every button of step 1.
      variant: (s) => (s.matches('requesting') ? (s.context.provider ?? undefined) : s.matches('choosing') && s.context.blackout ? 'Blackout' : undefined),
    },
  }),
  flow({
    name: 'SettingsVerification',
    source: 'src/machines/settingsVerification.machine.ts',
    machine: settingsVerificationMachine,
    samples: {
      input: { mobileAvailable: true, editableUntil: null },
      events: [{ type: 'REFUSED', message: 'Please verify your account to change your settings (a verification lasts 15 minutes).' }],
      // The code verification it runs (its own states are the CodeVerification flow's): verified or cancelled.
      outputs: { codeVerification: [{ verified: true }, { verified: false }] },
      // The page's notice (just verified, window ended, a save refused) shows above the cards.
      variant: (s) => (s.context.notice ? 'Notice' : undefined),
    },
  }),
  flow({
    name: 'PasswordReset',
    source: 'src/machines/passwordReset.machine.ts',
    machine: passwordResetMachine,
    samples: {
      input: { token: 'story-token' },
      events: [
        { type: 'SEND_CODE' },
        { type: 'SUBMIT', fields: { password: 'n3w-Secret!', retype: 'n3w-Secret!', code: '123456' } },
        { type: 'SUBMIT', fields: { password: 'short', retype: 'other', code: '' } },
        { type: 'RETRY' },
        { type: 'TICK' },
      ],
      outputs: {
        checkToken: [{ ok: true, isMobileAdded: true }, { ok: false, message: 'This password reset link has expired or has already been used. Please request a new one.' }, { ok: true, isMobileAdded: false, managerEmail: 'jordan.lee@example.com' }],
        sendCode: [{ ok: true }, { ok: false, message: 'A code was just sent. Please wait 40 seconds before requesting another one.' }],
        resetPassword: [{ ok: true }, { ok: false, message: 'Incorrect code. Try again.' }, { ok: false, message: 'There was an error processing your request. Please try again' }],
      },
      // The messages as the form shows them while idle; the other combinations of the two regions look the same.
      variant: (s) =>
        !s.matches({ form: { code: 'idle', submission: 'editing' } })
          ? undefined
          : s.context.error ? 'Error' : Object.keys(s.context.fieldErrors).length ? 'FieldErrors' : s.context.codeError ? 'CodeError' : undefined,
    },
  }),
  flow({
    name: 'Registration',
    source: 'src/machines/registration.machine.ts',
    machine: registrationMachine,
    samples: {
      input: {
        context: { referrer: '', mktg: '', blg: '', appToken: '0123456789abcdef0123456789abcdef', original_affiliate_id: '', http_referrer: '', coreg_id: '', coreg_email: '' },
        token: 'fedcba9876543210fedcba98',
        supportEmail: 'affiliates@example.com',
      },
      events: [
        { type: 'EDIT', fields: registrationSample },
        { type: 'EDIT', fields: { ...emptyFields, existing_account: 'yes' } },
        { type: 'SET_IMAGE', side: 'idFront', file: sampleIdImage() },
      ],
      outputs: {
        reApplication: [{ ok: true, fields: null }, { ok: false, message: 'There was an error fetching applicant data' }],
        checkEmail: [{ taken: false }, { taken: true }],
        checkPhones: [{}, { mobile: registrationMessages.mobileInvalid }],
        register: [{ ok: true }, { ok: false, message: 'This email address is unavailable.' }],
      },
      // The messages as a step shows them; the calls in flight look the same with or without them.
      variant: (s) => (s.matches({ personal: 'checkingEmail' }) || s.matches({ contact: 'checkingPhones' }) || s.matches('submitting') ? undefined : s.context.emailNotice ? 'Unreachable' : s.context.submitError ? 'SubmitError' : Object.values(s.context.errors).some(Boolean) ? 'Errors' : undefined),
    },
  }),
];
