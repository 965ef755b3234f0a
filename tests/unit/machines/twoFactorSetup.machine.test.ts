import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { twoFactorMessages, twoFactorSetupMachine, WRONG_CODE_TRIES, type OtpActivateResult, type OtpSetupResult } from '../../../src/machines/twoFactorSetup.machine';
import { actorEvents, walkEveryPath } from './walkPaths';

const qr: OtpSetupResult = { ok: true, token: 'otpauth://totp/Portal:demo?secret=ABC&issuer=Portal', secret: 'ABC' };
const events = [
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'ACTIVATE', code: '123456' },
  { type: 'ACTIVATE', code: ' ' },
  { type: 'RETRY' },
  { type: 'FINISH' },
  { type: 'CANCEL' },
  ...actorEvents('fetchQrCode', [{ done: qr }, { done: { ok: false } }, { error: new Error('offline') }]),
  ...actorEvents('activate', [{ done: { ok: true, isTokenValid: true } }, { done: { ok: true, isTokenValid: false } }, { done: { ok: false, message: 'Session expired' } }, { error: new Error('offline') }]),
];

describe('two-factor set-up paths', () => {
  walkEveryPath(twoFactorSetupMachine, undefined, events as never, ['fetchQrCode', 'activate'], ['downloadApp', 'loadingQrCode', 'qrCodeFailed', 'scanQrCode', 'enterCode', 'activating', 'refreshingQrCode', 'activated', 'done', 'cancelled']);
});

describe('two-factor set-up rules', () => {
  it(`a wrong activation code keeps the secret for ${WRONG_CODE_TRIES} tries; then 'The value you entered was incorrect. Please scan this new code and try again.' with a fresh QR code`, async () => {
    let n = 0;
    const seen: string[] = [];
    const actor = createActor(
      twoFactorSetupMachine.provide({
        actors: {
          fetchQrCode: fromPromise(async (): Promise<OtpSetupResult> => ({ ok: true, token: `otpauth://totp/x?secret=S${++n}`, secret: `S${n}` })),
          activate: fromPromise(async ({ input }: { input: { secret: string; otp: string } }): Promise<OtpActivateResult> => (seen.push(input.secret), { ok: true, isTokenValid: false })),
        },
      }),
    ).start();
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('scanQrCode'));
    actor.send({ type: 'NEXT' });
    for (let i = 1; i < WRONG_CODE_TRIES; i++) {
      actor.send({ type: 'ACTIVATE', code: '000000' });
      const s = await waitFor(actor, (x) => x.matches('enterCode') && x.context.error !== null);
      // The same secret: the entry already in the authenticator app still works.
      expect(s.context).toMatchObject({ secret: 'S1', replaced: false, error: twoFactorMessages.wrongCodeRetry });
    }
    expect(n).toBe(1);
    actor.send({ type: 'ACTIVATE', code: '000000' });
    const s = await waitFor(actor, (x) => x.matches('scanQrCode') && x.context.secret === 'S2');
    expect(s.context.error).toBe(twoFactorMessages.wrongCode);
    expect(s.context.replaced).toBe(true);
    expect(n).toBe(2);
    expect(seen).toEqual(Array(WRONG_CODE_TRIES).fill('S1'));
    // The fresh secret has its own tries again.
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ACTIVATE', code: '000000' });
    const again = await waitFor(actor, (x) => x.matches('enterCode') && x.context.error !== null);
    expect(again.context).toMatchObject({ secret: 'S2', error: twoFactorMessages.wrongCodeRetry });
  });

  it('keeps the secret for the whole set-up: Back, Next and an empty code fetch nothing new', async () => {
    let n = 0;
    let activations = 0;
    const actor = createActor(
      twoFactorSetupMachine.provide({
        actors: {
          fetchQrCode: fromPromise(async (): Promise<OtpSetupResult> => ({ ok: true, token: `otpauth://totp/x?secret=S${++n}`, secret: `S${n}` })),
          activate: fromPromise(async (): Promise<OtpActivateResult> => (activations++, { ok: true, isTokenValid: true })),
        },
      }),
    ).start();
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('scanQrCode'));
    actor.send({ type: 'BACK' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('scanQrCode');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'BACK' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ACTIVATE', code: '  ' });
    expect(actor.getSnapshot().value).toBe('enterCode');
    expect(actor.getSnapshot().context).toMatchObject({ secret: 'S1', error: twoFactorMessages.codeRequired, replaced: false });
    expect(n).toBe(1);
    expect(activations).toBe(0);
  });

  it('sends the secret and the trimmed code, and ends activated', async () => {
    const seen: unknown[] = [];
    const actor = createActor(
      twoFactorSetupMachine.provide({
        actors: {
          fetchQrCode: fromPromise(async (): Promise<OtpSetupResult> => qr),
          activate: fromPromise(async ({ input }): Promise<OtpActivateResult> => (seen.push(input), { ok: true, isTokenValid: true })),
        },
      }),
    ).start();
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(true);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('scanQrCode'));
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'ACTIVATE', code: ' 654321 ' });
    await waitFor(actor, (s) => s.matches('activated'));
    // The success screen no longer warns before leaving.
    expect(actor.getSnapshot().hasTag('unsaved')).toBe(false);
    actor.send({ type: 'FINISH' });
    expect(seen).toEqual([{ secret: 'ABC', otp: '654321' }]);
    expect(actor.getSnapshot().output).toEqual({ activated: true });
  });

  it('cancelling ends not activated', () => {
    const actor = createActor(twoFactorSetupMachine).start();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().output).toEqual({ activated: false });
  });
});
