import type { ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading } from 'react-aria-components';
import styled from 'styled-components';
import type { NewsItem } from '../../api/contract/content';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Icon } from '../../ui/Icon';
import { Popover } from '../../ui/Popover';
import { SkeletonText } from '../../ui/Skeleton';
import { formatNewsDate } from '../../shared/dates';
import { sanitizeHtml } from './safeHtml';

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
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  li { padding: ${({ theme }) => theme.space[3]}px 0; }
`;
const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  margin-bottom: ${({ theme }) => theme.space[1]}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Html = styled.div`
  overflow-wrap: anywhere;
  p { margin: 0 0 ${({ theme }) => theme.space[1]}px; }
  > :last-child { margin-bottom: 0; }
  a { color: ${({ theme }) => theme.colors.primary}; }
`;
const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const typeTone = { alert: 'danger', reminder: 'warning', other: 'info' } as const;
const typeLabel = { alert: 'Alert', reminder: 'Reminder', other: 'News' } as const;

export interface NewsListProps {
  items: NewsItem[] | undefined;
  isLoading?: boolean;
  /** errors.message of a failed call, shown in place of the items (spec 000 §4). */
  errorMessage?: string | null;
}

/** The content of the news dropdown: items with YYYY/MM/DD dates, or the error, or nothing yet. */
export function NewsList({ items, isLoading, errorMessage }: NewsListProps) {
  if (errorMessage) return <ErrorMessage>{errorMessage}</ErrorMessage>;
  if (isLoading && !items) return <SkeletonText lines={4} />;
  if (!items?.length) return <Message>There is no news right now.</Message>;
  return (
    <List>
      {items.map((item) => (
        <li key={item.key_id}>
          <Meta>
            <Badge tone={typeTone[item.type]}>{typeLabel[item.type]}</Badge>
            <time dateTime={item.news_date}>{formatNewsDate(item.news_date)}</time>
          </Meta>
          <Html dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.news) }} />
        </li>
      ))}
    </List>
  );
}

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
  return (
    <DialogTrigger onOpenChange={(open) => open && onOpen?.()}>
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
          <Heading slot="title">
            News
          </Heading>
          <NewsList {...list} />
        </StyledDialog>
      </Panel>
    </DialogTrigger>
  );
}
