import {
  describeExpiry,
  expiryBadgeTone,
  heldTimeSaid,
  paymentMessages,
  rejectionSaid,
  statusBadge,
  typeBadge,
  type AdListRow,
  type Language,
} from '@adboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { adApi } from '../../lib/ad-api';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { isPremiumActive } from '../wizard/payment-model';
import { AdToolsButtons, AdToolsNotes } from './ad-tools';
import { openPreview } from './open-preview';
import { AdCardStats } from './ad-stats';
import './ad-list.css';
import { dateFormat } from '../../lib/date-format';
import { appScreensText, authScreensText, lifecycleText, adsText } from '../../i18n/areas';
import { useLanguage, useText, useSay } from '../../i18n/language-context';

/** /edit-post for the signed-in owner of an ad. */
export function editAdPath(adId: string): string {
  return `/edit-post?${new URLSearchParams({ id: adId, edit: 'auth' }).toString()}`;
}

/** The payment view with the premium options, for the signed-in owner of an ad. */
export function featureAdPath(adId: string): string {
  const query = new URLSearchParams({
    id: adId,
    edit: 'auth',
    step: 'payment',
    product: 'premium',
  });
  return `/edit-post?${query.toString()}`;
}

const postedFormat = dateFormat({ dateStyle: 'medium' });

export function formatPosted(posted: string | null, language: Language): string {
  if (!posted) return '—';
  const date = new Date(posted);
  return Number.isNaN(date.getTime()) ? '—' : postedFormat(date, language);
}

/** The signed-in user's ads as cards (SPEC.md section 2, My Posts). */
export function AdList({ posts: ads }: { posts: readonly AdListRow[] }) {
  const adsWords = useText(adsText);
  const screenText = useText(appScreensText);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<AdListRow | null>(null);

  const remove = useMutation({
    mutationFn: (ad: AdListRow) => adApi.deleteAd(ad.postId),
    onError: (error, ad) => {
      // SPEC.md section 4: a failed delete is only logged.
      console.warn('Could not delete ad', ad.postId, error);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['posts'] });
      setConfirming(null);
    },
  });

  const deletingId = remove.isPending ? remove.variables.postId : null;

  return (
    <>
      <ul className="post-list" aria-label={screenText.myPosts.yourAds}>
        {ads.map((ad) => (
          <AdCard
            key={ad.postId}
            ad={ad}
            busy={deletingId === ad.postId}
            onDelete={() => setConfirming(ad)}
          />
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={adsWords.posts.deleteTitle}
          body={adsWords.posts.deleteBody}
          cancelLabel={adsWords.posts.deleteCancel}
          confirmLabel={adsWords.posts.deleteConfirm}
          busy={remove.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove.mutate(confirming)}
        />
      )}
    </>
  );
}

