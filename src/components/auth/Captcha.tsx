import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type {} from 'altcha/types/react';
import { apiBase } from '../../api/baseApi';
import { captchaChallengePath } from '../../api/recoveryApi';
import { Spinner } from '../../ui/Spinner';

/**
 * The ALTCHA widget (the `altcha` web component, self-hosted proof of work; docs/recovery.md), on
 * the forgot page and on the sign-in form once the server asks for it (docs/adr/0009). Loaded only
 * there: the build without its inline workers and styles (`altcha/external`,
 * the PBKDF2 worker as a file of ours and the stylesheet), so the product's CSP needs no blob: or
 * inline script. The widget fetches its challenge from GET /api/forgotPassword/challenge and
 * reports the payload once solved; nothing else is sent anywhere.
 */
let loading: Promise<void> | null = null;
/** The widget's code is here: a widget mounted from now on draws at once. */
let loaded = false;
function loadAltcha(): Promise<void> {
  loading ??= Promise.all([import('altcha/external'), import('altcha/altcha.css'), import('altcha/workers/pbkdf2?worker')]).then(
    ([, , worker]) => {
      globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new worker.default());
      loaded = true;
    },
  );
  return loading;
}

/** Fetches the widget's code ahead (stories that screenshot it at once). */
export const preloadCaptcha = loadAltcha;

/**
 * Every colour the widget draws is set here from the theme. The stylesheet's own defaults are
 * `light-dark()` pairs, or variables resolved from them on :root (so setting the base colours here
 * does not reach them), which the production build lowers to variables that only its own
 * `color-scheme` rules would set: left to them, the unticked box had no border and no background.
 */
const Frame = styled.div`
  min-height: 68px;
  --altcha-color-base: ${({ theme }) => theme.colors.surface};
  --altcha-color-base-content: ${({ theme }) => theme.colors.text};
  --altcha-border-color: ${({ theme }) => theme.colors.border};
  --altcha-color-neutral: ${({ theme }) => theme.colors.borderStrong};
  --altcha-color-neutral-content: ${({ theme }) => theme.colors.textMuted};
  --altcha-checkbox-border-color: ${({ theme }) => theme.colors.borderStrong};
  --altcha-input-background-color: ${({ theme }) => theme.colors.surface};
  --altcha-input-color: ${({ theme }) => theme.colors.text};
  --altcha-popover-color: ${({ theme }) => theme.colors.border};
  --altcha-spinner-color: ${({ theme }) => theme.colors.text};
  --altcha-switch-background-color: ${({ theme }) => theme.colors.borderStrong};
  --altcha-switch-toggle-color: ${({ theme }) => theme.colors.textMuted};
  --altcha-color-primary: ${({ theme }) => theme.colors.primary};
  --altcha-color-primary-content: ${({ theme }) => theme.colors.onPrimary};
  --altcha-color-error: ${({ theme }) => theme.colors.danger};
  --altcha-color-success: ${({ theme }) => theme.colors.success};
  --altcha-max-width: 100%;
  altcha-widget { display: block; }
`;

export interface CaptchaProps {
  /** The widget's payload once solved; null while unsolved, expired or failed. */
  onChange: (payload: string | null) => void;
  /** Stories: the widget's own test mode (no challenge fetched, nothing computed). */
  test?: boolean;
}

export function Captcha({ onChange, test }: CaptchaProps) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    let live = true;
    void loadAltcha().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready, onChange]);
  return (
    <Frame>
      {ready ? (
        <altcha-widget
          ref={ref}
          challenge={`${apiBase}${captchaChallengePath}`}
          name="altcha"
          language="en"
          configuration={JSON.stringify({ hideFooter: false, ...(test ? { test: true } : {}) })}
        />
      ) : (
        <Spinner label="Loading the captcha" />
      )}
    </Frame>
  );
}
