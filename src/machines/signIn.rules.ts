/**
 * Spec 002 §5 Login: the checks of the sign-in form, shared by `signInMachine` (which judges every
 * submit) and the sign-in page, which shows them before the machine's code has loaded.
 * No XState here: the page's first download carries this module alone.
 */
export const credentialMessages = {
  connection: 'Connection error.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  passwordRequired: 'Please enter your password.',
} as const;

export interface CredentialErrors {
  email?: string;
  password?: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E-mail and password are required; the e-mail must be well formed. */
export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = credentialMessages.emailRequired;
  else if (!emailPattern.test(email.trim())) errors.email = credentialMessages.emailInvalid;
  if (!password) errors.password = credentialMessages.passwordRequired;
  return errors;
}
