/**
 * One story per state of a flow machine (the files beside this one are generated from stories/machines/flows.ts
 * by scripts/machine-stories.ts). The story renders the real screen, started in that state through
 * the `useFlowActor` seam (src/lib/flowActor.ts): the machine is restored from the snapshot its
 * shortest path reaches, and every invoked actor is replaced by one that never answers, so a loading
 * state stays loading and nothing leaves the page. Play checks the screen is in that state; axe and
 * the screenshot (both themes) run as for every story.
 */
import type { ReactNode } from 'react';
import type { StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { fromPromise, StateMachine, type AnyActorRef, type AnyStateMachine, type Snapshot } from 'xstate';
import { preloadJourney } from '../../src/features/auth/SignInJourney';
import { preloadLoginCaptcha } from '../../src/features/auth/LoginForm';
import { SignInJourneyWithStore } from '../features/auth/SignInJourneyWithStore';
import { IntroSurvey } from '../../src/features/dashboard/modals/IntroSurvey';
import { LinkBuilder } from '../../src/features/campaigns/detail/linkBuilder/LinkBuilder';
import { ApplicationModal } from '../../src/features/campaigns/detail/application/ApplicationModal';
import { PaymentSettingsModal } from '../../src/features/settings/payment/PaymentSettingsModal';
import { ResetPasswordPage } from '../../src/features/recovery/ResetPasswordPage';
import { RegisterPage } from '../../src/features/register/RegisterPage';
import { SettingsScreenWithLock } from '../../src/features/settings/SettingsLock';
import { affiliateFixture } from '../mocks/shell';
import { campaignFixture } from '../mocks/campaignDetail';
import { FlowStartProvider } from '../../src/lib/flowActor';
import { flows, type Flow } from './flows';
import { machineStates, type MachineState } from './machineStates';

/** The screen that shows each flow run directly by a screen (flows run through another flow use its screen). */
// `preload`: code the screen loads lazily in some states, fetched before the story renders so the
// screenshot never catches the loading fallback.
const screens: Record<string, { render: () => ReactNode; parameters?: Record<string, unknown>; preload?: () => Promise<unknown> }> = {
  SignIn: {
    // The captcha states show the ALTCHA widget in its test mode (nothing fetched or computed).
    render: () => <SignInJourneyWithStore productName="Publisher Portal" siteId="1" onFinished={fn()} captchaTest />,
    preload: () => Promise.all([preloadJourney(), preloadLoginCaptcha()]),
    parameters: { layout: 'fullscreen' },
  },
  IntroSurvey: { render: () => <IntroSurvey onClose={fn()} />, parameters: { layout: 'fullscreen' } },
  LinkBuilder: { render: () => <LinkBuilder campaign={campaignFixture} searchSafeAllowed /> },
  CampaignApplication: { render: () => <ApplicationModal campaign={campaignFixture} onClose={fn()} />, parameters: { layout: 'fullscreen' } },
  SettingsVerification: { render: () => <SettingsScreenWithLock affiliate={affiliateFixture} /> },
  PasswordReset: { render: () => <ResetPasswordPage productName="Publisher Portal" siteId="1" />, parameters: { layout: 'fullscreen' } },
  Registration: { render: () => <RegisterPage productName="Publisher Portal" siteId="1" supportEmail="affiliates@example.com" />, parameters: { layout: 'fullscreen' } },
  PaymentModal: {
    render: () => <PaymentSettingsModal paymentInformation={{ payee: 'Ada Lovelace', method: 'ACH', platform: 'Tipalti', tmp_payoneer: 0 }} isOpen onClose={fn()} />,
    parameters: { layout: 'fullscreen' },
  },
};

const flowNamed = (name: string): Flow => {
  const flow = flows.find((f) => f.name === name);
  if (!flow) throw new Error(`No flow ${name} in stories/machines/flows.ts`);
  return flow;
};

/** Each flow's states, walked once per page (the graph walk is the costly part). */
const statesOf = new Map<string, MachineState[]>();
function statesFor(flow: Flow): MachineState[] {
  if (!statesOf.has(flow.name)) statesOf.set(flow.name, machineStates(flow.machine, flow.samples));
  return statesOf.get(flow.name)!;
}
function stateOf(flow: Flow, name: string): MachineState {
  const state = statesFor(flow).find((s) => s.name === name);
  if (!state) throw new Error(`${flow.name} has no state ${name} any more: run npm run stories:machines`);
  return state;
}

/** The machine with every invoked actor replaced by one that never answers (invoked machines keep their states). */
function silenced(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(
    Object.entries(machine.implementations.actors).map(([id, logic]) => [
      id,
      logic instanceof StateMachine ? silenced(logic) : fromPromise(() => new Promise<never>(() => {})),
    ]),
  );
  return machine.provide({ actors });
}

interface Start {
  /** The flow whose screen shows the state, and the snapshot it starts from. */
  screen: string;
  machineId: string;
  snapshot: Snapshot<unknown>;
  /** The actor to check: the screen's own, or the invoked one at this id. */
  childId?: string;
}

function startOf(flow: Flow, state: MachineState): Start {
  const persisted = flow.machine.getPersistedSnapshot(state.snapshot) as Snapshot<unknown> & { children: Record<string, { snapshot: unknown }> };
  if (!flow.via) return { screen: flow.name, machineId: flow.machine.id, snapshot: persisted };
  const parent = flowNamed(flow.via.flow);
  const host = statesFor(parent).find((s) => s.value === flow.via!.state && !s.variant);
  if (!host) throw new Error(`${parent.name} never reaches ${flow.via.state}`);
  const start = startOf(parent, host);
  const parentSnapshot = start.snapshot as typeof persisted;
  const child = parentSnapshot.children[flow.via.id];
  if (!child) throw new Error(`${parent.name}.${flow.via.state} does not invoke ${flow.via.id}`);
  const snapshot = { ...parentSnapshot, children: { ...parentSnapshot.children, [flow.via.id]: { ...child, snapshot: persisted } } };
  return { ...start, snapshot: snapshot as Snapshot<unknown>, childId: flow.via.id };
}

/** The started actors, by story id, for the play function. */
const started = new Map<string, AnyActorRef>();

export function machineParameters(flowName: string) {
  const flow = flowNamed(flowName);
  return screens[flow.via?.flow ?? flow.name]?.parameters ?? {};
}

export function machineStory(flowName: string, stateName: string): StoryObj {
  const flow = flowNamed(flowName);
  const state = stateOf(flow, stateName);
  const start = startOf(flow, state);
  return {
    name: stateName.replace(/([a-z0-9])([A-Z])/g, '$1 $2'),
    parameters: {
      docs: {
        description: {
          story: `\`${JSON.stringify(state.value)}\`${state.variant ? ` (${state.variant})` : ''}, reached by ${state.path.join(' → ') || 'starting'}.`,
        },
      },
    },
    loaders: [async () => void (await screens[start.screen].preload?.())],
    render: (_args, context: StoryContext) => {
      const screen = screens[start.screen];
      const value = { [start.machineId]: { snapshot: start.snapshot, logic: silenced, onActor: (a: AnyActorRef) => started.set(context.id, a) } };
      return <FlowStartProvider value={value}>{screen.render()}</FlowStartProvider>;
    },
    play: async ({ id }) => {
      // The root actor, then (for a child's state) its child: on a busy machine the child can appear a
      // moment after the root (a CI run read it as undefined).
      const actorOf = () => {
        const root = started.get(id);
        return start.childId ? (root?.getSnapshot().children[start.childId] as AnyActorRef | undefined) : root;
      };
      await waitFor(() => expect(actorOf()).toBeDefined());
      const actor = actorOf()!;
      // The screen shows the state and the machine stays in it.
      await expect(actor.getSnapshot().matches(state.value)).toBe(true);
      // Something shows: text, or (while a call is pending) a progress indicator.
      await waitFor(() => expect(document.body.innerText.trim() || document.querySelector('[role="progressbar"]')).toBeTruthy());
    },
  };
}
