import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useGetAffiliateQuery } from '../../api/affiliateApi';
import { useGetCampaignsQuery, useGetNewsQuery, useTrackUsageMutation } from '../../api/shellApi';
import { NOT_SUCCESS } from '../../api/baseApi';
import { errorText } from '../../api/errors';
import { Button } from '../../ui/Button';
import { column } from '../../ui/Stack';
import { ErrorBanner } from '../../ui/SystemMessage';
import { useUnreadNews } from '../../lib/newsSeen';
import { useFocusHeadingOnChange } from '../../lib/page';
import { RenderWhenNear } from '../../lib/RenderWhenNear';
import { storageKeys } from '../../lib/storageKeys';
import { AccountMenu } from './AccountMenu';
import { CampaignSideList } from './CampaignSideList';
import { MobileBottomBar } from './MobileBottomBar';
import { navLinks, type NavLink } from './navigation';
import { NewsDropdown } from './NewsDropdown';
import { Notifications, type NotificationsProps } from './Notifications';
import { QuickSearch } from './QuickSearch';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

// The manager's contact card (its QR code and the modal) loads when the affiliate opens it.
const ManagerContactModal = lazy(() => import('./ManagerContactModal').then((m) => ({ default: m.ManagerContactModal })));

/**
 * The shell's responsive layout answers to the shell's own width (a CSS container named `portal`),
 * not the window's: the same rules hold in a 375 px story frame as on a phone. Screens inside the
 * shell may query `@container portal (...)` too (the dashboard hides its slider that way).
 */
const ShellRoot = styled.div`
  container: portal / inline-size;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;
/**
 * While the screen is still loading, its code (SignedInRoutes' fallback) or its data (PageLoading), a
 * spinner in its place marked `data-screen-loading`, what the layout puts BELOW the screen is left
 * out: the right sidebar under the screen (below 1200 px) and the footer. Shown there first, they
 * would jump down when the screen arrives (Lighthouse measured a layout shift of 0.3-0.8 on a phone,
 * 0.56 on /dashboard -> 0 with this); appearing once it is here moves nothing.
 */
const Footer = styled.footer`
  div:has(> main [data-screen-loading]) ~ & { display: none; }
  margin-top: auto;
  padding: ${({ theme }) => theme.space[4]}px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
/*
 * The layout takes the height the screen leaves (its rows start at the top): the footer and, on a
 * phone, the bottom bar sit at the window's foot even while the screen is short or still loading,
 * instead of right under it and then jumping down when it arrives.
 */
const Layout = styled.div`
  flex: 1 0 auto;
  align-content: start;
  width: 100%;
  display: grid;
  grid-template-columns: 220px minmax(0, 1fr) 260px;
  grid-template-areas: 'left main right';
  gap: ${({ theme }) => theme.space[5]}px;
  /* Wide windows give the screen their width (a report's money columns need it), up to 1920 px. */
  max-width: 1920px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px;
  @container portal (max-width: 1199px) {
    grid-template-columns: 200px minmax(0, 1fr);
    grid-template-areas: 'left main' 'left right';
  }
  @container portal (max-width: 767px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'main' 'right';
    padding: ${({ theme }) => theme.space[3]}px;
  }
`;
const Left = styled.aside`
  grid-area: left;
  align-self: start;
  position: sticky;
  top: 84px;
  @container portal (max-width: 767px) { display: none; }
`;
const Main = styled.main`
  grid-area: main;
  min-width: 0;
`;
const Right = styled.aside`
  grid-area: right;
  ${column(5)}
  &:empty { display: none; }
  @container portal (max-width: 1199px) {
    main:has([data-screen-loading]) ~ & { display: none; }
  }
`;

