import { useRef } from 'react';
import styled from 'styled-components';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import { affiliateToday } from '../../shared/reportDates';
import {
  useGetAffiliateStatsQuery,
  useGetPerformanceBonusQuery,
  useOptInPerformanceBonusMutation,
} from '../../api/dashboardApi';
import { focusWhenOverlaysGone, usePageTitle } from '../../lib/page';
import { RenderWhenNear } from '../../lib/RenderWhenNear';
import { paths } from '../../shared/paths';
import { Skeleton } from '../../ui/Skeleton';
import { CampaignRow } from './CampaignRow';
import { EarningsSummary } from './EarningsSummary';
import { failureText } from './errors';
import { DashboardModals } from './modals/DashboardModals';
import { PerformanceBonus } from './PerformanceBonus';
import { DashboardSlider } from './PromoSlider';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]}px;
`;
const Heading = styled.header`
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  h1:focus { outline: none; }
  p { margin: ${({ theme }) => theme.space[1]}px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
  /* The ID's placeholder sits in the ID's own line, so nothing below moves when the ID comes (Lighthouse's layout shift on /dashboard). */
  p [data-skeleton] { display: inline-block; vertical-align: middle; }
`;

export interface DashboardPageProps {
  /** Slider interval (stories shorten it). */
  sliderInterval?: number;
}

/** Spec 000 §2 Dashboard: name and ID, earnings, slider, performance bonus, three campaign rows, and the modals of spec 002. */
export function DashboardPage({ sliderInterval }: DashboardPageProps) {
  const affiliate = useGetAffiliateQuery();
  const stats = useGetAffiliateStatsQuery();
  const bonus = useGetPerformanceBonusQuery();
  const [optIn, optInState] = useOptInPerformanceBonusMutation();
  const a = affiliate.data;
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle('Dashboard');
  return (
    <Page>
      <Heading>
        {a ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Welcome, {a.affiliate_personal_information.name}
            </h1>
            <p>Affiliate ID {a.publisher_id}</p>
          </>
        ) : (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Dashboard
            </h1>
            {affiliate.isLoading && (
              <p>
                <Skeleton shape="text" width={160} />
              </p>
            )}
          </>
        )}
      </Heading>
      {/* The modals open over the page; their failure banner shows here, under the heading, where the affiliate looks. */}
      <DashboardModals manager={a?.affiliate_manager} onAllClosed={() => focusWhenOverlaysGone(() => heading.current)} />
      <EarningsSummary
        stats={stats.data}
        isLoading={stats.isLoading}
        errorMessage={failureText(stats.error, 'There was an error fetching your earnings. Please try again.')}
        today={a ? affiliateToday(a.affiliate_personal_information.time_zone) : undefined}
      />
      {/* Asks for its slides itself: on a phone, where it is hidden, it does not. */}
      <DashboardSlider interval={sliderInterval} />
      {bonus.data && (
        <PerformanceBonus
          bonus={bonus.data}
          onOptIn={() => void optIn()}
          isOptingIn={optInState.isLoading}
          optInMessage={optInState.data?.message}
          optInError={failureText(optInState.error, 'An internal error occurred.')}
        />
      )}
      <CampaignRow title="Popular" list="popular" aboveTheFold />
      <RenderWhenNear minHeight={600}>
        <CampaignRow title="New" list="new" seeMoreHref={paths.browse('new')} />
      </RenderWhenNear>
      <RenderWhenNear minHeight={600}>
        <CampaignRow title="Suggested For You" list="suggested" seeMoreHref={paths.browse('suggested')} />
      </RenderWhenNear>
    </Page>
  );
}
