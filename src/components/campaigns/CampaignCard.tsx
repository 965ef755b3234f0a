import styled, { keyframes } from 'styled-components';
import type { CampaignSummary } from '../../api/contract/campaign';
import { paths } from '../../shared/paths';
import { Link } from '../../ui/Link';
import { CampaignNotices } from './CampaignNotices';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

// align-items: stretch, or the link's own centring centres a short name's text block in the card.
// The image's height: auto, or its height attribute (kept for the space while it loads) beats
// aspect-ratio, and a narrow card showed the 4:3 thumbnail in a square box, its sides cut off.
const Card = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  height: 100%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  text-decoration: none;
  &[data-hovered] { color: ${({ theme }) => theme.colors.text}; border-color: ${({ theme }) => theme.colors.primary}; text-decoration: none; }
  /* Spec 000 §2: campaigns flagged highlight Y are visually highlighted and fade in. */
  &[data-highlight] {
    border-color: ${({ theme }) => theme.colors.warning};
    background: ${({ theme }) => theme.colors.highlight};
    animation: ${fadeIn} ${({ theme }) => theme.durations.slow} ease-in;
  }
  img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;
const Text = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[3]}px;
  .name {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .rate { color: ${({ theme }) => theme.colors.success}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

export interface CampaignCardProps {
  campaign: CampaignSummary;
  /**
   * How the thumbnail loads: lazily (the default: most cards are below the fold), at once, or at once
   * and first (the card whose image is likely the screen's largest paint).
   */
  image?: 'lazy' | 'eager' | 'first';
}

/**
 * A grid card of the campaign listing (spec 000 §2): thumbnail, name and rate text, linking to the
 * campaign; a paused or capped campaign says so (its links will not pay), and one with an expiry date its
 * last day.
 */
export function CampaignCard({ campaign, image = 'lazy' }: CampaignCardProps) {
  return (
    <Card href={paths.campaign(campaign.campaign_id)} data-highlight={campaign.highlight === 'Y' || undefined}>
      <img src={campaign.thumbnail} alt="" loading={image === 'lazy' ? 'lazy' : 'eager'} fetchPriority={image === 'first' ? 'high' : undefined} width={240} height={180} />
      <Text>
        <span className="name">{campaign.name}</span>
        <span className="rate">{campaign.rate_text}</span>
        <CampaignNotices paused={campaign.paused} capReached={campaign.cap_reached} expiryDate={campaign.expiry_date} />
      </Text>
    </Card>
  );
}
