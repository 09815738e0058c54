import { consoleMessages } from '@adboard/shared';
import { useText } from '../../i18n/language-context';
import { answersText } from '../../i18n/areas';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { ErrorAlert } from '../ui/alert';
import { Spinner } from '../ui/spinner';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** The text of a 404, when the screen has a better one than the server's. */
  notFound?: string;
}

/** A console read: a spinner, then the data, or the failure with a way to try again. */
export function QueryView<T>({ query, children, notFound }: QueryViewProps<T>) {
  const answer = useText(answersText);
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 401) return null;
    const text =
      notFound && error instanceof ApiError && error.status === 404
        ? notFound
        : errorMessage(error, consoleMessages.loadFailed);
    return (
      <div className="console__failure">
        <ErrorAlert>{text}</ErrorAlert>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {answer.app.tryAgain}
        </button>
      </div>
    );
  }
  return children(query.data);
}
