import styled from 'styled-components';
import type { CampaignSummary } from '../../api/contract/campaign';
import { paths } from '../../shared/paths';
import { Link } from '../../ui/Link';
import { Skeleton } from '../../ui/Skeleton';

/** A group, not a landmark: the sidebar itself is the landmark, and a dashboard row may share the title. */
const Section = styled.div`
  h2 { margin: 0 0 ${({ theme }) => theme.space[2]}px; font-size: ${({ theme }) => theme.fontSizes.md}; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space[2]}px; }
`;
const Item = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  img { flex: none; width: 40px; height: 40px; border-radius: ${({ theme }) => theme.radii.sm}; object-fit: cover; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
  span { min-width: 0; }
  .name { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

export interface CampaignSideListProps {
  title: string;
  campaigns: CampaignSummary[] | undefined;
  isLoading?: boolean;
  /** Rows the list asks for: the loading state keeps their room, so nothing below moves when they come. */
  rows?: number;
}

/** One list of the right sidebar (spec 000 §2). Hidden when empty, and when its call failed. */
export function CampaignSideList({ title, campaigns, isLoading, rows = 5 }: CampaignSideListProps) {
  if (isLoading && !campaigns) {
    return (
      <Section role="group" aria-busy="true" aria-label={title}>
        <h2>{title}</h2>
        <ul>
          {Array.from({ length: rows }, (_, i) => (
            <li key={i}>
              <Skeleton height={40} />
            </li>
          ))}
        </ul>
      </Section>
    );
  }
  if (!campaigns?.length) return null;
  return (
    <Section role="group" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {campaigns.map((c) => (
          <li key={c.campaign_id}>
            <Item href={paths.campaign(c.campaign_id)} variant="subtle">
              <img src={c.thumbnail} alt="" width={40} height={40} />
              <span>
                <span className="name">{c.name}</span>
                <small>{c.rate_text}</small>
              </span>
            </Item>
          </li>
        ))}
      </ul>
    </Section>
  );
}
