import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  registrationMessages,
  validateAddress,
  validateContact,
  validateExistingAccount,
  validateExperience,
  validateIdentification,
  validatePersonal,
  validateTerms,
  type FieldErrors,
} from '../shared/registration';
import {
  emptyFields,
  type ApplicationContext,
  type CallAnswer,
  type IdImages,
  type PhoneCheckAnswer,
  type PrefillAnswer,
  type RegistrationFields,
  type RegistrationInput,
  type ResumeStep,
  type SubmitInput,
  type TrackInput,
} from './registration.types';

/**
 * The registration wizard (spec 002 §2, §4, §5, §8). Steps: the existing-account question,
 * (with an existing account) its affiliate id and e-mail, personal info (with the e-mail availability
 * check), contact (with the server's check that the numbers are real), address, identification (an
 * earlier ID entry is forgotten on entering), experience, terms, then the submission and the
 * thank-you page. A step advances only when its validator
 * (src/shared/registration.ts) passes; Back goes to the previous step. Every call is an invoked or
 * spawned actor the screen provides (src/features/register/registerActors.ts).
 */

// The wizard's data types live beside it; these are the ones its users name with the machine.
export { emptyFields, progressOf, stepNumbers } from './registration.types';
export type { IdImages, RegistrationFields, StepName } from './registration.types';

const registrationMachineMessages = {
  connection: 'Connection error.',
} as const;

interface Context {
  fields: RegistrationFields;
  images: IdImages;
  appContext: ApplicationContext;
  newApp: boolean;
  token: string;
  supportEmail: string;
  /** The step a reload reopens (input `resume`), null for a fresh start. */
  resumeStep: ResumeStep | null;
  /** The messages of the step being shown, by field (empty until Next is pressed). */
  errors: FieldErrors;
  /** The availability check's network-failure text (spec 002 §8), shown with the e-mail's message. */
  emailNotice: string | null;
  /** The re-application fetch failed. */
  prefillError: string | null;
  /** The submission's failure (server message or 'Connection error.'). */
  submitError: string | null;
}

type Events =
  | { type: 'EDIT'; fields: Partial<RegistrationFields> }
  | { type: 'SET_IMAGE'; side: keyof IdImages; file: File | null }
  | { type: 'NEXT' }
  | { type: 'BACK' };

const hasErrors = (e: FieldErrors) => Object.values(e).some(Boolean);

/** A step passes when its validator answers nothing; otherwise its messages show (cleared field by field as the applicant edits). */
const check = (validate: (f: RegistrationFields) => FieldErrors) => ({
  guard: ({ context }: { context: Context }) => !hasErrors(validate(context.fields)),
});

const validateImages = (f: RegistrationFields, images: IdImages) => {
  void f;
  return validateIdentification(images);
};

