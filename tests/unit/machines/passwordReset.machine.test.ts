import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordResetMachine, resetFieldErrors, resetMessages, type CallResult, type CheckTokenResult } from '../../../src/machines/passwordReset.machine';
import { profileMessages } from '../../../src/shared/profileOptions';
import { recoveryMessages } from '../../../src/shared/recovery';

const GOOD = { password: 'n3w-Secret!', retype: 'n3w-Secret!', code: ' 123456 ' };

function start(
  opts: {
    token?: string;
    resendAfter?: number;
    check?: () => Promise<CheckTokenResult>;
    send?: () => Promise<CallResult>;
    reset?: (input: { token: string; password: string; code: string }) => Promise<CallResult>;
  } = {},
) {
  const calls = { check: 0, send: 0, reset: [] as { token: string; password: string; code: string }[] };
  const machine = passwordResetMachine.provide({
    actors: {
      checkToken: fromPromise(async () => {
        calls.check += 1;
        return (opts.check ?? (async () => ({ ok: true, isMobileAdded: true, managerEmail: 'm@example.com' })))();
      }),
      sendCode: fromPromise(async () => {
        calls.send += 1;
        return (opts.send ?? (async () => ({ ok: true })))();
      }),
      resetPassword: fromPromise(async ({ input }: { input: { token: string; password: string; code: string } }) => {
        calls.reset.push(input);
        return (opts.reset ?? (async () => ({ ok: true })))(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { token: opts.token ?? 'tok', resendAfter: opts.resendAfter } }).start();
  return { actor, calls };
}

const inForm = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('form'));

describe('passwordReset machine: the link', () => {
  it('a link without a token is expired, without a call', () => {
    const { actor, calls } = start({ token: '  ' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(calls.check).toBe(0);
  });

  it('a refused token is expired; a mobile on file opens the form; none tells the manager', async () => {
    const expired = start({ check: async () => ({ ok: false, message: recoveryMessages.linkExpired }) });
    await waitFor(expired.actor, (s) => s.matches('expired'));
    const form = start();
    await inForm(form.actor);
    const none = start({ check: async () => ({ ok: true, isMobileAdded: false, managerEmail: 'jordan@example.com' }) });
    const s = await waitFor(none.actor, (x) => x.matches('noMobile'));
    expect(s.context.managerEmail).toBe('jordan@example.com');
  });

  it('a check without an answer is unavailable until Try again', async () => {
    let fail = true;
    const { actor, calls } = start({
      check: async () => {
        if (fail) throw new Error('offline');
        return { ok: true, isMobileAdded: true };
      },
    });
    await waitFor(actor, (s) => s.matches('unavailable'));
    fail = false;
    actor.send({ type: 'RETRY' });
    await inForm(actor);
    expect(calls.check).toBe(2);
  });
});

describe('passwordReset machine: the SMS code and its countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("Send code: 'Sent (n)' from 60 down, one a second, then the button again", async () => {
    const { actor, calls } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('form')).toBe(true));
    actor.send({ type: 'SEND_CODE' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ form: { code: 'cooling' } })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: 60, codeNotice: resetMessages.codeSent });
    // Pressing again while it counts does nothing.
    actor.send({ type: 'SEND_CODE' });
    expect(calls.send).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(59);
    vi.advanceTimersByTime(58_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    expect(actor.getSnapshot().matches({ form: { code: 'cooling' } })).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().matches({ form: { code: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.secondsLeft).toBe(0);
    actor.send({ type: 'SEND_CODE' });
    await vi.waitFor(() => expect(calls.send).toBe(2));
  });

  it('a wait left from before a reload goes on counting, then the button again, without a call', async () => {
    const { actor, calls } = start({ resendAfter: 12 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ form: { code: 'cooling' } })).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ secondsLeft: 12, codeNotice: resetMessages.codeSent });
    actor.send({ type: 'SEND_CODE' });
    vi.advanceTimersByTime(11_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().matches({ form: { code: 'idle' } })).toBe(true);
    expect(calls.send).toBe(0);
    // Never more than the server's 60 seconds; nothing left is the button at once.
    expect(start({ resendAfter: 500 }).actor.getSnapshot().context.secondsLeft).toBe(60);
    const fresh = start({ resendAfter: 0 });
    await vi.waitFor(() => expect(fresh.actor.getSnapshot().matches({ form: { code: 'idle' } })).toBe(true));
  });

  it("a refusal shows the server's message; no answer says 'Connection error.'", async () => {
    let answer: () => Promise<CallResult> = async () => ({ ok: false, message: recoveryMessages.waitForCode(40) });
    const { actor } = start({ send: () => answer() });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('form')).toBe(true));
    actor.send({ type: 'SEND_CODE' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.codeError).toBe(recoveryMessages.waitForCode(40)));
    expect(actor.getSnapshot().matches({ form: { code: 'idle' } })).toBe(true);
    answer = async () => {
      throw new Error('offline');
    };
    actor.send({ type: 'SEND_CODE' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.codeError).toBe(resetMessages.connection));
  });
});

describe('passwordReset machine: the new password', () => {
  it('§5 before any call: required, the rule, the match', async () => {
    expect(resetFieldErrors({ password: '', retype: '', code: '' })).toEqual({ password: recoveryMessages.passwordRequired, code: recoveryMessages.codeRequired });
    expect(resetFieldErrors({ password: 'shrt1!', retype: 'shrt1!', code: '1' })).toEqual({ password: profileMessages.passwordRule });
    expect(resetFieldErrors({ password: GOOD.password, retype: 'other', code: '1' })).toEqual({ retype: recoveryMessages.passwordsDontMatch });
    const { actor, calls } = start();
    await inForm(actor);
    actor.send({ type: 'SUBMIT', fields: { password: GOOD.password, retype: 'x', code: '1' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ retype: recoveryMessages.passwordsDontMatch });
    expect(calls.reset).toHaveLength(0);
  });

  it("a wrong code is said under the code field; another refusal is the page's error; no answer 'Connection error.'", async () => {
    const answers: (() => Promise<CallResult>)[] = [
      async () => ({ ok: false, message: recoveryMessages.wrongCode }),
      async () => ({ ok: false, message: recoveryMessages.failed }),
      async () => {
        throw new Error('offline');
      },
    ];
    const { actor, calls } = start({ reset: () => answers.shift()!() });
    await inForm(actor);
    actor.send({ type: 'SUBMIT', fields: GOOD });
    let s = await waitFor(actor, (x) => x.matches({ form: { submission: 'editing' } }) && Object.keys(x.context.fieldErrors).length > 0);
    expect(s.context.fieldErrors).toEqual({ code: recoveryMessages.wrongCode });
    actor.send({ type: 'SUBMIT', fields: GOOD });
    s = await waitFor(actor, (x) => x.context.error !== null);
    expect(s.context.error).toBe(recoveryMessages.failed);
    expect(s.context.fieldErrors).toEqual({});
    actor.send({ type: 'SUBMIT', fields: GOOD });
    await waitFor(actor, (x) => x.context.error === resetMessages.connection);
    expect(calls.reset).toHaveLength(3);
    expect(calls.reset[0]).toEqual({ token: 'tok', password: GOOD.password, code: '123456' });
  });

  it('success ends in done', async () => {
    const { actor } = start();
    await inForm(actor);
    actor.send({ type: 'SUBMIT', fields: GOOD });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().status).toBe('done');
  });
});
