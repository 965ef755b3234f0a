import { useEffect, useState, type ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading } from 'react-aria-components';
import styled from 'styled-components';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Icon } from '../../ui/Icon';
import { Popover } from '../../ui/Popover';
import { loadOnce } from './loadOnce';
import type { NewsList as NewsListComponent, NewsListProps } from './NewsList';

export type { NewsListProps } from './NewsList';

const Panel = styled(Popover)`
  width: min(380px, calc(100vw - 16px));
`;
/** The unread count on the bell's corner. */
const Count = styled(Badge)`
  position: absolute;
  top: 0;
  right: 0;
  transform: translate(30%, -20%);
`;
const StyledDialog = styled(Dialog)`
  outline: none;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  h2 { margin: 0 0 ${({ theme }) => theme.space[2]}px; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;
/** Listens for the pointer and focus around the trigger without a box of its own (the layout is the trigger's). */
const Intent = styled.span`
  display: contents;
`;

/** Shown in the dropdown when its content's code could not be downloaded. */
const NEWS_LOAD_FAILED = 'Connection error. Close the news and open it again to retry.';

/**
 * The dropdown's content (./NewsList: the items, the news sanitiser and the dates' time-zone
 * formatting) is a chunk of its own, not in any route's first download. It starts coming
 * as the pointer or focus reaches the bell; the dropdown opens once it is here (at once after the
 * first time), or with a message if it could not be downloaded.
 */
type NewsListView = typeof NewsListComponent;
const newsList = loadOnce<NewsListView>(() => import('./NewsList').then((m) => m.NewsList));
const loadNewsList = newsList.load;

export interface NewsDropdownProps extends NewsListProps {
  /** Replaces the bell trigger (the mobile bottom bar's stacked button). */
  trigger?: (count: number) => ReactNode;
  placement?: 'bottom end' | 'top end' | 'top';
  /** How many items are unread (the bell's count); all items when not given. */
  unread?: number;
  /** Called when the dropdown opens: what it shows counts as read. */
  onOpen?: () => void;
}

/** Spec 000 §2, §4: the news bell and its dropdown. */
export function NewsDropdown({ trigger, placement = 'bottom end', unread, onOpen, ...list }: NewsDropdownProps) {
  const count = list.errorMessage ? 0 : (unread ?? list.items?.length ?? 0);
  const [wanted, setWanted] = useState(false);
  const [List, setList] = useState<NewsListView | null>(() => newsList.current());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || List) return;
    let live = true;
    loadNewsList().then(
      (view) => live && setList(() => view),
      (e: unknown) => {
        console.warn('The news could not be loaded', e);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, List]);
  const preload = () => void loadNewsList().catch(() => undefined);
  return (
    <Intent onPointerEnter={preload} onPointerDownCapture={preload} onFocusCapture={preload}>
      <DialogTrigger
        isOpen={wanted && (List !== null || failed)}
        onOpenChange={(open) => {
          setWanted(open);
          if (open) onOpen?.();
          else setFailed(false);
        }}
      >
        {trigger ? (
          trigger(count)
        ) : (
          <Button variant="quiet" aria-label={count ? `News, ${count} unread` : 'News'}>
            <Icon name="bell" size={18} />
            {count > 0 && (
              <Count tone="primary" shape="count" aria-hidden="true">
                {count}
              </Count>
            )}
          </Button>
        )}
        <Panel placement={placement} offset={6} maxHeight={480}>
          <StyledDialog>
            <Heading slot="title">News</Heading>
            {List ? <List {...list} /> : <ErrorMessage>{NEWS_LOAD_FAILED}</ErrorMessage>}
          </StyledDialog>
        </Panel>
      </DialogTrigger>
    </Intent>
  );
}
