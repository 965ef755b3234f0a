import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SliderItem } from '../../api/contract/content';
import { useGetCampaignSliderQuery } from '../../api/dashboardApi';
import { RenderWhenNear } from '../../lib/RenderWhenNear';
import { Carousel } from '../../ui/Carousel';
import { Link } from '../../ui/Link';
import { rateText } from '../../shared/rateText';
import { slideLink, type SafeLink } from '../../shared/safeLink';

/** Spec 000 §2, §9: the slider advances every 6000 ms. */
const SLIDER_INTERVAL_MS = 6000;

const Root = styled.div`
  /* No box of its own: without slides (or before they come) the page has no empty item and no gap for it. */
  display: contents;
  /* Spec 000 §2: the slider is hidden on mobile. */
  @container portal (max-width: 767px) { display: none; }
`;
const Slide = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.primarySubtle};
  color: ${({ theme }) => theme.colors.text};
  /* Slider creatives are wide banners (4:1): shown whole, never cropped. */
  img { display: block; width: 100%; height: auto; max-height: 240px; object-fit: contain; border-radius: ${({ theme }) => theme.radii.md}; }
  .slide-text { display: flex; align-items: center; justify-content: space-between; gap: ${({ theme }) => theme.space[4]}px; }
  h2 { margin: 0 0 ${({ theme }) => theme.space[1]}px; font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
  .rate { color: ${({ theme }) => theme.colors.success}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;
const Cta = styled(Link)`
  display: inline-flex;
  flex: none;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[4]}px`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  &[data-hovered] { background: ${({ theme }) => theme.colors.primaryHover}; color: ${({ theme }) => theme.colors.onPrimary}; text-decoration: none; }
`;

/** The rate of a slide without a description: '$1,500.00 per lead' or '35% of sale'. */
export function slideRate(item: Pick<SliderItem, 'rate' | 'rate_type'>): string {
  return rateText(item.rate_type, item.rate);
}

/**
 * Where a slide's button goes (spec 000 §2: "not shown"; our decision, docs/portal-shell.md): the
 * slide's `url` when it is a path of the portal, else the slide's campaign page. The rule is the
 * server's own (src/shared/safeLink.ts), so the portal follows exactly the urls the server answers.
 */
export function slideTarget(item: Pick<SliderItem, 'url' | 'campaign_id'>, origin?: string): SafeLink {
  return slideLink(item.url, item.campaign_id, origin);
}

/** Pinned slides first (spec 000 §2); the server sends them first already, this keeps it so. */
export function orderSlides(items: SliderItem[]): SliderItem[] {
  return [...items.filter((s) => s.pinned === 'Y'), ...items.filter((s) => s.pinned !== 'Y')];
}

export interface PromoSliderProps {
  items: SliderItem[];
  interval?: number;
  autoplay?: boolean;
}

/** The dashboard's promotional slider. Nothing is rendered without slides. */
export function PromoSlider(props: PromoSliderProps) {
  return (
    <SliderPlace>
      <Slides {...props} />
    </SliderPlace>
  );
}

/** Hidden on a phone: not rendered there either (no call, no slide images downloaded, no timer). */
function SliderPlace({ children }: { children: ReactNode }) {
  return (
    <Root>
      <RenderWhenNear>{children}</RenderWhenNear>
    </Root>
  );
}

/**
 * The dashboard's slider with its call: on a phone, where it is hidden, it is neither rendered nor
 * asked for (in the product: RenderWhenNear waits for a width that shows it).
 */
export function DashboardSlider({ interval }: { interval?: number }) {
  return (
    <SliderPlace>
      <LoadedSlides interval={interval} />
    </SliderPlace>
  );
}

function LoadedSlides({ interval }: { interval?: number }) {
  const { data } = useGetCampaignSliderQuery();
  return data ? <Slides items={data.sliders} interval={interval} /> : null;
}

function Slides({ items, interval = SLIDER_INTERVAL_MS, autoplay = true }: PromoSliderProps) {
  if (!items.length) return null;
  const slides = orderSlides(items).map((item) => {
    const target = slideTarget(item);
    return (
      <Slide key={item.campaign_id}>
        {/* The slider art is 4:1 (1200×300): its box is reserved before it loads, so nothing below moves. */}
        <img src={item.image || item.thumbnail} alt="" width={1200} height={300} decoding="async" />
        <div className="slide-text">
          <div>
            <h2>{item.campaign_name}</h2>
            {/* The server's description already states the rate; without one the rate stands in. */}
            <p>{item.description || <span className="rate">{slideRate(item)}</span>}</p>
          </div>
          <Cta href={target.href} external={target.external} aria-label={`${item.button}: ${item.campaign_name}`}>
            {item.button}
          </Cta>
        </div>
      </Slide>
    );
  });
  return <Carousel slides={slides} aria-label="Featured campaigns" interval={interval} autoplay={autoplay} />;
}
