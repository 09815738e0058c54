import { paymentMessages, type Ad, type Language } from '@adboard/shared';
import { useLanguage, useText, useSay } from '../../i18n/language-context';
import { answersText, lifecycleText } from '../../i18n/areas';
import type { TextOf } from '../../i18n/text-store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import { ErrorAlert, StatusNotice } from '../ui/alert';
import { adQueryKey } from './ad-query';
import { ViewHeading } from './view-heading';
import { MyPostsAction } from './my-posts-action';
import './wizard.css';
import { dateFormat } from '../../lib/date-format';

const expiryFormat = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** The ad's expiry as the view states it: ahead, passed, or not set. */
function expiryText(
  words: TextOf<typeof lifecycleText>,
  expiry: string | null,
  now: Date,
  language: Language,
): string {
  const time = expiry ? Date.parse(expiry) : Number.NaN;
  if (Number.isNaN(time)) return words.renewView.noExpiry;
  const when = expiryFormat(new Date(time), language);
  return time > now.getTime()
    ? words.renewView.expiresOn({ when })
    : words.renewView.expiredOn({ when });
}

/**
 * /edit-post?id=&renew=1 for a free ad: it renews for free, a live ad at once,
 * an expired one through review (paid ads renew through the payment view).
 * Whether it may be renewed is the server's answer (`post.lifecycle.renewable`).
 */
export function RenewFreeView({
  ad: ad,
  loggedIn,
  now = new Date(),
}: {
  ad: Ad;
  loggedIn: boolean;
  now?: Date;
}) {
  const say = useSay();
  const answer = useText(answersText);
  const lifecycleWords = useText(lifecycleText);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const renew = useMutation({
    mutationFn: () => adApi.renewAd(ad.post_id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adQueryKey(ad.post_id) });
      // My Posts shows the new status.
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });

  return (
    <section className="wizard__view">
      <ViewHeading focus={false}>{say(paymentMessages.titles.renew)}</ViewHeading>
      <p>{expiryText(lifecycleWords, ad.expiry, now, language)}</p>
      <p>{lifecycleWords.renewView.free}</p>
      {renew.isSuccess ? (
        <>
          <StatusNotice>
            {renew.data === 'active'
              ? lifecycleWords.renewView.renewedLive
              : lifecycleWords.renewView.renewed}
          </StatusNotice>
          <MyPostsAction loggedIn={loggedIn} />
        </>
      ) : ad.lifecycle.renewable ? (
        <>
          <p>
            {ad.status === 'active'
              ? lifecycleWords.renewView.staysLive
              : lifecycleWords.renewView.reviewedAgain}
          </p>
          {renew.isError && (
            <ErrorAlert>{errorMessage(renew.error, answer.http.internalError)}</ErrorAlert>
          )}
          <p className="wizard__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={renew.isPending}
              aria-busy={renew.isPending}
              onClick={() => renew.mutate()}
            >
              {lifecycleWords.renewView.button}
            </button>
          </p>
        </>
      ) : (
        <p className="notice notice--info">{lifecycleWords.renewView.notRenewable}</p>
      )}
    </section>
  );
}