export const registrationMachine = setup({
  types: {
    input: {} as RegistrationInput,
    context: {} as Context,
    events: {} as Events,
  },
  actors: {
    reApplication: fromPromise<PrefillAnswer, { token: string }>(async () => {
      throw new Error('reApplication not provided');
    }),
    checkEmail: fromPromise<{ taken: boolean }, { email: string }>(async () => {
      throw new Error('checkEmail not provided');
    }),
    checkPhones: fromPromise<PhoneCheckAnswer, { mobile: string; phone: string }>(async () => {
      throw new Error('checkPhones not provided');
    }),
    track: fromPromise<void, TrackInput>(async () => {
      throw new Error('track not provided');
    }),
    removeIdEntry: fromPromise<void, { appToken: string; email: string }>(async () => {
      throw new Error('removeIdEntry not provided');
    }),
    register: fromPromise<CallAnswer, SubmitInput>(async () => {
      throw new Error('register not provided');
    }),
  },
  actions: {
    clearErrors: assign({ errors: {}, emailNotice: null }),
    showErrors: assign({ errors: ({ context }, params: { validate: (f: RegistrationFields) => FieldErrors }) => params.validate(context.fields) }),
    /** Fire and forget (spec 002 §7: tracking errors are only logged; the answer is not read). */
    track: enqueueActions(({ context, enqueue }, params: { stage: string }) => {
      enqueue.spawnChild('track', { input: { stage: params.stage, fields: context.fields, appToken: context.appContext.appToken } });
    }),
    /** Spec 002 §4: entering the identification step forgets an earlier ID entry of this application. */
    removeIdEntry: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('removeIdEntry', { input: { appToken: context.appContext.appToken, email: context.fields.email.trim() } });
    }),
  },
  guards: {
    resumes: ({ context }, params: { step: ResumeStep }) => context.resumeStep === params.step,
    hasToken: ({ context }) => context.token.trim() !== '',
    newApp: ({ context }) => context.newApp,
    hasExistingAccount: ({ context }) => context.fields.existing_account === 'yes',
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    fields: { ...emptyFields, ...input.resume?.fields },
    images: { idFront: null, idBack: null },
    appContext: input.context,
    newApp: input.newApp === true,
    token: input.token ?? '',
    supportEmail: input.supportEmail,
    resumeStep: input.resume?.step ?? null,
    errors: {},
    emailNotice: null,
    prefillError: null,
    submitError: null,
  }),
  initial: 'start',
  on: {
    // An edited field loses its message; the e-mail's network notice goes with the e-mail's.
    EDIT: {
      actions: assign(({ context, event }) => {
        const errors = { ...context.errors };
        for (const key of Object.keys(event.fields)) delete errors[key];
        return {
          fields: { ...context.fields, ...event.fields },
          errors,
          emailNotice: 'email' in event.fields ? null : context.emailNotice,
        };
      }),
    },
    SET_IMAGE: {
      actions: assign(({ context, event }) => {
        const errors = { ...context.errors };
        delete errors[event.side];
        return { images: { ...context.images, [event.side]: event.file }, errors };
      }),
    },
  },
  states: {
    start: {
      always: [
        { guard: { type: 'resumes', params: { step: 'existing' } }, target: 'existing' },
        { guard: { type: 'resumes', params: { step: 'otherAccount' } }, target: 'otherAccount' },
        { guard: { type: 'resumes', params: { step: 'personal' } }, target: 'personal' },
        { guard: 'hasToken', target: 'prefilling' },
        { guard: 'newApp', target: 'personal' },
        { target: 'existing' },
      ],
    },
    /** token=: the earlier application's details fill the fields (spec 002 §2, §3). */
    prefilling: {
      invoke: {
        id: 'reApplication',
        src: 'reApplication',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'afterPrefill',
            actions: assign({
              fields: ({ context, event }) => (event.output.ok && event.output.fields ? { ...context.fields, ...event.output.fields } : context.fields),
            }),
          },
          { target: 'afterPrefill', actions: assign({ prefillError: ({ event }) => (event.output.ok ? null : event.output.message) }) },
        ],
        onError: { target: 'afterPrefill', actions: assign({ prefillError: registrationMachineMessages.connection }) },
      },
    },
    afterPrefill: { always: [{ guard: 'newApp', target: 'personal' }, { target: 'existing' }] },
    /** Step 1: 'Do you already have an account with the product?' */
    existing: {
      entry: 'clearErrors',
      on: {
        // Only the answer here; the other account's id and e-mail are asked on the next step.
        NEXT: [
          { guard: ({ context }) => context.fields.existing_account === 'yes', target: 'otherAccount' },
          { guard: ({ context }) => context.fields.existing_account === 'no', target: 'personal' },
          { actions: { type: 'showErrors', params: { validate: (f: RegistrationFields) => validateExistingAccount({ existing_account: f.existing_account }) } } },
        ],
      },
    },
    /** Step 2 (existing account only): other_affiliate_id and other_email. */
    otherAccount: {
      entry: 'clearErrors',
      on: {
        NEXT: [{ ...check(validateExistingAccount), target: 'personal' }, { actions: { type: 'showErrors', params: { validate: validateExistingAccount } } }],
        // Spec 002 §2: going back from here resets the answer to no.
        BACK: { target: 'existing', actions: assign({ fields: ({ context }) => ({ ...context.fields, existing_account: 'no', other_affiliate_id: '', other_email: '' }) }) },
      },
    },
    /** Step 3: personal info, the password and the optional security questions, then the availability check. */
    personal: {
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            NEXT: [{ ...check(validatePersonal), target: 'checkingEmail' }, { actions: { type: 'showErrors', params: { validate: validatePersonal } } }],
            BACK: [{ guard: 'hasExistingAccount', target: '#registration.otherAccount' }, { target: '#registration.existing' }],
          },
        },
        /** Spec 002 §5, §8: taken, or no answer → 'This email address is unavailable.' (and the network text). */
        checkingEmail: {
          invoke: {
            id: 'checkEmail',
        src: 'checkEmail',
            input: ({ context }) => ({ email: context.fields.email.trim() }),
            onDone: [
              { guard: ({ event }) => !event.output.taken, target: '#registration.contact', actions: { type: 'track', params: { stage: 'Initiated' } } },
              { target: 'editing', actions: assign({ errors: { email: registrationMessages.emailUnavailable } }) },
            ],
            onError: {
              target: 'editing',
              actions: assign({
                errors: { email: registrationMessages.emailUnavailable },
                emailNotice: ({ context }) => registrationMessages.availabilityUnreachable(context.supportEmail),
              }),
            },
          },
        },
      },
    },
    /** Step 4: contact, then the server's check that the numbers are real ones. */
    contact: {
      entry: 'clearErrors',
      initial: 'editing',
      states: {
        editing: {
          on: {
            NEXT: [{ ...check(validateContact), target: 'checkingPhones' }, { actions: { type: 'showErrors', params: { validate: validateContact } } }],
            BACK: '#registration.personal',
          },
        },
        /**
         * The submission refuses a number that is not a real one ('Invalid mobile number'); asked here,
         * where the number is typed, not four steps later. No answer moves on: the submission checks again.
         */
        checkingPhones: {
          invoke: {
            id: 'checkPhones',
            src: 'checkPhones',
            input: ({ context }) => ({ mobile: context.fields.mobile.trim(), phone: context.fields.phone.trim() }),
            onDone: [
              { guard: ({ event }) => !event.output.mobile && !event.output.phone, target: '#registration.address', actions: { type: 'track', params: { stage: 'Contact Info' } } },
              { target: 'editing', actions: assign({ errors: ({ event }) => ({ ...event.output }) }) },
            ],
            onError: { target: '#registration.address', actions: { type: 'track', params: { stage: 'Contact Info' } } },
          },
        },
      },
    },
    /** Step 5: address. */
    address: {
      entry: 'clearErrors',
      on: {
        NEXT: [{ ...check(validateAddress), target: 'identification', actions: { type: 'track', params: { stage: 'Address' } } }, { actions: { type: 'showErrors', params: { validate: validateAddress } } }],
        BACK: 'contact',
      },
    },
    /** Step 6: identification; entering it forgets an earlier ID entry of this application (spec 002 §4). */
    identification: {
      entry: ['clearErrors', 'removeIdEntry'],
      on: {
        NEXT: [
          {
            guard: ({ context }) => !hasErrors(validateImages(context.fields, context.images)),
            target: 'experience',
            actions: { type: 'track', params: { stage: 'Identification' } },
          },
          { actions: assign({ errors: ({ context }) => validateImages(context.fields, context.images) }) },
        ],
        BACK: 'address',
      },
    },
    /** Step 7: experience. */
    experience: {
      entry: 'clearErrors',
      on: {
        NEXT: [{ ...check(validateExperience), target: 'terms', actions: { type: 'track', params: { stage: 'Experience' } } }, { actions: { type: 'showErrors', params: { validate: validateExperience } } }],
        BACK: 'identification',
      },
    },
    /** Step 8: the three required checkboxes; Next is Submit. */
    terms: {
      entry: 'clearErrors',
      on: {
        NEXT: [{ ...check(validateTerms), target: 'submitting' }, { actions: { type: 'showErrors', params: { validate: validateTerms } } }],
        BACK: { target: 'experience', actions: assign({ submitError: null }) },
      },
    },
    submitting: {
      entry: assign({ errors: {}, submitError: null }),
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ fields: context.fields, images: context.images, context: context.appContext }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'done', actions: { type: 'track', params: { stage: 'Successful' } } },
          {
            // Spec 002 §4, §8: the failure is shown and its message itself is tracked.
            target: 'terms',
            actions: [
              assign({ submitError: ({ event }) => (event.output.ok ? null : event.output.message) }),
              { type: 'track', params: ({ event }) => ({ stage: event.output.ok ? 'Successful' : event.output.message }) },
            ],
          },
        ],
        onError: { target: 'terms', actions: assign({ submitError: registrationMachineMessages.connection }) },
      },
    },
    /** The thank-you page. */
    done: {},
  },
});