/** The right sidebar (spec 000 §2, §9): three lists of page 0, limit 5; each hidden when empty. */
const SIDE_LIST_LIMIT = 5;
function SideLists({ managerName }: { managerName?: string }) {
  const recent = useGetCampaignsQuery({ list: 'recentlyapproved', page: 0, limit: SIDE_LIST_LIMIT });
  const picks = useGetCampaignsQuery({ list: 'ampicks', page: 0, limit: SIDE_LIST_LIMIT });
  const suggested = useGetCampaignsQuery({ list: 'suggested', page: 0, limit: SIDE_LIST_LIMIT });
  const first = managerName?.split(' ')[0];
  return (
    <>
      <CampaignSideList title="Recently Approved" campaigns={recent.data?.campaigns} isLoading={recent.isLoading} rows={SIDE_LIST_LIMIT} />
      <CampaignSideList title={first ? `${first}'s Picks` : "Manager's Picks"} campaigns={picks.data?.campaigns} isLoading={picks.isLoading} rows={SIDE_LIST_LIMIT} />
      <CampaignSideList title="Suggested For You" campaigns={suggested.data?.campaigns} isLoading={suggested.isLoading} rows={SIDE_LIST_LIMIT} />
    </>
  );
}

/**
 * The lists wait inside the sidebar's own box, which carries its place in the layout and is hidden
 * while the screen loads: under the page on a phone, they render (and call) when near or idle, not
 * while the loading screen leaves them near the top.
 */
function RightSidebar({ managerName }: { managerName?: string }) {
  return (
    <Right aria-label="Campaign lists">
      <RenderWhenNear>
        <SideLists managerName={managerName} />
      </RenderWhenNear>
    </Right>
  );
}

/** The news dropdown fed by GET /news; errors.message in place of the items on failure. */
function NewsBell({ trigger, placement }: { trigger?: (count: number) => ReactNode; placement?: 'bottom end' | 'top' }) {
  const { data, error, isLoading } = useGetNewsQuery();
  const errorMessage = errorText(error);
  const { unread, markSeen } = useUnreadNews(data?.news_updates.map((n) => n.id));
  return (
    <NewsDropdown
      items={data?.news_updates}
      isLoading={isLoading}
      errorMessage={errorMessage}
      trigger={trigger}
      placement={placement}
      unread={unread}
      onOpen={markSeen}
    />
  );
}

/**
 * The one part of the shell that follows the route. The shell itself does not watch the location,
 * so a navigation inside a screen (a report's next page) does not render the top bar, both
 * sidebars and the news again. A new route is announced by its heading: focus moves there once the
 * page (maybe still loading) has one.
 */
function RouteFollower({ main, pathname }: { main: RefObject<HTMLElement | null>; pathname: { current: string } }) {
  const location = useLocation();
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname, pathname]);
  useFocusHeadingOnChange(location.pathname, () => main.current?.querySelector<HTMLElement>('h1'));
  return null;
}

/** Spec 001 §8: loading the affiliate record failed with a code other than 401. */
const RECORD_LOAD_FAILED = 'There was an error signing in. Please try again.';

/**
 * What a failed GET /affiliate means for the session (docs/portal-shell.md). A 401 ends it, through
 * the session layer's 401 listener (baseApi); a 2xx answer with `success: false` ends it here (spec
 * 002 §4 "an unsuccessful response logs out"); any other failure (500, 503, no answer) leaves the
 * affiliate signed in with spec 001 §8's message and Try again.
 */
function recordFailure(error: unknown): 'none' | 'ends session' | 'message' {
  if (!error) return 'none';
  const { status, error: text } = error as { status?: unknown; error?: unknown };
  if (status === 401) return 'none';
  if (text === NOT_SUCCESS) return 'ends session';
  return 'message';
}

