import styled from 'styled-components';
import type { Resource } from '../../api/contract/rewards';
import { safeLink } from '../../shared/safeLink';
import { Card } from '../../ui/Card';
import { CopyField } from '../../ui/CopyField';
import { Link } from '../../ui/Link';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

/** The resource images' own size (the CDN draws them 320 × 180): the card reserves their box before they load. */
const RESOURCE_IMAGE = { width: 320, height: 180 } as const;

/** `${apiBase}/images/resources/<image_name>` (spec 001 §3: images come from a CDN path under /images/resources/). */
function resourceImageUrl(apiBase: string, imageName: string): string {
  return `${apiBase}/images/resources/${encodeURIComponent(imageName)}`;
}

/**
 * One partner resource (spec 001 §2.3): image, name, description, the promo code with its copy
 * control and description when there is one, and Learn More in a new tab. A link that is not an
 * explicit http(s) address (src/shared/safeLink.ts) is not shown at all.
 */
export function ResourceCard({ resource, apiBase }: { resource: Resource; apiBase: string }) {
  const link = safeLink(resource.URL, undefined, ['web']);
  const hasPromo = resource.promo_code.trim() !== '';
  return (
    <Root elementType="article">
      {resource.image_name && (
        <Picture>
          <img src={resourceImageUrl(apiBase, resource.image_name)} width={RESOURCE_IMAGE.width} height={RESOURCE_IMAGE.height} alt={resource.name} decoding="async" />
        </Picture>
      )}
      <Body>
        <h3>{resource.name}</h3>
        <p>{resource.description}</p>
        {hasPromo && (
          <CopyField label="Promo code" value={resource.promo_code} description={resource.promo_description || undefined} copyLabel="Copy" />
        )}
        {!hasPromo && resource.promo_description && <Muted>{resource.promo_description}</Muted>}
        {link && (
          <Footer>
            <Link href={link.href} external>
              Learn More<VisuallyHidden> about {resource.name}</VisuallyHidden>
            </Link>
          </Footer>
        )}
      </Body>
    </Root>
  );
}

const Root = styled(Card)`
  height: 100%;
  min-width: 0;
`;

const Picture = styled.div`
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: ${RESOURCE_IMAGE.width} / ${RESOURCE_IMAGE.height};
    object-fit: cover;
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  flex: 1;
  padding: ${({ theme }) => `${theme.space[4]}px ${theme.space[4]}px`};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    line-height: ${({ theme }) => theme.lineHeights.normal};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Learn More sits at the card's foot, so the links of a row line up. */
const Footer = styled.div`
  margin-top: auto;
`;
