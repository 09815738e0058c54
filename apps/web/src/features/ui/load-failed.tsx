import type { UseQueryResult } from '@tanstack/react-query';
import { useText } from '../../i18n/language-context';
import { answersText } from '../../i18n/areas';
import { errorMessage } from '../../lib/api';
import { ErrorAlert } from './alert';

/** A screen's read that failed: the server's message (or a generic one) and Try again. */
export function LoadFailed({ query }: { query: UseQueryResult<unknown> }) {
  const answer = useText(answersText);
  return (
    <>
      <ErrorAlert>{errorMessage(query.error, answer.http.internalError)}</ErrorAlert>
      <p className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {answer.app.tryAgain}
        </button>
      </p>
    </>
  );
}