function AdCard({
  ad: ad,
  busy,
  onDelete,
}: {
  ad: AdListRow;
  busy: boolean;
  onDelete: () => void;
}) {
  const say = useSay();
  const screenText = useText(appScreensText);
  const authText = useText(authScreensText);
  const lifecycleWords = useText(lifecycleText);
  const { language } = useLanguage();
  const titleId = useId();
  const status = statusBadge(ad.status);
  const editPath = editAdPath(ad.postId);
  // A VIP ad whose payment was refunded (or never made) says so.
  const typeLabel = typeBadge(ad.type, ad.product, ad.paid);
  // The premium placement runs on its own clock, next to the ad's type (unless it is premium).
  const premium = isPremiumActive(ad.premiumUntil) && ad.type !== 'premium';
  // The row's facts in the app's language: a cached row reads right after a switch.
  const expiry = describeExpiry(ad.daysLeft);
  const heldNote = heldTimeSaid({ paidDays: ad.heldPaidDays, premiumDays: ad.heldPremiumDays });
  // Links cannot be disabled: while the ad is being deleted they are taken out of reach.
  const linkState = busy
    ? {
        'aria-disabled': true,
        tabIndex: -1,
        onClick: (event: { preventDefault(): void }) => event.preventDefault(),
      }
    : {};

  return (
    <li className="post-card" aria-busy={busy}>
      <dl className="post-card__facts">
        <div className="post-card__headline">
          <dt>{screenText.myPosts.headline}</dt>
          <dd>
            <h2 className="post-card__title" id={titleId}>
              {ad.title}
            </h2>
          </dd>
        </div>
        <div>
          <dt>{screenText.myPosts.adId}</dt>
          <dd>
            <Link className="post-card__id" to={editPath} {...linkState}>
              {ad.postId}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{screenText.myPosts.posted}</dt>
          <dd>{formatPosted(ad.posted, language)}</dd>
        </div>
        <div>
          <dt>{screenText.myPosts.location}</dt>
          <dd>{ad.location}</dd>
        </div>
        <div>
          <dt>{screenText.myPosts.status}</dt>
          <dd>
            <Badge tone={status.tone}>{say(status.label)}</Badge>
            <AdToolsNotes ad={ad} />
          </dd>
        </div>
        {ad.daysLeft !== null && expiry && (
          <div>
            <dt>{screenText.myPosts.expiryStatus}</dt>
            <dd>
              <Badge tone={expiryBadgeTone(ad.daysLeft)}>{say(expiry)}</Badge>
            </dd>
          </div>
        )}
        <div>
          <dt>{screenText.myPosts.adType}</dt>
          <dd>
            <span className="post-card__badges">
              <Badge tone="default">{say(typeLabel)}</Badge>
              {premium && <Badge tone="success">{say(paymentMessages.premiumBadge)}</Badge>}
              {ad.pendingRevision && <Badge tone="warning">{lifecycleWords.pendingRevision}</Badge>}
            </span>
            {heldNote && <span className="post-card__note">{say(heldNote)}</span>}
          </dd>
        </div>
      </dl>
      {ad.status === 'rejected' && (
        <RejectedNotice ad={ad} editPath={editPath} titleId={titleId} linkState={linkState} />
      )}
      <AdCardStats ad={ad} titleId={titleId} />
      <div className="post-card__actions">
        <Link
          className="button button--secondary"
          to={editPath}
          aria-describedby={titleId}
          {...linkState}
        >
          {screenText.myPosts.edit}
        </Link>
        {/* The public page is on the city's subdomain: the preview link is asked for first. */}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void openPreview(ad.postId)}
          disabled={busy}
          aria-describedby={titleId}
        >
          {screenText.myPosts.view}
        </button>
        {/* The lifecycle table decides which ads can be featured (the row's answer). */}
        {ad.featurable && (
          <Link
            className="button button--secondary"
            to={featureAdPath(ad.postId)}
            aria-describedby={titleId}
            {...linkState}
          >
            {say(paymentMessages.featureThisAd)}
          </Link>
        )}
        <AdToolsButtons ad={ad} titleId={titleId} disabled={busy} />
        <button
          type="button"
          className="button button--danger-outline"
          onClick={onDelete}
          disabled={busy}
          aria-describedby={titleId}
          aria-busy={busy}
        >
          {authText.common.delete}
        </button>
      </div>
    </li>
  );
}

/** A rejected ad: the moderator's reason, and the next step (resubmit, or the refund). */
function RejectedNotice({
  ad,
  editPath,
  titleId,
  linkState,
}: {
  ad: AdListRow;
  editPath: string;
  titleId: string;
  linkState: object;
}) {
  const adsWords = useText(adsText);
  const say = useSay();
  const m = adsWords.posts;
  const reason = rejectionSaid({ code: ad.rejectionCode, note: ad.rejectionNote });
  return (
    <div className="post-card__rejection notice notice--error">
      <p className="post-card__rejection-reason">
        <strong>{m.rejectedReasonLabel}</strong> {reason ? say(reason) : m.rejectedNoReason}
      </p>
      {ad.refundOffered ? (
        <>
          <p className="post-card__rejection-title">{m.askRefund}</p>
          <p>{m.refundHow}</p>
        </>
      ) : (
        <p>{m.rejectedNext}</p>
      )}
      <p className="post-card__rejection-actions">
        <Link
          className="button button--primary button--small"
          to={editPath}
          aria-describedby={titleId}
          {...linkState}
        >
          {m.editAndResubmit}
        </Link>
      </p>
    </div>
  );
}
