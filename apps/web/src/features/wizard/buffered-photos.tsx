import { photoMessages } from '@adboard/shared';
import { useState } from 'react';
import type { UploadProgress } from '../../lib/photo-upload';
import { formatBytes } from './photos-model';
import './photos-step.css';
import { appScreensText, authScreensText } from '../../i18n/areas';
import { useText, useSay } from '../../i18n/language-context';

/** A chosen image waiting in the browser until 'Update Photos' sends it. */
export interface BufferedPhoto {
  key: string;
  /** The upload's Idempotency-Key: the same for every try of this photo. */
  uploadKey: string;
  file: File;
  /** An object URL for the preview; null when the browser cannot draw the type. */
  previewUrl: string | null;
  /** waiting: chosen; queued: in this upload round; uploading: being sent; failed: refused. */
  state: 'waiting' | 'queued' | 'uploading' | 'failed';
  progress: UploadProgress | null;
  /** Why the server (or the network) refused it. */
  error: string | null;
}

function percent({ loaded, total }: UploadProgress): number {
  return total > 0 ? Math.round((loaded / total) * 100) : 0;
}

function UploadStatus({ photo }: { photo: BufferedPhoto }) {
  const screenText = useText(appScreensText);
  const { file, state, progress } = photo;
  if (state !== 'queued' && state !== 'uploading') return null;
  const sent = progress ?? { loaded: 0, total: file.size };
  const done = state === 'uploading' && sent.total > 0 && sent.loaded >= sent.total;
  return (
    <div className="photo-card__progress">
      <progress
        value={sent.loaded}
        max={Math.max(sent.total, 1)}
        aria-label={screenText.photos.uploading({ file: file.name })}
      />
      <span className="photo-card__progress-text" aria-hidden="true">
        {state === 'queued'
          ? screenText.photos.waiting
          : done
            ? screenText.photos.processing
            : `${percent(sent)}%`}
      </span>
    </div>
  );
}

/**
 * The chosen file as the browser draws it; 'No preview' when it cannot (HEIC outside
 * Safari: the server converts it all the same).
 */
function Preview({ file, url }: { file: File; url: string | null }) {
  const say = useSay();
  const screenText = useText(appScreensText);
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        className="photo-card__image"
        src={url}
        alt={screenText.photos.previewOf({ file: file.name })}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <div className="photo-card__image photo-card__image--none" aria-hidden="true">
      {say(photoMessages.noPreview)}
    </div>
  );
}

/**
 * The buffered images (SPEC.md section 2, Photos): a preview of each, its own
 * upload progress bar while it is sent, the server's message when it was
 * refused, and 'Remove' (not while uploading).
 */
export function BufferedPhotos({
  photos,
  uploading,
  onRemove,
  label,
}: {
  photos: readonly BufferedPhoto[];
  uploading: boolean;
  onRemove: (key: string) => void;
  /** The list's accessible name: the verification slot's; by default, the public photos'. */
  label?: string;
}) {
  const authText = useText(authScreensText);
  const screenText = useText(appScreensText);
  if (photos.length === 0) return null;
  return (
    <ul className="photo-grid" aria-label={label ?? screenText.photos.toUpload}>
      {photos.map((photo) => {
        const nameId = `buffered-${photo.key}`;
        const errorId = `buffered-${photo.key}-error`;
        return (
          <li
            key={photo.key}
            className={`photo-card${photo.error ? ' photo-card--failed' : ''}`}
            aria-labelledby={nameId}
          >
            <Preview file={photo.file} url={photo.previewUrl} />
            <p className="photo-card__name" id={nameId}>
              {photo.file.name}{' '}
              <span className="photo-card__size">({formatBytes(photo.file.size)})</span>
            </p>
            <UploadStatus photo={photo} />
            {photo.error && (
              <p className="field__error" id={errorId}>
                {photo.error}
              </p>
            )}
            <div className="photo-card__actions">
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={uploading}
                aria-describedby={photo.error ? `${nameId} ${errorId}` : nameId}
                onClick={() => onRemove(photo.key)}
              >
                {authText.common.remove}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
