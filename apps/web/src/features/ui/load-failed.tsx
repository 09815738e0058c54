import { messages } from '@adboard/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { ErrorAlert } from './alert';

/** A screen's read that failed: the server's message (or a generic one) and Try again. */
export function LoadFailed({ query }: { query: UseQueryResult<unknown> }) {
  return (
    <>
      <ErrorAlert>{errorMessage(query.error, messages.http.internalError)}</ErrorAlert>
      <p className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {messages.app.tryAgain}
        </button>
      </p>
    </>
  );
}
