import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { PageSpinner } from './ui/spinner';

/** Each member of the result's union picked alone, so the picked union still narrows on its flags. */
type PickEach<R, K extends keyof R> = R extends unknown ? Pick<R, K> : never;

/** What QueryState reads of a query: useMe's answer, which is not a whole query result, passes too. */
type QueryLike = PickEach<UseQueryResult<unknown, unknown>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;

/** The data of a query that has answered. */
type Answer<Q> = Extract<Q, { isPending: false; isError: false }> extends { data: infer T } ? T : never;

interface QueryStateProps<Q extends QueryLike> {
  query: Q;
  /** Shown until the first answer: a spinner that says what is loading, or the page's skeleton. */
  pending?: ReactNode;
  /** The failed load's title; the server's message and a Retry button come with it. */
  errorTitle: string;
  /** When the answer has nothing to show, `empty` stands in for the children. */
  isEmpty?: (data: Answer<Q>) => boolean;
  empty?: ReactNode;
  children: (data: Answer<Q>) => ReactNode;
}

/** A query's answer in its states: loading, failed (with Retry), empty, or the data. */
export function QueryState<Q extends QueryLike>({
  query,
  pending = <PageSpinner />,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryStateProps<Q>) {
  if (query.isPending) return pending;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as Answer<Q>;
  if (isEmpty?.(data)) return empty;
  return children(data);
}
