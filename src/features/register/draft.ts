import { emptyFields, type RegistrationFields, type ResumeStep, type StepName } from '../../machines/registration.types';

/** Not the spec's, in this tab's sessionStorage: what the wizard was given so far in this visit. */
export const DRAFT_KEY = 'mb-register-draft';

/** Never kept: the passwords, and the security answers, which guard the account as a password does. */
const SECRET: ReadonlyArray<keyof RegistrationFields> = ['password', 'password2', 'security_a1', 'security_a2'];

export interface RegistrationDraft {
  fields: Partial<RegistrationFields>;
  step: StepName;
  appToken: string;
}

function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the fields (without secrets), the step shown and the application token for a reload. */
export function saveDraft(fields: RegistrationFields, step: StepName, appToken: string): void {
  const kept: Partial<RegistrationFields> = { ...fields };
  for (const key of SECRET) delete kept[key];
  try {
    tabStorage()?.setItem(DRAFT_KEY, JSON.stringify({ fields: kept, step, appToken } satisfies RegistrationDraft));
  } catch {
    // Storage full or refused: a reload then starts afresh.
  }
}

export function forgetDraft(): void {
  try {
    tabStorage()?.removeItem(DRAFT_KEY);
  } catch {
    // nothing kept
  }
}

/** The draft of this visit, only its known text and box fields; null when none or unreadable. */
export function readDraft(): RegistrationDraft | null {
  let raw: string | null;
  try {
    raw = tabStorage()?.getItem(DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<RegistrationDraft>;
    if (typeof parsed.appToken !== 'string' || !/^[0-9a-f]{16,64}$/.test(parsed.appToken) || typeof parsed.step !== 'string') return null;
    const fields: Partial<RegistrationFields> = {};
    const source = (parsed.fields ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(emptyFields) as (keyof RegistrationFields)[]) {
      if (SECRET.includes(key)) continue;
      const value = source[key];
      if (typeof value === typeof emptyFields[key]) (fields as Record<string, unknown>)[key] = value;
    }
    return { fields, step: parsed.step as StepName, appToken: parsed.appToken };
  } catch {
    return null;
  }
}

/** The step a reload reopens: the one shown, but personal info at the latest, where the passwords are asked again. */
export function resumeStepOf(step: StepName): ResumeStep {
  return step === 'existing' || step === 'otherAccount' ? step : 'personal';
}
