import { describe, expect, it } from 'vitest';
import type { SliderItem } from '../../../src/api/contract/content';
import { nextModal } from '../../../src/features/dashboard/modals/DashboardModals';
import { selectionLabel } from '../../../src/features/dashboard/modals/IntroSurveyModal';
import { orderSlides, slideRate, slideTarget } from '../../../src/features/dashboard/PromoSlider';
import { progressText } from '../../../src/features/dashboard/PerformanceBonus';
import { failureText, LIST_FAILED } from '../../../src/features/dashboard/errors';

const none = { introSurvey: false, paymentMethod: false, invalidEmail: false, missingMobile: false, missingDocuments: false, telegram: false };

describe('dashboard modals, one at a time (spec 002 §4)', () => {
  it('shows the first applicable modal in the contract order, skipping closed ones', () => {
    expect(nextModal(undefined, new Set())).toBeNull();
    expect(nextModal(none, new Set())).toBeNull();
    const all = { ...none, telegram: true, invalidEmail: true, introSurvey: true };
    expect(nextModal(all, new Set())).toBe('introSurvey');
    expect(nextModal(all, new Set(['introSurvey']))).toBe('invalidEmail');
    expect(nextModal(all, new Set(['introSurvey', 'invalidEmail']))).toBe('telegram');
    expect(nextModal(all, new Set(['introSurvey', 'invalidEmail', 'telegram']))).toBeNull();
  });
});

describe('intro survey labels (spec 002 §5)', () => {
  it('names up to the limit, then n selected', () => {
    expect(selectionLabel([], 3)).toBe('');
    expect(selectionLabel(['Canada', 'Mexico', 'United States'], 3)).toBe('Canada, Mexico, United States');
    expect(selectionLabel(['A', 'B', 'C', 'D'], 3)).toBe('4 selected');
    expect(selectionLabel(['Solar', 'Casino'], 2)).toBe('Solar, Casino');
    expect(selectionLabel(['Solar', 'Casino', 'Loans'], 2)).toBe('3 selected');
  });
});

describe('slider (spec 000 §2)', () => {
  const slide = (id: number, pinned: 'Y' | 'N'): SliderItem => ({
    campaign_id: id,
    image: '',
    thumbnail: '',
    description: '',
    rate: 1,
    rate_type: '$ per lead',
    button: 'Go',
    url: '',
    campaign_name: `c${id}`,
    pinned,
  });
  it('puts pinned slides first, keeping the order otherwise', () => {
    expect(orderSlides([slide(1, 'N'), slide(2, 'Y'), slide(3, 'N'), slide(4, 'Y')]).map((s) => s.campaign_id)).toEqual([2, 4, 1, 3]);
  });
  it('sends the button to a portal path, or else the campaign (the server\'s rule)', () => {
    expect(slideTarget({ url: '/campaign/9', campaign_id: 1 })).toEqual({ href: '/campaign/9', external: false });
    expect(slideTarget({ url: 'https://example.com', campaign_id: 1 })).toEqual({ href: '/campaign/1', external: false });
    expect(slideTarget({ url: 'javascript:alert(1)', campaign_id: 5 })).toEqual({ href: '/campaign/5', external: false });
    expect(slideTarget({ url: '//evil.example', campaign_id: 5 })).toEqual({ href: '/campaign/5', external: false });
  });
  it('writes the rate per lead or as a share of sale', () => {
    expect(slideRate({ rate: 42, rate_type: '$ per lead' })).toBe('$42.00 per lead');
    expect(slideRate({ rate: 12.5, rate_type: '% of sale' })).toBe('12.5% of sale');
    expect(slideRate({ rate: 1500, rate_type: '$ per lead' })).toBe('$1,500.00 per lead');
  });
});

describe('failures (spec 000 §8)', () => {
  it("uses the server's errors.message, 'Connection error.', or the fallback", () => {
    expect(failureText(undefined)).toBeNull();
    expect(failureText({ status: 503, data: { success: false, errors: { message: 'Busy.' } } })).toBe('Busy.');
    expect(failureText({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('Connection error.');
    expect(failureText({ status: 500, data: 'oops' })).toBe(LIST_FAILED);
  });
});

describe('performance bonus progress line (spec 000 §4, §9)', () => {
  const base = { promo_end_date: '2026-12-01' };
  it('asks for the next tier while none is completed', () => {
    expect(progressText({ ...base, completed_tier: 0, current_tier: 1, current_target: 5000 })).toBe('Earn above $5,000 by December 1, 2026 to unlock tier 1.');
  });
  it('mentions a completed tier 1 while working on tier 2', () => {
    expect(progressText({ ...base, completed_tier: 1, current_tier: 2, current_target: 50000 })).toBe(
      'You completed tier 1 (a $1,000 bonus). Earn above $50,000 by December 1, 2026 to unlock tier 2.',
    );
  });
  it('says the last tier is completed instead of asking to earn above it', () => {
    expect(progressText({ ...base, completed_tier: 2, current_tier: 2, current_target: 50000 })).toBe('You completed tier 2: a $10,000 bonus.');
  });
});
