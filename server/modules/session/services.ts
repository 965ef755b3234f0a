import type { AppContext } from '../../context';
import type { Messenger } from '../../lib/messenger';
import type { CaptchaOptions } from '../recovery/captcha';

/**
 * What the sign-in and the account notices need beyond AppContext: the app's messenger, the
 * product's name, and the captcha key and options of the forgot page (one captcha for both forms).
 * The recovery routes, which app.ts registers with all of them, provide them for their `ctx`;
 * the session, settings and recovery modules read them when a request comes (every route is
 * registered by then).
 */
export interface AccountServices {
  messenger: Messenger;
  productName: string;
  captchaKey: Buffer;
  captcha: CaptchaOptions;
}

const byContext = new WeakMap<AppContext, AccountServices>();

export function provideAccountServices(ctx: AppContext, services: AccountServices): void {
  byContext.set(ctx, services);
}

export function accountServices(ctx: AppContext): AccountServices {
  const services = byContext.get(ctx);
  if (!services) throw new Error('account services missing: the recovery routes provide them for this AppContext');
  return services;
}
