import { useMemo } from 'react';
import styled from 'styled-components';
import type { MarketingCampaign } from '../../api/contract/register';
import { formatWholeDollars } from '../../shared/format';
import { sanitizeNewsHtml } from '../../shared/newsHtml';
import { managerHours, networkFacts, referralTermsSentence } from '../../shared/programTerms';
import { registrationMessages } from '../../shared/registration';
import { SystemMessage } from '../../ui/SystemMessage';

const f = networkFacts;
/**
 * The six feature blurbs of the default banner (spec 002 §2), stating the facts of spec 002 §1 as the
 * FAQ and the terms do (src/shared/programTerms.ts): the referral numbers are the referral program's.
 */
const DEFAULT_BLURBS = [
  { title: `Over ${f.affiliateCount} affiliates`, text: 'Join a network trusted by affiliates around the world.' },
  { title: 'Weekly payments', text: 'After your first payment, get paid every week.' },
  { title: 'Dedicated managers', text: `A personal affiliate manager, ${managerHours.text}.` },
  { title: 'Real-time statistics', text: `See your clicks and leads within ${f.statisticsDelayMinutes} minutes.` },
  { title: 'Two payment platforms', text: `${f.paymentPlatforms.join(' or ')}; the minimum payout is ${formatWholeDollars(f.minimumPayout)}.` },
  { title: 'Referral bounty', text: referralTermsSentence() },
] as const;

const Wide = styled.aside`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  @media (max-width: 767px) { display: none; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  ul { margin: 0; padding: 0; list-style: none; display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: ${({ theme }) => theme.space[3]}px; }
  li strong { display: block; }
  img { max-width: 160px; max-height: 80px; }
`;
/** Below 768 px the banner shows as a message (spec 002 §2, §9). */
const Narrow = styled.div`
  @media (min-width: 768px) { display: none; }
  .partner-content p { display: block; margin: 0; }
  .partner-content :is(strong, b, em, i, a, span, u, small) { display: inline; }
`;

export interface BannerProps {
  /** The partner's campaign (mktg=), or null for the default banner. */
  campaign: MarketingCampaign | null;
}

/** The marketing banner: a partner's logo, header and (sanitised) content, or the default with six blurbs. */
export function MarketingBanner({ campaign }: BannerProps) {
  const html = useMemo(() => (campaign ? sanitizeNewsHtml(campaign.campaign_content) : ''), [campaign]);
  if (campaign) {
    const content = <div className="partner-content" dangerouslySetInnerHTML={{ __html: html }} />;
    return (
      <>
        <Wide aria-label="Our partner">
          {campaign.campaign_image && <img src={campaign.campaign_image} alt="" />}
          <h2>{campaign.campaign_header}</h2>
          {content}
        </Wide>
        <Narrow>
          <SystemMessage variant="info" title={campaign.campaign_header}>
            {content}
          </SystemMessage>
        </Narrow>
      </>
    );
  }
  return (
    <>
      <Wide aria-label="Why join us">
        <h2>Why join us</h2>
        <ul>
          {DEFAULT_BLURBS.map((b) => (
            <li key={b.title}>
              <strong>{b.title}</strong>
              {b.text}
            </li>
          ))}
        </ul>
      </Wide>
      <Narrow>
        <SystemMessage variant="info" title="Why join us">
          {DEFAULT_BLURBS.map((b) => b.title).join(' · ')}
        </SystemMessage>
      </Narrow>
    </>
  );
}

/** '+10% Referral Bonus Activated' with a positive referrer id (spec 002 §2). */
export function ReferralBanner() {
  return <SystemMessage variant="success">{registrationMessages.referralBonus}</SystemMessage>;
}
