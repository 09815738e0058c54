import { consoleMessages, type AdReview } from '@adboard/shared';
import { Link } from 'react-router';
import { Badge } from '../../ui/badge';
import { reviewPath } from '../queue-table';

const text = consoleMessages.review;

/** Every photo, full size a click away; the verification photo and copies elsewhere marked. */
export function ReviewPhotos({ photos }: { photos: AdReview['photos'] }) {
  if (photos.length === 0) return <p className="empty">{text.noPhotos}</p>;
  return (
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
  );
}
