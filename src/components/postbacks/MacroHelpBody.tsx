import DOMPurify from 'isomorphic-dompurify';
import styled from 'styled-components';
import { errorText } from '../../api/errors';
import { MACRO_HELP_ID, useGetHelpTextQuery } from '../../api/postbacksApi';
import { NEWS_HTML_CONFIG } from '../../shared/newsHtml';
import { SkeletonRegion, SkeletonText } from '../../ui/Skeleton';
import { ErrorBanner } from '../../ui/SystemMessage';

/**
 * The macro help is HTML the server generates from its macro list (a paragraph, a table of macros,
 * an example in <code>). It is sanitised again here with the news allow-list (src/shared/newsHtml.ts),
 * widened by the table elements and <code> and narrowed to no links and no attributes at all: the
 * help has none, so the news rule's link hook is not needed. Anything else is dropped or unwrapped.
 */
const HELP_HTML_CONFIG = {
  ...NEWS_HTML_CONFIG,
  ALLOWED_TAGS: [...NEWS_HTML_CONFIG.ALLOWED_TAGS.filter((tag) => tag !== 'a'), 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code'],
  ALLOWED_ATTR: [],
};

export function sanitizeHelpHtml(html: string): string {
  return DOMPurify.sanitize(html, HELP_HTML_CONFIG);
}

const Help = styled.div`
  overflow-wrap: anywhere;
  p { margin: 0 0 ${({ theme }) => theme.space[3]}px; }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    padding: 0 4px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  table { width: 100%; border-collapse: collapse; margin: 0 0 ${({ theme }) => theme.space[3]}px; }
  th, td {
    text-align: start;
    vertical-align: top;
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td:first-child { font-family: ${({ theme }) => theme.fonts.mono}; white-space: nowrap; }
  th { background: ${({ theme }) => theme.colors.surfaceMuted}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
`;

/** The modal's content: a chunk of its own with the sanitiser, loaded when the modal first opens, so the form's first download stays small. */
export function HelpBody() {
  const { data, error, isLoading } = useGetHelpTextQuery(MACRO_HELP_ID);
  if (error) return <ErrorBanner>{errorText(error, 'The list of macros could not be loaded. Please try again.')}</ErrorBanner>;
  return (
    <SkeletonRegion isLoading={isLoading} loadingLabel="Loading the macros">
      {data ? <Help dangerouslySetInnerHTML={{ __html: sanitizeHelpHtml(data.help_text) }} /> : <SkeletonText lines={8} />}
    </SkeletonRegion>
  );
}

