import { assign, fromPromise, setup } from 'xstate';
import type { TrackingLinkRequestInput } from '../api/contract/tracking';

/**
 * The tracking link builder of the campaign page (spec 000 sections 4 "Link builder flow", 7, 8,
 * 9): choose a traffic type; choose a creative type (R raw, S search and C contextual use the fixed
 * built-in creatives; B banners, T text links, E and H solo e-mails open their picker, and closing
 * it without a choice clears the creative); once both are chosen, the landing page (Default
 * preselected), five sub IDs (typing settles for 500 ms first) and, for affiliates with flag 175,
 * search-safe. The link is asked of the server again on every change and is ready only when the
 * answer says it has both a traffic type and a creative. A 401 is silent (the session handling
 * signs the affiliate out); other failures show their message. I/O only through `createLink`.
 */

/** Creative types of step 2 (spec 000 section 4). */
export const CREATIVE_TYPES = ['R', 'S', 'C', 'B', 'T', 'E', 'H'] as const;
export type LinkCreativeType = (typeof CREATIVE_TYPES)[number];
/** The types that open a picker; the others use a built-in creative. */
export const PICKER_TYPES = ['B', 'T', 'E', 'H'] as const;
export type PickerType = (typeof PICKER_TYPES)[number];
export const isPickerType = (t: LinkCreativeType | null): t is PickerType => t !== null && (PICKER_TYPES as readonly string[]).includes(t);

/** The built-in creative ids of R, S and C (BUILT_IN_CREATIVES in the contract; kept here as data the portal runs). */
const BUILT_IN: Record<'R' | 'S' | 'C', number> = { R: -1, S: -2, C: -3 };

/** Sub ID edits wait this long before the link is asked for again (spec 000 section 9). */
export const SUB_ID_DEBOUNCE_MS = 500;

export const linkBuilderMessages = {
  start: 'Select a traffic type and creative type to get started...',
  invalidCreative: 'Invalid creative specified',
  connection: 'Connection error.',
} as const;

export type LinkAnswer =
  | { ok: true; link: string; ready: boolean }
  /** status 401: silent. */
  | { ok: false; status: number; message: string };

export interface LinkBuilderInput {
  campaignId: number;
  /** The Default landing page (else the first), preselected; null when the campaign has none. */
  defaultLandingPageId: number | null;
}

export interface LinkBuilderContext {
  campaignId: number;
  trafficType: string | null;
  creativeType: LinkCreativeType | null;
  /** The picked (or built-in) creative; null while a picker type has none. */
  creativeId: number | null;
  landingPageId: number | null;
  subs: [string, string, string, string, string];
  safesearch: boolean;
  /** The last answer's link ('' until one is ready). */
  link: string;
  ready: boolean;
  error: string | null;
}

export type LinkBuilderEvent =
  | { type: 'SET_TRAFFIC'; trafficType: string }
  | { type: 'SET_CREATIVE_TYPE'; creativeType: LinkCreativeType }
  | { type: 'PICK'; creativeId: number }
  | { type: 'CLOSE_PICKER' }
  | { type: 'SET_LANDING_PAGE'; landingPageId: number }
  | { type: 'SET_SUB'; index: 0 | 1 | 2 | 3 | 4; value: string }
  | { type: 'SET_SAFESEARCH'; on: boolean }
  | { type: 'RETRY' };

/** What the builder shows in place of the link (the link itself once ready). */
export function linkText(context: LinkBuilderContext): string {
  if (context.ready && context.link) return context.link;
  if (!context.trafficType || !context.creativeType) return linkBuilderMessages.start;
  return linkBuilderMessages.invalidCreative;
}

/** Options (landing page, sub IDs, search-safe) appear once both choices are made. */
export const optionsShown = (context: LinkBuilderContext) => context.trafficType !== null && context.creativeType !== null;

/** The request of the current choices (POST /trackinglink). */
function linkRequest(context: LinkBuilderContext): TrackingLinkRequestInput {
  const [sub1, sub2, sub3, sub4, sub5] = context.subs;
  return {
    campaign_id: context.campaignId,
    traffic_type: context.trafficType ?? '',
    ...(context.creativeId !== null ? { creative_id: context.creativeId } : {}),
    ...(context.landingPageId !== null ? { lpid: context.landingPageId } : {}),
    sub1,
    sub2,
    sub3,
    sub4,
    sub5,
    safesearch: context.safesearch,
  };
}

const cleared = { link: '', ready: false, error: null };

