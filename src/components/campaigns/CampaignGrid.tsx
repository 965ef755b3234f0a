import styled from 'styled-components';
import type { CampaignSummary } from '../../api/contract/campaign';
import { SkeletonCard, SkeletonRegion } from '../../ui/Skeleton';
import { ErrorBanner } from '../../ui/SystemMessage';
import { CampaignCard } from './CampaignCard';

/** Spec 000 §9: 12 placeholder cards while loading. */
export const GRID_PLACEHOLDERS = 12;
export const EMPTY_LIST_MESSAGE = 'No campaigns found for this category.';

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  /* Six across when the row is wide enough, else three, else two (the row's own width decides). */
  @container (max-width: 899px) { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  @container (max-width: 479px) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;
const Sized = styled.div`
  container-type: inline-size;
`;
const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface CampaignGridProps {
  campaigns: CampaignSummary[] | undefined;
  isLoading?: boolean;
  /** The message of a failed call (spec 000 §8). */
  errorMessage?: string | null;
  /** Names the loading announcement, e.g. 'Loading Popular campaigns'. */
  loadingLabel?: string;
  /** Placeholder cards while loading: the listing's 12, or as many as the list will hold (no jump when it arrives). */
  placeholders?: number;
  /**
   * The grid is the first thing of its screen: its first cards' images (a row on a phone) load at
   * once, the first with high priority, instead of lazily once laid out; on the dashboard and the
   * browse tabs the first card's image is the largest paint (Lighthouse).
   */
  aboveTheFold?: boolean;
}

/** Cards whose images load at once in a grid that opens its screen: a phone's first row. */
const EAGER_CARDS = 2;

/** The listing's grid view (spec 000 §2): cards, 12 placeholders while loading, the empty text, or the error. */
export function CampaignGrid({ campaigns, isLoading, errorMessage, loadingLabel = 'Loading campaigns', placeholders = GRID_PLACEHOLDERS, aboveTheFold = false }: CampaignGridProps) {
  const loading = Boolean(isLoading && !campaigns);
  if (errorMessage) {
    return <ErrorBanner>{errorMessage}</ErrorBanner>;
  }
  return (
    <Sized>
    <SkeletonRegion isLoading={loading} loadingLabel={loadingLabel}>
      {loading ? (
        <Grid aria-hidden="true">
          {Array.from({ length: placeholders }, (_, i) => (
            <li key={i}>
              <SkeletonCard thumbnailHeight={96} />
            </li>
          ))}
        </Grid>
      ) : campaigns?.length ? (
        <Grid>
          {campaigns.map((c, i) => (
            <li key={c.campaign_id}>
              <CampaignCard campaign={c} image={!aboveTheFold || i >= EAGER_CARDS ? 'lazy' : i === 0 ? 'first' : 'eager'} />
            </li>
          ))}
        </Grid>
      ) : (
        <Empty>{EMPTY_LIST_MESSAGE}</Empty>
      )}
    </SkeletonRegion>
    </Sized>
  );
}
