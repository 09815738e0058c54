import { type Ad } from '@adboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import { ErrorAlert, StatusNotice } from '../ui/alert';
import { adQueryKey } from './ad-query';
import { AfterSubmissionView } from './after-submission-view';
import { ViewHeading } from './view-heading';
import { MyPostsAction } from './my-posts-action';
import './wizard.css';
import { adFormText, appScreensText, answersText, adsText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

/**
 * The last step of a free ad: review times, then Submit for Review; after it, a
 * signed-out poster is told what happens next (after-submission-view.tsx). A free
 * verified ad without a photo cannot be submitted (the server refuses it too): the
 * view says so and offers the way back to Photos instead.
 */

/**
 * Submits the ad once. A conflict (409) whose ad now waits for review (a second click,
 * another tab) is the success it asked for: the ad as the server has it is answered.
 */
async function submitOnce(adId: string): Promise<Ad> {
  try {
    return await adApi.submitAd(adId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const ad = await adApi.getAd(adId).catch(() => null);
    if (ad?.status === 'pending') return ad;
    throw error;
  }
}

export function FinalizeView({
  postId: adId,
  verified,
  photoCount,
  onAddPhotos,
  loggedIn,
  focusHeading,
}: {
  postId: string;
  /** A free verified ad (needs a photo with the sign); else a free ad with a link. */
  verified: boolean;
  /** How many photos the ad has; null while the ad is loading. */
  photoCount: number | null;
  onAddPhotos: () => void;
  loggedIn: boolean;
  focusHeading: boolean;
}) {
  const adsWords = useText(adsText);
  const answer = useText(answersText);
  const screenText = useText(appScreensText);
  const { reviewTimes } = useText(adFormText);
  const queryClient = useQueryClient();
  // A second click before the button shows it is busy (the next render) sends nothing.
  const sending = useRef(false);
  const submit = useMutation({
    mutationFn: () => submitOnce(adId),
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: (ad: Ad) => {
      queryClient.setQueryData(adQueryKey(adId), ad);
      // My Posts shows the new status.
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });

  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>{screenText.wizard.finalizeHeading}</ViewHeading>
      {/* Signed out, the steps after the submission say it again in their place. */}
      {!(submit.isSuccess && !loggedIn) && (
        <>
          <p>{verified ? reviewTimes.free_verified : reviewTimes.free}</p>
          <p>{reviewTimes.advice}</p>
        </>
      )}
      {submit.isSuccess ? (
        <>
          <StatusNotice>{adsWords.wizard.submitted}</StatusNotice>
          {loggedIn ? (
            <MyPostsAction loggedIn />
          ) : (
            <AfterSubmissionView adId={adId} verified={verified} />
          )}
        </>
      ) : verified && photoCount === 0 ? (
        <>
          <p className="notice notice--info">{adsWords.wizard.submitNeedsPhoto}</p>
          <p className="wizard__actions">
            <button type="button" className="button button--primary" onClick={onAddPhotos}>
              {screenText.wizard.goToPhotos}
            </button>
          </p>
        </>
      ) : (
        <>
          {submit.isError && (
            <ErrorAlert>{errorMessage(submit.error, answer.http.internalError)}</ErrorAlert>
          )}
          <p className="wizard__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={submit.isPending}
              aria-busy={submit.isPending}
              onClick={() => {
                if (sending.current) return;
                sending.current = true;
                submit.mutate();
              }}
            >
              {adsWords.wizard.submitForReview}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
