import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import { apiBase as defaultApiBase } from '../../api/baseApi';
import { REFERRAL_BANNER_SIZES, REFERRAL_LOGO_SIZE, REFERRAL_LOGOS } from '../../api/contract/rewards';
import { errorText } from '../../api/errors';
import { PageState } from '../../components/PageState';
import { useReferrerQuery } from '../../api/rewardsApi';
import { readProductName, usePageTitle } from '../../lib/page';
import { formatWholeDollars } from '../../shared/format';
import { referralProgram } from '../../shared/programTerms';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { CopyField } from '../../ui/CopyField';
import { Link } from '../../ui/Link';
import { PageStack } from '../../ui/PageStack';
import { ProgressBar } from '../../ui/ProgressBar';
import { column } from '../../ui/Stack';
import { SystemMessage } from '../../ui/SystemMessage';
import { darkTheme, lightTheme } from '../../ui/theme/tokens';
import {
  absoluteUrl,
  bannerAlt,
  bannerDimensions,
  bannerEmbedCode,
  programPoints,
  reachedMessage,
  referralArtPath,
  referralLink,
  referralProgress,
  textSnippets,
} from './referral';

export const PAGE_TITLE = 'Referral Program';
export const LINK_LABEL = 'Your referral link';
export const PROGRESS_LABEL = `Progress toward the ${formatWholeDollars(referralProgram.bonusDollars)} bonus`;
/** The referral count failed: the line that stands in for the progress bar, before the reason. */
export const PROGRESS_FAILED = 'Your referral progress could not be loaded.';
const NO_LINK = 'Your referral link could not be loaded.';

/**
 * The two logos (server/modules/images/svg.ts draws them 280 × 64, each on its own ground):
 * logo-light for light pages, logo-dark for dark ones; each is shown on such a page.
 */
const LOGO_SIZE = REFERRAL_LOGO_SIZE;
const LOGO_TEXT: Record<(typeof REFERRAL_LOGOS)[number], { title: string; backdrop: 'dark' | 'light' }> = {
  'logo-light': { title: 'Logo for light backgrounds', backdrop: 'light' },
  'logo-dark': { title: 'Logo for dark backgrounds', backdrop: 'dark' },
};

export interface ReferPageProps {
  /** The portal's address that the referral link and the embed codes use (the page's own origin). */
  origin?: string;
  /** Where the referral art is served from (the API base). */
  apiBase?: string;
}

/**
 * The Referral Program page, /refer (spec 001 §2.4, §3, §7, §9): the program, the affiliate's
 * referral link, the progress toward the bonus, the logos, the banners with their embed codes and
 * ready-made texts. Every number of the program comes from src/shared/programTerms.ts.
 */
