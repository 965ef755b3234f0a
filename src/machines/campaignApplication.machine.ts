import { assign, fromPromise, setup } from 'xstate';
import {
  AD_IMAGE_MAX_BYTES,
  APPLICATION_MESSAGES as M,
  descriptionProblem,
  leadsProblem,
  sourceProblem,
  type ApplicationTrafficCode,
  type CreativeChoice,
} from '../shared/campaignApplication';

/**
 * The campaign application modal (spec 000 sections 2, 4 "Campaign access" and "Application
 * submit", 5, 7, 8): the campaign's preface and custom questions are loaded first ('There
 * was an error, please try again.' when they cannot be); the affiliate answers; Submit checks every
 * rule of section 5 (src/shared/campaignApplication.ts, the same rules the server re-checks) and
 * shows each field's message; while sending the button is disabled, an error re-enables it with the
 * server's message (the by-request limit among them); success shows the server's message and the
 * screen reloads the campaign. I/O only through `loadQuestions` and `submit`.
 */

export interface ApplicationQuestions {
  preface: string;
  /** The campaign's custom questions; '' where it asks none (then the field is not shown). */
  questions: [string, string, string];
}

export type LoadAnswer = ({ ok: true } & ApplicationQuestions) | { ok: false };

export interface ApplicationAnswers {
  estimatedLeads: string;
  trafficType: ApplicationTrafficCode | '';
  description: string;
  custom: [string, string, string];
  creative: CreativeChoice | '';
  sources: [string, string, string];
}

export interface SubmitInput extends ApplicationAnswers {
  campaignId: number;
  file: File | null;
}

export type SubmitAnswer = { ok: true; message: string } | { ok: false; message: string };

export interface CampaignApplicationInput {
  campaignId: number;
  /** Answers to start from (the machine-state stories start from a filled application). */
  draft?: Partial<ApplicationAnswers>;
}

export interface CampaignApplicationContext extends ApplicationQuestions {
  campaignId: number;
  answers: ApplicationAnswers;
  /** The ad-placement image, once the field has accepted it. */
  file: File | null;
  /** Field messages show after the first Submit (then they follow each change). */
  showProblems: boolean;
  /** The load failure or the server's refusal of the submission. */
  error: string | null;
  /** The server's success message. */
  message: string;
}

export type ApplicationField = 'estimatedLeads' | 'description' | 'custom1' | 'custom2' | 'custom3' | 'source1' | 'source2' | 'source3';

export type CampaignApplicationEvent =
  | { type: 'SET'; field: ApplicationField; value: string }
  | { type: 'SET_TRAFFIC'; trafficType: ApplicationTrafficCode }
  | { type: 'SET_CREATIVE'; creative: CreativeChoice }
  | { type: 'SET_FILE'; file: File | null }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export type ApplicationProblems = Partial<Record<ApplicationField | 'trafficType' | 'creative' | 'file', string>>;

/** Every field's message under the rules of spec 000 section 5; empty when the application can be sent. */
export function applicationProblems(context: Pick<CampaignApplicationContext, 'answers' | 'questions' | 'file'>): ApplicationProblems {
  const { answers, questions, file } = context;
  const problems: ApplicationProblems = {};
  const leads = leadsProblem(answers.estimatedLeads);
  if (leads) problems.estimatedLeads = leads;
  questions.forEach((q, i) => {
    if (q.trim() !== '' && answers.custom[i].trim() === '') problems[`custom${i + 1}` as ApplicationField] = M.customRequired;
  });
  if (!answers.creative) problems.creative = M.creativeRequired;
  if (answers.creative === 'M' && !file) problems.file = M.imageRequired;
  if (file && file.size > AD_IMAGE_MAX_BYTES) problems.file = M.imageTooLarge;
  if (!answers.trafficType) problems.trafficType = M.trafficRequired;
  else {
    const traffic = answers.trafficType;
    answers.sources.forEach((value, i) => {
      const p = sourceProblem(traffic, i as 0 | 1 | 2, value);
      if (p) problems[`source${i + 1}` as ApplicationField] = p;
    });
  }
  const description = descriptionProblem(answers.description);
  if (description) problems.description = description;
  return problems;
}

const EMPTY: ApplicationAnswers = { estimatedLeads: '', trafficType: '', description: '', custom: ['', '', ''], creative: '', sources: ['', '', ''] };

export const campaignApplicationMachine = setup({
  types: {
    context: {} as CampaignApplicationContext,
    input: {} as CampaignApplicationInput,
    events: {} as CampaignApplicationEvent,
  },
  actors: {
    loadQuestions: fromPromise<LoadAnswer, { campaignId: number }>(async () => {
      throw new Error('loadQuestions not provided');
    }),
    submit: fromPromise<SubmitAnswer, SubmitInput>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    set: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'SET') return context.answers;
        const a = { ...context.answers, custom: [...context.answers.custom] as ApplicationAnswers['custom'], sources: [...context.answers.sources] as ApplicationAnswers['sources'] };
        const custom = /^custom([123])$/.exec(event.field);
        const source = /^source([123])$/.exec(event.field);
        if (custom) a.custom[Number(custom[1]) - 1] = event.value;
        else if (source) a.sources[Number(source[1]) - 1] = event.value;
        else if (event.field === 'estimatedLeads' || event.field === 'description') a[event.field] = event.value;
        return a;
      },
    }),
    // Another traffic type asks other source questions: the answers start again.
    setTraffic: assign({
      answers: ({ context, event }) =>
        event.type === 'SET_TRAFFIC' && event.trafficType !== context.answers.trafficType
          ? { ...context.answers, trafficType: event.trafficType, sources: ['', '', ''] as ApplicationAnswers['sources'] }
          : context.answers,
    }),
    setCreative: assign({ answers: ({ context, event }) => (event.type === 'SET_CREATIVE' ? { ...context.answers, creative: event.creative } : context.answers) }),
    setFile: assign({ file: ({ context, event }) => (event.type === 'SET_FILE' ? event.file : context.file) }),
  },
  guards: {
    sendable: ({ context }) => Object.keys(applicationProblems(context)).length === 0,
  },
}).createMachine({
  id: 'campaignApplication',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    preface: '',
    questions: ['', '', ''],
    answers: { ...EMPTY, ...input.draft },
    file: null,
    showProblems: false,
    error: null,
    message: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadQuestions',
        src: 'loadQuestions',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: assign(({ event }) => (event.output.ok ? { preface: event.output.preface, questions: event.output.questions } : {})),
          },
          { target: 'loadFailed', actions: assign({ error: M.loadFailed }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: M.loadFailed }) },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        SET: { actions: 'set' },
        SET_TRAFFIC: { actions: 'setTraffic' },
        SET_CREATIVE: { actions: 'setCreative' },
        SET_FILE: { actions: 'setFile' },
        SUBMIT: [
          { guard: 'sendable', target: 'submitting', actions: assign({ showProblems: true }) },
          { actions: assign({ showProblems: true, error: null }) },
        ],
      },
    },
    /** Sending: the button is disabled; the answers stay as they are. */
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ campaignId: context.campaignId, file: context.file, ...context.answers }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'success', actions: assign({ message: ({ event }) => event.output.message }) },
          { target: 'editing', actions: assign({ error: ({ event }) => event.output.message }) },
        ],
        onError: { target: 'editing', actions: assign({ error: 'Connection error.' }) },
      },
    },
    success: { type: 'final' },
  },
});
