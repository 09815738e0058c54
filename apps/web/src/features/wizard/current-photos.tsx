import type { Photo } from '@adboard/shared';
import type { PhotoAction } from '../../lib/ad-api';
import { Badge } from '../ui/badge';
import { Spinner } from '../ui/spinner';
import { thumbnailUrl } from './photos-model';
import './photos-step.css';
import {} from '@adboard/shared';
import { appScreensText, authScreensText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

export interface CurrentPhotosProps {
  /** The ad's public photos (the verification photo has its own slot); null while the ad is loading. */
  photos: readonly Photo[] | null;
  /** The call running for each photo, by photo id. */
  pending: Readonly<Record<string, PhotoAction>>;
  onAction: (action: PhotoAction, photoId: string) => void;
}

/**
 * The photos the ad has now (SPEC.md section 2, Photos), as 400-wide thumbnails:
 * the primary one shows a 'Primary' badge, the others 'Make Primary'; each has
 * 'Delete', disabled while its delete runs.
 */
export function CurrentPhotos({ photos, pending, onAction }: CurrentPhotosProps) {
  const screenText = useText(appScreensText);
  const authText = useText(authScreensText);
  if (photos === null) return <Spinner label={screenText.photos.loading} />;
  if (photos.length === 0) return <p className="photos__empty">{screenText.photos.none}</p>;
  return (
    <ul className="photo-grid" aria-label={screenText.photos.current}>
      {photos.map((photo, index) => {
        const running = pending[photo.photo_id];
        const labelId = `photo-${photo.photo_id}`;
        return (
          <li
            key={photo.photo_id}
            className="photo-card"
            aria-labelledby={labelId}
            aria-busy={running ? true : undefined}
            data-photo-id={photo.photo_id}
          >
            <img
              className="photo-card__image"
              src={thumbnailUrl(photo.url)}
              alt={screenText.photos.photoNumber({ n: index + 1 })}
              width={400}
              height={400}
              loading="lazy"
              decoding="async"
            />
            <p className="photo-card__name" id={labelId}>
              {screenText.photos.photoNumber({ n: index + 1 })}
            </p>
            <p className="photo-card__badges">
              {photo.primary && <Badge tone="success">{screenText.photos.primary}</Badge>}
            </p>
            <div className="photo-card__actions">
              {!photo.primary && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={running === 'primary'}
                  aria-busy={running === 'primary'}
                  onClick={() => onAction('primary', photo.photo_id)}
                >
                  {screenText.photos.makePrimary}
                </button>
              )}
              <button
                type="button"
                className="button button--danger-outline button--small"
                disabled={running === 'delete'}
                aria-busy={running === 'delete'}
                onClick={() => onAction('delete', photo.photo_id)}
              >
                {authText.common.delete}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
