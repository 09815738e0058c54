import type { Photo } from '@adboard/shared';
import { useId } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { PhotoAction } from '../../lib/ad-api';
import { BufferedPhotos, type BufferedPhoto } from './buffered-photos';
import { acceptedPhotoTypes, formatPaperDate, thumbnailUrl } from './photos-model';
import './photos-step.css';
import './verification-slot.css';
import { authScreensText, photosText } from '../../i18n/areas';
import { useLanguage, useText } from '../../i18n/language-context';

export interface VerificationSlotProps {
  siteName: string;
  /** The code made for this ad; null while the ad loads. */
  code: string | null;
  /** The ad's verification photo as the server has it. */
  photo: Photo | null;
  /** A chosen file waiting for 'Update Photos'. */
  waiting: BufferedPhoto | null;
  uploading: boolean;
  /** The call running on the current photo (its delete). */
  pending: PhotoAction | undefined;
  /** Today, as the paper should show it (a prop so that tests can fix it). */
  today: Date;
  onChoose: (accepted: File[], rejections: FileRejection[]) => void;
  onRemoveWaiting: () => void;
  onDelete: (photoId: string) => void;
}

/**
 * The verification photo's own slot on the photos step of a free verified ad: what
 * the paper must show (the site's name, today's date, the code made for this ad),
 * that the photo is never public, and the one photo itself, chosen here and sent with
 * 'Update Photos' (it replaces the one before).
 */
export function VerificationSlot({
  siteName,
  code,
  photo,
  waiting,
  uploading,
  pending,
  today,
  onChoose,
  onRemoveWaiting,
  onDelete,
}: VerificationSlotProps) {
  const text = useText(photosText).verificationSlot;
  const { language } = useLanguage();
  const authText = useText(authScreensText);
  const headingId = useId();
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: acceptedPhotoTypes,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
    onDrop: onChoose,
  });

  return (
    <section className="verification-slot" aria-labelledby={headingId}>
      <h3 className="photos__subheading" id={headingId}>
        {text.heading}
      </h3>
      <p className="verification-slot__private">{text.neverPublic}</p>
      <p className="verification-slot__intro">{text.intro}</p>
      <dl className="verification-slot__paper">
        <div>
          <dt>{text.siteName}</dt>
          <dd>{siteName}</dd>
        </div>
        <div>
          <dt>{text.date}</dt>
          <dd>{formatPaperDate(today, language)}</dd>
        </div>
        <div>
          <dt>{text.code}</dt>
          <dd className="verification-slot__code" data-testid="verification-code">
            {code ?? '\u2026'}
          </dd>
        </div>
      </dl>
      <p className="verification-slot__why">{text.why}</p>

      <div
        {...getRootProps({
          className: `verification-slot__drop${isDragActive ? ' verification-slot__drop--active' : ''}`,
        })}
      >
        <input {...getInputProps({ 'aria-label': text.inputLabel })} />
        {waiting ? (
          <>
            <BufferedPhotos
              photos={[waiting]}
              uploading={uploading}
              onRemove={onRemoveWaiting}
              label={text.heading}
            />
            {waiting.state === 'waiting' && (
              <p className="verification-slot__note">{text.waiting}</p>
            )}
          </>
        ) : photo ? (
          <figure
            className="photo-card verification-slot__current"
            aria-busy={pending ? true : undefined}
          >
            <img
              className="photo-card__image"
              src={thumbnailUrl(photo.url)}
              alt={text.currentAlt}
              width={400}
              height={400}
              decoding="async"
            />
            <div className="photo-card__actions">
              <button
                type="button"
                className="button button--danger-outline button--small"
                disabled={pending === 'delete' || uploading}
                aria-busy={pending === 'delete'}
                onClick={() => onDelete(photo.photo_id)}
              >
                {authText.common.delete}
              </button>
            </div>
          </figure>
        ) : (
          <p className="photos__empty">{text.empty}</p>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={open}
          disabled={uploading}
        >
          {photo || waiting ? text.replace : text.choose}
        </button>
      </div>
    </section>
  );
}
