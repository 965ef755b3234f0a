import type { ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Card, CardBody } from '../../ui/Card';
import { PageFailure } from '../../ui/PageFailure';
import { PageEmpty, PageLoading } from '../../ui/PageStack';
import { Spinner } from '../../ui/Spinner';

export type PageQueryError = FetchBaseQueryError | SerializedError;

/** What PageState reads of an RTK Query result. */
export interface PageQuery<T> {
  data?: T;
  error?: PageQueryError;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface PageStateProps<T> {
  query: PageQuery<T>;
  /** The spinner's name while the data comes ('Loading your points'). */
  loadingLabel: string;
  /** Where the spinner sits: the page's loading row, that row in a card, or the spinner alone (inside a card of the page). */
  loading?: 'page' | 'card' | 'inline';
  /** The failure's text; Try again under it asks again. */
  failure: (error: PageQueryError) => ReactNode;
  /**
   * Asking again after a failure: 'shows-loading' replaces the failure by the spinner until the
   * answer; 'keeps-failure' keeps the message with a busy Try again (and any data already shown).
   */
  retry?: 'shows-loading' | 'keeps-failure';
  /** An answer with nothing to show: its text in a card instead of `children`. */
  empty?: { when: (data: T) => boolean; text: ReactNode };
  children: (data: T) => ReactNode;
}

/** Spec 001 §8: a 401 is silent; the session flow signs the affiliate out and the gate redirects. */
const isUnauthorized = (error: PageQueryError | undefined) => Boolean(error && 'status' in error && error.status === 401);

/**
 * A screen's data states in one place: nothing on a 401, the failure with Try again, the loading
 * spinner, the empty text, then the screen itself with its data.
 */
export function PageState<T>({ query, loadingLabel, loading = 'page', failure, retry = 'shows-loading', empty, children }: PageStateProps<T>) {
  const { data, error, isFetching, refetch } = query;
  if (isUnauthorized(error)) return null;
  const keeps = retry === 'keeps-failure';
  if (error && (keeps ? !data : !isFetching)) {
    return (
      <PageFailure onRetry={() => void refetch()} isRetrying={keeps ? isFetching : undefined}>
        {failure(error)}
      </PageFailure>
    );
  }
  if (!data) return <Loading label={loadingLabel} where={loading} />;
  if (empty?.when(data)) {
    return (
      <Card>
        <CardBody>
          <PageEmpty>{empty.text}</PageEmpty>
        </CardBody>
      </Card>
    );
  }
  return children(data);
}

function Loading({ label, where }: { label: string; where: 'page' | 'card' | 'inline' }) {
  const spinner = <Spinner label={label} />;
  if (where === 'inline') return spinner;
  const row = <PageLoading>{spinner}</PageLoading>;
  if (where === 'page') return row;
  return (
    <Card>
      <CardBody>{row}</CardBody>
    </Card>
  );
}