export const linkBuilderMachine = setup({
  types: {
    context: {} as LinkBuilderContext,
    input: {} as LinkBuilderInput,
    events: {} as LinkBuilderEvent,
  },
  actors: {
    createLink: fromPromise<LinkAnswer, TrackingLinkRequestInput>(async () => {
      throw new Error('createLink not provided');
    }),
  },
  actions: {
    setTraffic: assign({ trafficType: ({ event }) => (event.type === 'SET_TRAFFIC' ? event.trafficType : null) }),
    setCreativeType: assign(({ event }) => {
      if (event.type !== 'SET_CREATIVE_TYPE') return {};
      const t = event.creativeType;
      return { creativeType: t, creativeId: t === 'R' || t === 'S' || t === 'C' ? BUILT_IN[t] : null };
    }),
    pick: assign({ creativeId: ({ event }) => (event.type === 'PICK' ? event.creativeId : null) }),
    setLandingPage: assign({ landingPageId: ({ context, event }) => (event.type === 'SET_LANDING_PAGE' ? event.landingPageId : context.landingPageId) }),
    setSafesearch: assign({ safesearch: ({ context, event }) => (event.type === 'SET_SAFESEARCH' ? event.on : context.safesearch) }),
    setSub: assign({
      subs: ({ context, event }) => {
        if (event.type !== 'SET_SUB') return context.subs;
        const subs = [...context.subs] as LinkBuilderContext['subs'];
        subs[event.index] = event.value;
        return subs;
      },
    }),
    clearLink: assign(cleared),
  },
  guards: {
    /** Both chosen and, for a picker type, a creative picked: worth asking the server. */
    complete: ({ context }) => context.trafficType !== null && context.creativeType !== null && context.creativeId !== null,
  },
}).createMachine({
  id: 'linkBuilder',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    trafficType: null,
    creativeType: null,
    creativeId: null,
    landingPageId: input.defaultLandingPageId,
    subs: ['', '', '', '', ''],
    safesearch: false,
    ...cleared,
  }),
  initial: 'editing',
  states: {
    /** Nothing is being asked: the link (or the text in its place) is shown. */
    editing: {
      on: {
        SET_TRAFFIC: [
          { guard: ({ context }) => context.creativeType !== null && context.creativeId !== null, target: 'generating', actions: 'setTraffic' },
          { actions: ['setTraffic', 'clearLink'] },
        ],
        SET_CREATIVE_TYPE: [
          { guard: ({ event }) => isPickerType(event.creativeType), target: 'picking', actions: ['setCreativeType', 'clearLink'] },
          { guard: ({ context }) => context.trafficType !== null, target: 'generating', actions: 'setCreativeType' },
          { actions: ['setCreativeType', 'clearLink'] },
        ],
        SET_LANDING_PAGE: [{ guard: 'complete', target: 'generating', actions: 'setLandingPage' }, { actions: 'setLandingPage' }],
        SET_SAFESEARCH: [{ guard: 'complete', target: 'generating', actions: 'setSafesearch' }, { actions: 'setSafesearch' }],
        SET_SUB: [{ guard: 'complete', target: 'debouncing', actions: 'setSub' }, { actions: 'setSub' }],
        RETRY: { guard: 'complete', target: 'generating' },
      },
    },
    /** A picker in select mode: a choice sets the creative, closing without one clears it. */
    picking: {
      on: {
        PICK: [
          { guard: ({ context }) => context.trafficType !== null, target: 'generating', actions: 'pick' },
          { target: 'editing', actions: 'pick' },
        ],
        CLOSE_PICKER: { target: 'editing', actions: [assign({ creativeId: null }), 'clearLink'] },
      },
    },
    /** A sub ID was typed: wait for the typing to settle. */
    debouncing: {
      after: { [SUB_ID_DEBOUNCE_MS]: 'generating' },
      on: {
        SET_SUB: { target: 'debouncing', reenter: true, actions: 'setSub' },
        SET_TRAFFIC: { target: 'generating', actions: 'setTraffic' },
        SET_CREATIVE_TYPE: [
          { guard: ({ event }) => isPickerType(event.creativeType), target: 'picking', actions: ['setCreativeType', 'clearLink'] },
          { target: 'generating', actions: 'setCreativeType' },
        ],
        SET_LANDING_PAGE: { target: 'generating', actions: 'setLandingPage' },
        SET_SAFESEARCH: { target: 'generating', actions: 'setSafesearch' },
      },
    },
    /** Asking the server; any change asks again (the previous call's answer is dropped). */
    generating: {
      // A new question: the last answer's failure no longer applies.
      entry: assign({ error: null }),
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => linkRequest(context),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: assign(({ event }) => (event.output.ok ? { link: event.output.link, ready: event.output.ready, error: null } : {})),
          },
          // 401: silent (spec 000 section 8); the session handling takes the affiliate to sign-in.
          { guard: ({ event }) => !event.output.ok && event.output.status === 401, target: 'editing', actions: 'clearLink' },
          {
            target: 'editing',
            actions: assign(({ event }) => ({ link: '', ready: false, error: event.output.ok ? null : event.output.message || linkBuilderMessages.connection })),
          },
        ],
        onError: { target: 'editing', actions: assign({ link: '', ready: false, error: linkBuilderMessages.connection }) },
      },
      on: {
        SET_TRAFFIC: { target: 'generating', reenter: true, actions: 'setTraffic' },
        SET_CREATIVE_TYPE: [
          { guard: ({ event }) => isPickerType(event.creativeType), target: 'picking', actions: ['setCreativeType', 'clearLink'] },
          { target: 'generating', reenter: true, actions: 'setCreativeType' },
        ],
        SET_LANDING_PAGE: { target: 'generating', reenter: true, actions: 'setLandingPage' },
        SET_SAFESEARCH: { target: 'generating', reenter: true, actions: 'setSafesearch' },
        SET_SUB: { target: 'debouncing', actions: 'setSub' },
      },
    },
  },
});
