import { consoleMessages, type AdReview } from '@adboard/shared';
import { Link } from 'react-router';
import { Badge } from '../../ui/badge';
import { reviewPath } from '../queue-table';
import { formatWhen } from '../time-text';
import './review-photos.css';

const text = consoleMessages.review;

type ReviewPhoto = AdReview['photos'][number];

/** What the verification photo's paper must show, beside it: the ad's code and the upload date. */
function VerificationCheck({ photo, code }: { photo: ReviewPhoto; code: string | null }) {
  return (
    <>
      <dl className="review-photo__check">
        <div>
          <dt>{text.verificationCodeLabel}</dt>
          <dd className="review-photo__code">{code ?? consoleMessages.empty}</dd>
        </div>
        <div>
          <dt>{text.verificationUploadedLabel}</dt>
          <dd>
            <time dateTime={photo.uploadedAt}>{formatWhen(photo.uploadedAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="review-photo__hint">{text.verificationCheck}</p>
    </>
  );
}

/**
 * Every photo, full size a click away; the verification photo and copies elsewhere
 * marked. Beside the verification photo, the code made for the ad and the date it was
 * uploaded, to compare with its paper. `verificationCode` is null for the ad types
 * without a verification photo.
 */
export function ReviewPhotos({
  photos,
  verificationCode,
}: {
  photos: AdReview['photos'];
  verificationCode: AdReview['verificationPhotoCode'];
}) {
  const missing =
    verificationCode !== null && !photos.some((photo) => photo.verification) ? (
      <p className="empty">{text.noVerificationPhoto}</p>
    ) : null;
  if (photos.length === 0) {
    return (
      <>
        {missing}
        <p className="empty">{text.noPhotos}</p>
      </>
    );
  }
  return (
    <>
      {missing}
      <ul className="review-photos">
        {photos.map((photo, index) => (
          <li
            key={photo.photoId}
            className={
              photo.verification ? 'review-photo review-photo--verification' : 'review-photo'
            }
          >
            <a href={photo.url} target="_blank" rel="noopener noreferrer">
              <img
                className="review-photo__image"
                src={photo.thumbUrl}
                alt={text.photoAlt(index + 1)}
                loading="lazy"
              />
            </a>
            <span className="review-photo__badges">
              {photo.primary && <Badge tone="default">{text.primaryPhoto}</Badge>}
              {photo.verification && <Badge tone="warning">{text.verificationPhoto}</Badge>}
              {photo.pending && <Badge tone="warning">{text.pendingPhoto}</Badge>}
            </span>
            {photo.verification && <VerificationCheck photo={photo} code={verificationCode} />}
            {photo.sameOnAds.length > 0 && (
              <div className="review-photo__same">
                <p>{text.samePhotoOn}</p>
                <ul>
                  {photo.sameOnAds.map((other) => (
                    <li key={other.postId}>
                      <Link to={reviewPath(other.postId)}>
                        {text.samePhotoAd(other.postId, other.ownerEmail)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
