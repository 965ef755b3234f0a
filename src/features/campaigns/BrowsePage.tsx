import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useBrowseCampaignsInfiniteQuery } from '../../api/campaignsApi';
import type { CampaignSummary } from '../../api/contract/campaign';
import { CampaignGrid } from '../../components/campaigns/CampaignGrid';
import { usePageTitle } from '../../lib/page';
import { BROWSE_TABS, paths, type BrowseTab } from '../../shared/paths';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { column } from '../../ui/Stack';
import { ErrorBanner } from '../../ui/SystemMessage';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs';
import { CampaignTable } from './CampaignTable';
import { EMPTY_LIST, listFailureText } from './errors';
import { TrafficLegend } from './TrafficIcons';
import { viewOf, ViewToggle, type ListingView } from './ViewToggle';

/** The tabs' labels, spec 000 §2. */
const BROWSE_TAB_LABELS: Record<BrowseTab, string> = {
  new: 'New Campaigns',
  top: 'Top',
  trending: 'Trending',
  approved: 'Approved',
  suggested: 'Suggested for you',
  'recently-viewed': 'Recently Viewed',
  'recently-approved': 'Recently Approved',
  bookmarked: 'Bookmarked',
};

/** Where /browse without a tab, or with an unknown one, leads: the first tab (docs/campaigns.md). */
const DEFAULT_BROWSE_TAB: BrowseTab = 'new';

function isBrowseTab(value: string | undefined): value is BrowseTab {
  return (BROWSE_TABS as readonly string[]).includes(value ?? '');
}

const Page = styled.div`
  ${column(3)}
  h1 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  /* The tabs are links (each tab is a URL) but read as tabs, not as underlined text. */
  [role='tab'] { text-decoration: none; }
  /* Beside both sidebars the eight tabs do not fit one line: they wrap, so every tab is in sight (a
     strip scrolled sideways hid the last ones). Phones keep the one scrolling line (the page's own width decides). */
  container-type: inline-size;
  @container (min-width: 600px) { .tab-list { flex-wrap: wrap; } }
`;
const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
`;
const Panel = styled(TabPanel)`
  ${column(3)}
`;
const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  /* The sentinel: a line across the list's end, so it has an area to intersect. */
  [data-list-end] { align-self: stretch; height: 1px; }
`;
const LoadingRow = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Campaigns of every loaded page, each once (a campaign that moved between pages is not shown twice). */
function uniqueCampaigns(pages: { campaigns: CampaignSummary[] }[] | undefined): CampaignSummary[] | undefined {
  if (!pages) return undefined;
  const seen = new Set<number>();
  const out: CampaignSummary[] = [];
  for (const page of pages) {
    for (const c of page.campaigns) {
      if (seen.has(c.campaign_id)) continue;
      seen.add(c.campaign_id);
      out.push(c);
    }
  }
  return out;
}

/** How far below the window the list's end may be when the next page starts loading. */
const LOAD_AHEAD = 200;

/**
 * True while `ref`'s element is within the window (or LOAD_AHEAD px below it): an IntersectionObserver,
 * plus a check on scroll and resize (observers are throttled in background tabs and some frames).
 */
function useInView(ref: React.RefObject<HTMLElement | null>, enabled: boolean) {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) {
      setInView(false);
      return;
    }
    const measure = () => {
      const box = el.getBoundingClientRect();
      setInView(box.top < window.innerHeight + LOAD_AHEAD && box.bottom > -LOAD_AHEAD);
    };
    const observer = typeof IntersectionObserver === 'undefined' ? null : new IntersectionObserver(measure, { rootMargin: `0px 0px ${LOAD_AHEAD}px 0px` });
    observer?.observe(el);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer?.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [ref, enabled]);
  return inView;
}

/**
 * /browse/{tab} (spec 000 §2): the eight tabs as links, the grid or list view (`?view=`), 30 campaigns
 * a page and the next page when the end of the list scrolls into view (or on 'Load more').
 * No tab or an unknown one redirects to /browse/new, keeping the query.
 */
