import styled from 'styled-components';
import type { CampaignListName } from '../../api/contract/campaign';
import { useGetCampaignsQuery } from '../../api/shellApi';
import { Link } from '../../ui/Link';
import { CampaignGrid } from '../../components/campaigns/CampaignGrid';
import { failureText } from './errors';
import { DASHBOARD_ROW_SIZE, dashboardRowArgs } from './rowArgs';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  header { display: flex; align-items: baseline; justify-content: space-between; gap: ${({ theme }) => theme.space[3]}px; }
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

export interface CampaignRowProps {
  title: string;
  list: CampaignListName;
  /** Target of the row's See More link; none for Popular (spec 000 §2). */
  seeMoreHref?: string;
  /** The first row of the screen: its first images load at once (CampaignGrid's aboveTheFold). */
  aboveTheFold?: boolean;
}

/** One of the dashboard's campaign rows: Popular, New, Suggested For You. */
export function CampaignRow({ title, list, seeMoreHref, aboveTheFold }: CampaignRowProps) {
  const { data, error, isLoading } = useGetCampaignsQuery(dashboardRowArgs(list));
  return (
    <Section aria-label={title}>
      <header>
        <h2>{title}</h2>
        {seeMoreHref && (
          <Link href={seeMoreHref} aria-label={`See More ${title}`}>
            See More
          </Link>
        )}
      </header>
      <CampaignGrid
        campaigns={data?.campaigns}
        isLoading={isLoading}
        errorMessage={failureText(error)}
        loadingLabel={`Loading ${title} campaigns`}
        placeholders={DASHBOARD_ROW_SIZE}
        aboveTheFold={aboveTheFold}
      />
    </Section>
  );
}
