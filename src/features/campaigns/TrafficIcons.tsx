import styled from 'styled-components';
import type { CampaignSummary } from '../../api/contract/campaign';
import { Icon } from '../../ui/Icon';

/** The traffic flags of a listing item, in the legend's order (spec 000 §9). */
const TRAFFIC_TYPES = [
  { field: 'incentive_traffic', label: 'Incentive', path: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7C10 3 6 4 7.5 7M12 7c2-4 6-3 4.5 0' },
  { field: 'email_traffic', label: 'Email', path: 'M3 6h18v12H3zM3 6l9 7 9-7' },
  { field: 'contextual_traffic', label: 'Contextual', path: 'M4 6h16M4 10h16M4 14h10M4 18h7' },
  { field: 'mobile_traffic', label: 'Mobile', path: 'M7 3h10v18H7zM11 18h2' },
  { field: 'native_traffic', label: 'Native', path: 'M4 5h16v14H4zM7 9h5v4H7zM15 9h2M15 13h2M7 16h10' },
  { field: 'search_traffic', label: 'Search', path: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l5 5' },
  { field: 'display_traffic', label: 'Display', path: 'M3 5h18v11H3zM8 20h8M12 16v4' },
  { field: 'social_media_traffic', label: 'Social', path: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M16 11a2.5 2.5 0 000-5M21 20a5 5 0 00-4-5' },
  { field: 'brand_bid_traffic', label: 'Brand Bidding', path: 'M3 12V4h8l10 10-7 7zM7.5 7.5h.5' },
] as const satisfies readonly { field: keyof CampaignSummary; label: string; path: string }[];

const Glyph = styled(Icon)`
  flex: none;
  color: ${({ theme }) => theme.colors.primary};
`;

function TrafficGlyph({ path, label }: { path: string; label?: string }) {
  return <Glyph path={path} size={18} title={label} />;
}

const Row = styled.ul`
  display: flex;
  flex-wrap: nowrap;
  gap: ${({ theme }) => theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: inline-flex; }
`;

/** The traffic types a campaign allows, as icons named for screen readers (list view, spec 000 §2). */
export function TrafficIcons({ campaign }: { campaign: CampaignSummary }) {
  const allowed = TRAFFIC_TYPES.filter((t) => campaign[t.field] === 'Y');
  if (!allowed.length) return <span>None</span>;
  return (
    <Row aria-label="Traffic types">
      {allowed.map((t) => (
        <li key={t.field} title={t.label}>
          <TrafficGlyph path={t.path} label={t.label} />
        </li>
      ))}
    </Row>
  );
}

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]}px ${theme.space[3]}px`};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space[1]}px; }
`;

/** The legend of the traffic icons (spec 000 §9): Incentive, Email, Contextual ... Brand Bidding. */
export function TrafficLegend() {
  return (
    <Legend aria-label="Traffic icon legend">
      {TRAFFIC_TYPES.map((t) => (
        <li key={t.field}>
          <TrafficGlyph path={t.path} />
          {t.label}
        </li>
      ))}
    </Legend>
  );
}