export function ReferPage({ origin = window.location.origin, apiBase = defaultApiBase }: ReferPageProps) {
  usePageTitle(PAGE_TITLE);
  const affiliate = useGetAffiliateQuery();
  const productName = readProductName();
  const affiliateId = affiliate.data?.publisher_id;
  const link = affiliateId ? referralLink(affiliateId, origin) : '';
  const placeholder = affiliate.isError ? NO_LINK : 'Loading your link…';

  return (
    <PageStack>
      <h1>{PAGE_TITLE}</h1>
      <Section title="How it works">
        <Points>
          {programPoints().map((point) => (
            <li key={point}>{point}</li>
          ))}
        </Points>
      </Section>

      <Section title="Share your link">
        <Stack>
          <CopyField
            label={LINK_LABEL}
            value={link}
            placeholder={placeholder}
            description="Publishers who apply through this link are counted as your referrals."
          />
          <Progress />
        </Stack>
      </Section>

      <Section title="Promotional logos">
        <Logos>
          {REFERRAL_LOGOS.map((logo) => {
            const src = referralArtPath(apiBase, logo);
            return (
              <li key={logo}>
                <LogoFrame data-backdrop={LOGO_TEXT[logo].backdrop}>
                  <img src={src} width={LOGO_SIZE.width} height={LOGO_SIZE.height} alt={`${productName} logo`} />
                </LogoFrame>
                <Caption>
                  <span>{LOGO_TEXT[logo].title}</span>
                  <Link href={src} download={`${logo}.svg`}>
                    Download {logo}.svg
                  </Link>
                </Caption>
              </li>
            );
          })}
        </Logos>
      </Section>

      <Section title="Banners">
        <Intro>Put a banner on your site: copy its code and paste it into your page. It links to your referral link.</Intro>
        <Banners>
          {REFERRAL_BANNER_SIZES.map((size) => {
            const { width, height } = bannerDimensions(size);
            const src = referralArtPath(apiBase, size);
            const alt = bannerAlt(productName);
            const name = `${width} × ${height}`;
            const code = link ? bannerEmbedCode({ link, imageUrl: absoluteUrl(src, origin), width, height, alt }) : '';
            return (
              <li key={size} data-wide={width > 400 || undefined}>
                <h3>{name}</h3>
                <BannerFrame>
                  <img src={src} width={width} height={height} alt={alt} />
                </BannerFrame>
                <CopyField label={`Embed code of the ${name} banner`} value={code} placeholder={placeholder} />
              </li>
            );
          })}
        </Banners>
      </Section>

      <Section title="Text snippets">
        <Intro>Ready-made texts with your link, for a post, a message or your newsletter.</Intro>
        <Snippets>
          {textSnippets(link, productName).map((snippet) => (
            <li key={snippet.title}>
              <h3>{snippet.title}</h3>
              {link && <Quote>{snippet.text}</Quote>}
              <CopyField label={`${snippet.title} text`} value={link ? snippet.text : ''} placeholder={placeholder} />
            </li>
          ))}
        </Snippets>
      </Section>
    </PageStack>
  );
}

/** A card named by its heading (a region landmark of the page). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <CardHeader title={<span id={id}>{title}</span>} />
      <CardBody>{children}</CardBody>
    </Card>
  );
}

/** The progress toward the bonus, from the approved referrals (GET /referrer); an error line in its place when the count fails. */
function Progress() {
  return (
    <PageState
      query={useReferrerQuery()}
      loadingLabel="Loading your referrals"
      loading="inline"
      failure={(error) => (
        <>
          {PROGRESS_FAILED} {errorText(error)}
        </>
      )}
    >
      {(data) => {
        const progress = referralProgress(data.referral_count);
        return (
          <>
            <ProgressBar label={PROGRESS_LABEL} value={progress.value} maxValue={progress.goal} valueLabel={progress.text} />
            {progress.reached && (
              <SystemMessage variant="success" isDismissable={false}>
                {reachedMessage()}
              </SystemMessage>
            )}
          </>
        );
      }}
    </PageState>
  );
}

const Stack = styled.div`
  ${column(5)}
`;

const Points = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  line-height: ${({ theme }) => theme.lineHeights.normal};
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  min-width: 0;
  li {
    ${column(2)}
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Logos = styled.ul`
  ${list}
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space[4]}px;
`;

/** The logo on the backdrop it is made for; the frame's height is fixed, so nothing moves when it loads. */
const LogoFrame = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 120px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  /* The same backdrops in both themes: each logo is shown on the kind of page it is made for. */
  &[data-backdrop='light'] {
    background: ${lightTheme.colors.surface};
  }
  &[data-backdrop='dark'] {
    background: ${darkTheme.colors.surface};
  }
  img {
    max-width: 100%;
    height: auto;
  }
`;

const Caption = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Banners side by side where they fit; the wide one takes a row of its own. */
const Banners = styled.ul`
  ${list}
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: ${({ theme }) => theme.space[5]}px;
  align-items: start;
  li[data-wide] {
    grid-column: 1 / -1;
  }
`;

/** The banner at its own size, scaled down (never up) when the column is narrower. */
const BannerFrame = styled.div`
  img {
    display: block;
    max-width: 100%;
    height: auto;
  }
`;

const Snippets = styled.ul`
  ${list}
  gap: ${({ theme }) => theme.space[5]}px;
`;

const Quote = styled.blockquote`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[3]}px ${theme.space[4]}px`};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  overflow-wrap: anywhere;
`;

