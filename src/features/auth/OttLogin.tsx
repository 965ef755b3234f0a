import { useEffect } from 'react';
import { storageKeys } from '../../lib/storageKeys';
import { storeSession } from '../../lib/session';
import { LoadingScreen } from './LoadingScreen';

/** Cookie names of the one-time-token handoff (spec 002 §2 /ottlogin: names not shown, ours). */
const ottCookies = { token: storageKeys.authToken, affiliateId: storageKeys.affiliateId, copy: storageKeys.tokenCopy } as const;

function readCookie(name: string, cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export interface OttLoginProps {
  /** Where to go afterwards: the affiliates site root (spec 002 §2). */
  onDone?: () => void;
  cookies?: () => string;
  clearCookie?: (name: string) => void;
}

/**
 * 'Logging in': reads the auth token, affiliate id and token copy from cookies, stores them locally
 * and goes to the root. The copy in `mb-t` is always re-made with this build's key (a server
 * cannot know it); the cookies are removed once read so the token does not linger in them.
 */
export function OttLogin({
  onDone = () => window.location.replace('/'),
  cookies = () => document.cookie,
  clearCookie = (name) => (document.cookie = `${name}=; Max-Age=0; path=/`),
}: OttLoginProps) {
  useEffect(() => {
    const all = cookies();
    const token = readCookie(ottCookies.token, all);
    const aid = readCookie(ottCookies.affiliateId, all);
    Object.values(ottCookies).forEach((name) => clearCookie(name));
    if (token && aid && /^\d+$/.test(aid)) void storeSession({ token, affiliateId: aid }).then(onDone);
    else onDone();
  }, [cookies, clearCookie, onDone]);
  return <LoadingScreen label="Logging in" showLabel />;
}
