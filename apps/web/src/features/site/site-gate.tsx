import type { ReactNode } from 'react';
import { useText } from '../../i18n/language-context';
import { answersText } from '../../i18n/areas';
import { errorMessage } from '../../lib/api';
import { Spinner } from '../ui/spinner';
import { SiteContext } from './site-context';
import { useSiteQuery } from './use-site-query';

/** Renders its children once the site configuration has arrived; a spinner until then. */
export function SiteGate({ children }: { children: ReactNode }) {
  const answer = useText(answersText);
  const site = useSiteQuery();

  if (site.data) return <SiteContext value={site.data}>{children}</SiteContext>;

  if (site.isError) {
    return (
      <main className="startup-error">
        <div className="card">
          <p role="alert">{errorMessage(site.error, answer.http.internalError)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void site.refetch()}
            disabled={site.isFetching}
          >
            {answer.app.tryAgain}
          </button>
        </div>
      </main>
    );
  }

  return <Spinner fullPage />;
}
