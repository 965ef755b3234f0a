import { describe, expect, it } from 'vitest';
import { REFERRAL_BANNER_SIZES } from '../../src/api/contract/rewards';
import {
  absoluteUrl,
  bannerDimensions,
  bannerEmbedCode,
  programPoints,
  reachedMessage,
  referralArtPath,
  referralLink,
  referralProgress,
  textSnippets,
} from '../../src/features/refer/referral';
import { paths } from '../../src/shared/paths';
import { referralProgram } from '../../src/shared/programTerms';

/** Other terms than the network's: a text that follows them was written from the constants, not retyped. */
const otherTerms = { sharePercent: 15, months: 9, firstPaymentBonusPercent: 20, bonusDollars: 250, bonusReferrals: 5, bonusAppliedWithin: 'ten days' } as const;

describe('the referral link', () => {
  it('is the registration page of the portal with referrer set to the affiliate id', () => {
    const link = referralLink(100001, 'https://portal.example.com');
    expect(link).toBe(`https://portal.example.com${paths.register}?referrer=100001`);
    const url = new URL(link);
    expect(url.pathname).toBe(paths.register);
    expect(url.searchParams.get('referrer')).toBe('100001');
  });
  it('keeps to the origin whatever path the page is on', () => {
    expect(referralLink(7, 'http://127.0.0.1:31234')).toBe('http://127.0.0.1:31234/register?referrer=7');
  });
});

describe('the banners', () => {
  it('has the four sizes of the spec, read from their names', () => {
    expect(REFERRAL_BANNER_SIZES.map(bannerDimensions)).toEqual([
      { width: 160, height: 600 },
      { width: 300, height: 250 },
      { width: 300, height: 600 },
      { width: 728, height: 90 },
    ]);
  });
  it('are served under the API base and made absolute for another site', () => {
    expect(referralArtPath('/api', '728x90')).toBe('/api/images/referral/728x90.svg');
    expect(referralArtPath('/api', 'logo-dark')).toBe('/api/images/referral/logo-dark.svg');
    expect(absoluteUrl('/api/images/referral/728x90.svg', 'https://portal.example.com')).toBe('https://portal.example.com/api/images/referral/728x90.svg');
    expect(absoluteUrl('https://cdn.example.net/api/images/referral/728x90.svg', 'https://portal.example.com')).toBe('https://cdn.example.net/api/images/referral/728x90.svg');
  });
  it('embed code links the image at its size to the referral link', () => {
    const code = bannerEmbedCode({ link: 'https://p.example.com/register?referrer=1', imageUrl: 'https://p.example.com/api/images/referral/300x250.svg', width: 300, height: 250, alt: 'Join us' });
    expect(code).toBe('<a href="https://p.example.com/register?referrer=1"><img src="https://p.example.com/api/images/referral/300x250.svg" width="300" height="250" alt="Join us"></a>');
  });
  it('embed code escapes what would break out of an attribute', () => {
    const code = bannerEmbedCode({ link: 'https://p.example.com/register?referrer=1&x="><script>', imageUrl: 'https://p.example.com/a.svg', width: 1, height: 1, alt: 'Tom & "Jerry" <b>' });
    expect(code).toContain('href="https://p.example.com/register?referrer=1&amp;x=&quot;&gt;&lt;script&gt;"');
    expect(code).toContain('alt="Tom &amp; &quot;Jerry&quot; &lt;b&gt;"');
    expect(code.match(/</g)).toHaveLength(3);
  });
});

describe('the progress toward the bonus', () => {
  it('counts out of 10', () => {
    expect(referralProgress(0)).toEqual({ value: 0, goal: 10, text: '0 of 10 approved referrals', reached: false });
    expect(referralProgress(4)).toEqual({ value: 4, goal: 10, text: '4 of 10 approved referrals', reached: false });
    expect(referralProgress(9).reached).toBe(false);
  });
  it('is reached at 10, and past it the bar stays full while the text keeps the real count', () => {
    expect(referralProgress(10)).toEqual({ value: 10, goal: 10, text: '10 of 10 approved referrals', reached: true });
    expect(referralProgress(12)).toEqual({ value: 10, goal: 10, text: '12 approved referrals', reached: true });
    expect(referralProgress(1234).text).toBe('1,234 approved referrals');
  });
  it('never goes below zero', () => {
    expect(referralProgress(-3)).toMatchObject({ value: 0, text: '0 of 10 approved referrals' });
  });
  it('follows the terms', () => {
    expect(referralProgress(4, otherTerms)).toEqual({ value: 4, goal: 5, text: '4 of 5 approved referrals', reached: false });
    expect(reachedMessage(otherTerms)).toBe('You have reached 5 approved referrals: your $250 bonus is applied within ten days.');
  });
});

describe('the program explained', () => {
  it('states the spec 001 §9 terms', () => {
    expect(programPoints()).toEqual([
      'You earn 10% of the earnings of every publisher you refer, for 6 months after their application is approved.',
      'The publishers you refer get a 10% bonus on their first payment.',
      'Once 10 of your referrals are approved, you earn an extra $100 bonus, applied within two weeks.',
    ]);
    expect(reachedMessage()).toBe('You have reached 10 approved referrals: your $100 bonus is applied within two weeks.');
  });
  it('is written from the constants', () => {
    const text = programPoints(otherTerms).join(' ');
    for (const part of ['15%', '9 months', '20% bonus', '$250', 'Once 5 of']) expect(text).toContain(part);
    expect(text).not.toMatch(/\b10\b|\$100|6 months/);
  });
});

describe('the text snippets', () => {
  const link = 'https://portal.example.com/register?referrer=100001';
  it('are two or three ready-made texts, each with the link and the first-payment bonus', () => {
    const snippets = textSnippets(link, 'Publisher Portal');
    expect(snippets.length).toBeGreaterThanOrEqual(2);
    expect(snippets.length).toBeLessThanOrEqual(3);
    expect(new Set(snippets.map((s) => s.title)).size).toBe(snippets.length);
    for (const s of snippets) {
      expect(s.text).toContain(link);
      expect(s.text).toContain('Publisher Portal');
      expect(s.text).toContain(`${referralProgram.firstPaymentBonusPercent}% bonus`);
    }
  });
  it('follow the terms', () => {
    for (const s of textSnippets(link, 'X', otherTerms)) expect(s.text).toContain('20% bonus');
  });
});