export function BrowsePage() {
  const { tab } = useParams();
  const location = useLocation();
  if (!isBrowseTab(tab)) return <Navigate to={`${paths.browse(DEFAULT_BROWSE_TAB)}${location.search}`} replace />;
  return <BrowseTabScreen tab={tab} />;
}

function BrowseTabScreen({ tab }: { tab: BrowseTab }) {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const label = BROWSE_TAB_LABELS[tab];
  usePageTitle(label);
  const setView = (next: ListingView) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('view', next);
        return copy;
      },
      { replace: true },
    );
  // Links keep the view: a tab opened in list view stays in list view.
  const query = params.get('view') ? `?view=${view}` : '';

  return (
    <Page>
      <Header>
        <h1>Browse Campaigns</h1>
        <ViewToggle view={view} onChange={setView} />
      </Header>
      <Tabs selectedKey={tab} keyboardActivation="manual">
        <TabList aria-label="Campaign lists">
          {BROWSE_TABS.map((t) => (
            <Tab key={t} id={t} href={`${paths.browse(t)}${query}`}>
              {BROWSE_TAB_LABELS[t]}
            </Tab>
          ))}
        </TabList>
        {/* One panel per tab (react-aria renders only the selected one), so every tab's aria-controls names a panel. */}
        {BROWSE_TABS.map((t) => (
          <Panel key={t} id={t}>
            <CampaignListing tab={t} label={BROWSE_TAB_LABELS[t]} view={view} />
          </Panel>
        ))}
      </Tabs>
    </Page>
  );
}

function CampaignListing({ tab, label, view }: { tab: BrowseTab; label: string; view: ListingView }) {
  const { data, error, isLoading, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage } = useBrowseCampaignsInfiniteQuery(tab);
  const campaigns = useMemo(() => uniqueCampaigns(data?.pages), [data]);
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = Boolean(campaigns && hasNextPage && !isFetchNextPageError);
  const inView = useInView(sentinel, canLoadMore);

  // Loads on while the end of the list stays in view (a tall screen may need several pages).
  useEffect(() => {
    if (inView && canLoadMore && !isFetchingNextPage) void fetchNextPage();
  }, [inView, canLoadMore, isFetchingNextPage, fetchNextPage]);

  // The first page failed: its message replaces the list. A later page failed: the list stays, with the message under it.
  const firstPageError = !campaigns ? listFailureText(error) : null;
  const nextPageError = campaigns && isFetchNextPageError ? listFailureText(error) : null;

  return (
    <>
      {view === 'gridView' ? (
        <CampaignGrid campaigns={campaigns} isLoading={isLoading} errorMessage={firstPageError} loadingLabel={`Loading ${label} campaigns`} aboveTheFold />
      ) : firstPageError ? (
        <ErrorBanner>{firstPageError}</ErrorBanner>
      ) : (
        <>
          <TrafficLegend />
          <CampaignTable
            aria-label={`${label} campaigns`}
            campaigns={campaigns ?? []}
            isLoading={isLoading}
            loadingRowCount={12}
            loadingLabel={`Loading ${label} campaigns`}
            emptyText={EMPTY_LIST}
          />
        </>
      )}
      {campaigns && (
        <More>
          {isFetchingNextPage && (
            <LoadingRow role="status">
              <Spinner size="sm" label={null} />
              Loading more campaigns…
            </LoadingRow>
          )}
          {nextPageError && (
            <ErrorBanner>{nextPageError}</ErrorBanner>
          )}
          {(canLoadMore || nextPageError) && (
            <Button variant="secondary" isPending={isFetchingNextPage} onPress={() => void fetchNextPage()}>
              {nextPageError ? 'Try again' : 'Load more'}
            </Button>
          )}
          <div ref={sentinel} data-testid="list-end" data-list-end="" aria-hidden="true" />
        </More>
      )}
    </>
  );
}
