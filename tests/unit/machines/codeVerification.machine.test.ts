import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { codeMessages, codeVerificationMachine, type SendCodeResult, type VerifyCodeResult } from '../../../src/machines/codeVerification.machine';
import { actorEvents, walkEveryPath } from './walkPaths';

const events = [
  { type: 'CHOOSE', method: 'byEmail' },
  { type: 'CHOOSE', method: 'bySMS' },
  { type: 'CHOOSE', method: 'byBoth' },
  { type: 'SEND' },
  { type: 'SUBMIT', code: ' 123456 ' },
  { type: 'SUBMIT', code: '' },
  { type: 'RESEND' },
  { type: 'CANCEL' },
  ...actorEvents('sendCode', [{ done: { ok: true, t: 'tok' } }, { done: { ok: false, message: 'Too many codes requested.' } }, { error: new Error('offline') }]),
  ...actorEvents('verifyCode', [{ done: { ok: true } }, { done: { ok: false, message: 'The code is incorrect.' } }, { error: new Error('offline') }]),
];

describe.each([true, false])('code verification paths (mobile on file: %s)', (mobileAvailable) => {
  const input = { mobileAvailable, purpose: 'login' as const };
  walkEveryPath(codeVerificationMachine, input, events as never, ['sendCode', 'verifyCode'], ['choosingMethod', 'sending', 'enteringCode', 'verifying', 'verified', 'cancelled']);
});

describe('code verification rules', () => {
  it('refuses SMS and both without a mobile number', () => {
    const actor = createActor(codeVerificationMachine, { input: { mobileAvailable: false, purpose: 'login' } }).start();
    actor.send({ type: 'CHOOSE', method: 'bySMS' });
    expect(actor.getSnapshot().context.method).toBe('byEmail');
    actor.send({ type: 'CHOOSE', method: 'byBoth' });
    expect(actor.getSnapshot().context.method).toBe('byEmail');
  });

  it('sends the chosen method and purpose, trims the code and passes t back', async () => {
    const calls: unknown[] = [];
    const actor = createActor(
      codeVerificationMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }): Promise<SendCodeResult> => (calls.push(input), { ok: true, t: 'handle-1' })),
          verifyCode: fromPromise(async ({ input }): Promise<VerifyCodeResult> => (calls.push(input), { ok: true })),
        },
      }),
      { input: { mobileAvailable: true, purpose: 'settings' } },
    ).start();
    actor.send({ type: 'CHOOSE', method: 'byBoth' });
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'SUBMIT', code: ' 042042 ' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ method: 'byBoth', purpose: 'settings' }, { code: '042042', t: 'handle-1', purpose: 'settings' }]);
    expect(done.output).toEqual({ verified: true });
  });

  it('shows the server message for a wrong code and stays on code entry', async () => {
    const actor = createActor(
      codeVerificationMachine.provide({
        actors: {
          sendCode: fromPromise(async (): Promise<SendCodeResult> => ({ ok: true, t: 'x' })),
          verifyCode: fromPromise(async (): Promise<VerifyCodeResult> => ({ ok: false, message: 'The code you entered has expired.' })),
        },
      }),
      { input: { mobileAvailable: false, purpose: 'login' } },
    ).start();
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'SUBMIT', code: '000000' });
    const s = await waitFor(actor, (x) => x.matches('enteringCode') && x.context.error !== null);
    expect(s.context.error).toBe('The code you entered has expired.');
    expect(codeMessages.sent).toBe('We have sent you a code.');
  });

  it('catches an empty code before the request, and "Request a new code" goes back to the choice', async () => {
    let verified = 0;
    const actor = createActor(
      codeVerificationMachine.provide({
        actors: {
          sendCode: fromPromise(async (): Promise<SendCodeResult> => ({ ok: true, t: 'x' })),
          verifyCode: fromPromise(async (): Promise<VerifyCodeResult> => (verified++, { ok: false, message: 'Too many incorrect codes. Please request a new code.' })),
        },
      }),
      { input: { mobileAvailable: false, purpose: 'login' } },
    ).start();
    actor.send({ type: 'SEND' });
    await waitFor(actor, (s) => s.matches('enteringCode'));
    actor.send({ type: 'SUBMIT', code: '  ' });
    expect(actor.getSnapshot().context.error).toBe(codeMessages.required);
    expect(verified).toBe(0);
    actor.send({ type: 'SUBMIT', code: '111111' });
    await waitFor(actor, (x) => x.matches('enteringCode') && x.context.error !== null);
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('choosingMethod');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
