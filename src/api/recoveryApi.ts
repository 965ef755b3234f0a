import { baseApi } from './baseApi';
import { recoveryEndpoints } from './contract/recovery';
import { send, withBody, type Body, type Query, type Reply } from './endpoints';

const { forgotPassword, checkResetToken, generateResetCode, resetPassword } = recoveryEndpoints;

/** Password recovery (spec 002 §7): each call answers once, nothing is cached (a spent captcha, a used link). */
export const recoveryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<Reply<typeof forgotPassword>, Query<typeof forgotPassword>>({ query: (query) => send(forgotPassword, { query }) }),
    checkResetToken: build.mutation<Reply<typeof checkResetToken>, string>({ query: (token) => send(checkResetToken, { query: { token } }) }),
    generateResetCode: build.mutation<Reply<typeof generateResetCode>, Body<typeof generateResetCode>>({ query: withBody(generateResetCode) }),
    resetPassword: build.mutation<Reply<typeof resetPassword>, Body<typeof resetPassword>>({
      // The spec's call carries the token in the query and the body.
      query: (body) => send(resetPassword, { query: { token: body.token }, body }),
    }),
  }),
});

export const { useForgotPasswordMutation } = recoveryApi;

/** The captcha's challenge address (GET /forgotPassword/challenge), for the widget. */
export const captchaChallengePath = recoveryEndpoints.captchaChallenge.path;
