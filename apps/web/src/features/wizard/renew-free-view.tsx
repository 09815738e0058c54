import { lifecycleMessages, messages, type Post } from '@adboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, errorMessage } from '../../lib/api';
import { ErrorAlert, StatusNotice } from '../ui/alert';
import { adQueryKey } from './ad-query';
import { ViewHeading } from './view-heading';

const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Only an approved (active) or expired free ad can be renewed; the server says the same. */
const renewable = (status: string) => status === 'active' || status === 'expired';

/** The ad's expiry as the view states it: ahead, passed, or not set. */
function expiryText(expiry: string | null, now: Date): string {
  const time = expiry ? Date.parse(expiry) : Number.NaN;
  if (Number.isNaN(time)) return lifecycleMessages.renewView.noExpiry;
  const when = expiryFormat.format(new Date(time));
  return time > now.getTime()
    ? lifecycleMessages.renewView.expiresOn(when)
    : lifecycleMessages.renewView.expiredOn(when);
}

/**
 * /edit-post?id=&renew=1 for a free ad: it renews for free by going back to
 * review (paid ads renew through the payment view instead).
 */
export function RenewFreeView({
  post,
  loggedIn,
  now = new Date(),
}: {
  post: Post;
  loggedIn: boolean;
  now?: Date;
}) {
  const queryClient = useQueryClient();
  const renew = useMutation({
    mutationFn: () => api.renewPost(post.post_id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adQueryKey(post.post_id) });
      // My Posts shows the new status.
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });

  return (
    <section className="wizard__view">
      <ViewHeading focus={false}>{lifecycleMessages.renewView.title}</ViewHeading>
      <p>{expiryText(post.expiry, now)}</p>
      <p>{lifecycleMessages.renewView.free}</p>
      {renew.isSuccess ? (
        <>
          <StatusNotice>{lifecycleMessages.renewView.renewed}</StatusNotice>
          {loggedIn && (
            <p className="wizard__actions">
              <Link className="button button--primary" to="/posts">
                My Posts
              </Link>
            </p>
          )}
        </>
      ) : renewable(post.status) ? (
        <>
          {post.status === 'active' && <p>{lifecycleMessages.renewView.offWhileReviewed}</p>}
          {renew.isError && (
            <ErrorAlert>{errorMessage(renew.error, messages.http.internalError)}</ErrorAlert>
          )}
          <p className="wizard__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={renew.isPending}
              aria-busy={renew.isPending}
              onClick={() => renew.mutate()}
            >
              {lifecycleMessages.renewView.button}
            </button>
          </p>
        </>
      ) : (
        <p className="notice notice--info">{lifecycleMessages.renewView.notRenewable}</p>
      )}
    </section>
  );
}