const RecordFailure = styled.div`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

export interface PortalShellProps {
  children: ReactNode;
  onLogout: () => void;
  productName: string;
  /** Spec 002 §2: a footer shows the product name and the site id. */
  siteId: string;
  /** The external blog link of the sidebar. */
  blogUrl: string;
  /** Timings of the notification pop-ups (stories shorten them). */
  notifications?: NotificationsProps;
}

/**
 * The signed-in shell of spec 000 §2 around every signed-in screen: the top bar, the left sidebar
 * with the manager and the menu, the right sidebar's campaign lists, the mobile bottom bar and the
 * notification pop-ups. (Scrolling to the top on each route change happens in the session layer,
 * which already watches every route change.)
 */
export function PortalShell({ children, onLogout, productName, siteId, blogUrl, notifications }: PortalShellProps) {
  const { data: affiliate, error: affiliateError, refetch: refetchAffiliate } = useGetAffiliateQuery();
  const affiliateFailure = recordFailure(affiliateError);
  const main = useRef<HTMLElement>(null);
  const pathname = useRef('');
  const loggedOut = useRef(false);
  useEffect(() => {
    if (affiliateFailure !== 'ends session' || loggedOut.current) return;
    loggedOut.current = true;
    onLogout();
  }, [affiliateFailure, onLogout]);
  const [managerOpen, setManagerOpen] = useState(false);
  const [trackUsage] = useTrackUsageMutation();
  const links = navLinks(blogUrl);

  /** The platform is the menu used: the sidebar on desktop, the bottom bar on mobile. */
  const track = (link: NavLink, platform: 'desktop' | 'mobile') => {
    const userID = affiliate ? String(affiliate.publisher_id) : localStorage.getItem(storageKeys.affiliateId);
    if (!userID) return;
    trackUsage({
      source: 'portal',
      platform,
      page: pathname.current,
      userID,
      element_type: 'menu_link',
      reference_type: 'page',
      reference_id: link.id,
      reference_name: link.label,
    })
      .unwrap()
      // Usage tracking never gets in the way of the affiliate.
      .catch(() => undefined);
  };

  const name = affiliate?.affiliate_personal_information.name;
  return (
    <ShellRoot>
      <TopBar
        productName={productName}
        maxMoney={affiliate?.maxmoney_balance}
        search={<QuickSearch />}
        news={<NewsBell />}
        account={<AccountMenu name={name} onLogout={onLogout} />}
      />
      <Layout>
        <Left>
          <RenderWhenNear>
            <SideNav links={links} manager={affiliate?.affiliate_manager} onOpenManager={() => setManagerOpen(true)} onLinkPress={(l) => track(l, 'desktop')} />
          </RenderWhenNear>
        </Left>
        <Main id="main" ref={main}>
          {affiliateFailure === 'message' && !affiliate && (
            <RecordFailure>
              <ErrorBanner>
                {RECORD_LOAD_FAILED}{' '}
                <Button variant="link" onPress={() => void refetchAffiliate()}>
                  Try again
                </Button>
              </ErrorBanner>
            </RecordFailure>
          )}
          {children}
        </Main>
        <RightSidebar managerName={affiliate?.affiliate_manager.name} />
      </Layout>
      <Footer>
        {productName} · Site ID {siteId}
      </Footer>
      <MobileBottomBar
        links={links}
        onLinkPress={(l) => track(l, 'mobile')}
        news={(trigger) => <NewsBell trigger={trigger} placement="top" />}
        account={(trigger) => <AccountMenu onLogout={onLogout} trigger={trigger} placement="top" />}
        onOpenManager={affiliate ? () => setManagerOpen(true) : undefined}
        managerName={affiliate?.affiliate_manager.name}
      />
      {affiliate && managerOpen && (
        <Suspense fallback={null}>
          <ManagerContactModal manager={affiliate.affiliate_manager} isOpen onOpenChange={setManagerOpen} />
        </Suspense>
      )}
      <Notifications {...notifications} />
      {/* Last: its effects run after the rest of the shell's, as when the shell itself followed the route. */}
      <RouteFollower main={main} pathname={pathname} />
    </ShellRoot>
  );
}
