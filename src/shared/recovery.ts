/**
 * Password recovery (spec 002 §2, §4, §5, §8; docs/recovery.md): the texts of the forgot and reset
 * pages, shared by the contract, the server and the portal.
 */
/** Texts of the recovery pages: the spec's own where it gives one (§8), ours where it says "not shown". */
export const recoveryMessages = {
  /** Spec 002 §8, with the address the visitor typed. */
  forgotSent: (email: string) => `We have sent an e-mail to ${email} with instructions on how to proceed.`,
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  captchaMissing: 'Please complete the captcha before submitting.',
  captchaInvalid: 'The captcha could not be verified. Please solve it again.',
  captchaUsed: 'This captcha has already been used. Please solve it again.',
  /** The token check's failure (§4 "the page says the link expired"; the text is ours). */
  linkExpired: 'This password reset link has expired or has already been used. Please request a new one.',
  /** Spec 002 §8. */
  wrongCode: 'Incorrect code. Try again.',
  /** Spec 002 §8: the final call's success false. */
  failed: 'There was an error processing your request. Please try again',
  codeRequired: 'Please enter the code we sent to your mobile phone.',
  passwordRequired: 'Please enter your new password.',
  /** Spec 002 §5. */
  passwordsDontMatch: 'Passwords do not match.',
  noMobile: (managerEmail: string) =>
    `There is no mobile number on your account, so we cannot text you a code. Please contact your manager at ${managerEmail} to reset your password.`,
  waitForCode: (seconds: number) => `A code was just sent. Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another one.`,
  changed: 'Your password has been changed. You can now sign in with your new password.',
} as const;

/** Spec 002 §9: the send-code button's countdown, also the server's wait between two codes. */
export const RESEND_CODE_SECONDS = 60;

