import styled from 'styled-components';
import type { NewsItem } from '../../api/contract/content';
import { Badge } from '../../ui/Badge';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { SkeletonText } from '../../ui/Skeleton';
import { formatNewsDate } from '../../shared/dates';
import { sanitizeHtml } from './safeHtml';

/*
 * The news dropdown's content, a chunk of its own: with the news sanitiser (DOMPurify)
 * and the dates' time-zone formatting (date-fns-tz), which nothing else of the shell's first paint
 * needs. ./NewsDropdown loads it when the bell is reached or pressed.
 */

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

