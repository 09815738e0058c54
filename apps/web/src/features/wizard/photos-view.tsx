import {
  adLimits,
  messages,
  photoFormatNames,
  photoMessages,
  type AdType,
  type Photo,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { errorMessage } from '../../lib/api';
import { adApi, type PhotoAction } from '../../lib/ad-api';
import { uploadPhoto, UploadAbortedError } from '../../lib/photo-upload';
import { newRequestKey } from '../../lib/request-key';
import { useSite } from '../site/site-context';
import { ErrorAlert } from '../ui/alert';
import { BufferedPhotos, type BufferedPhoto } from './buffered-photos';
import { CurrentPhotos } from './current-photos';
import { acceptedPhotoTypes, precheckPhotos, typeRefusal, type RefusedFile } from './photos-model';
import { ViewHeading } from './view-heading';

export interface PhotosViewProps {
  postId: string;
  type: AdType;
  /** The ad's photos as the server has them; null while the ad is loading. */
  photos: readonly Photo[] | null;
  /** A photo call answered the ad's whole list: it replaces the post's list. */
  onPhotosChange: (photos: Photo[]) => void;
  /** The list may be out of date (a call failed, or calls overlapped): load it again. */
  onStale: () => void;
  /** Every buffered photo was uploaded, or the ad's photos are kept as they are. */
  onDone: () => void;
  focusHeading: boolean;
}

/**
 * The photos step (SPEC.md sections 2, 4 and 5): a drop area that buffers images
 * in the browser with a preview each, 'Update Photos' sending them one request per
 * file with its own progress bar, and the ad's current photos with Make Primary,
 * Delete and, for free verified ads, the verification photo.
 *
 * 'Update Photos' is disabled with nothing buffered or while uploading. With
 * nothing buffered a separate 'Continue' button moves on instead (SPEC.md section 5
 * lets the upload button work with existing photos only; a button named for
 * uploading that uploads nothing would mislead). A free verified ad without a
 * photo cannot move on: it needs the verification photo.
 */
export function PhotosView({
  postId: adId,
  type,
  photos,
  onPhotosChange,
  onStale,
  onDone,
  focusHeading,
}: PhotosViewProps) {
  const site = useSite();
  const hintId = useId();
  const verified = type === 'free_verified';

  const [buffered, setBuffered] = useState<BufferedPhoto[]>([]);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState<Record<string, PhotoAction>>({});
  const nextKey = useRef(0);

  // Object URLs of the previews still shown: revoked when removed and on unmount.
  const liveUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = liveUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
  const revoke = (photo: BufferedPhoto) => {
    if (!photo.previewUrl) return;
    URL.revokeObjectURL(photo.previewUrl);
    liveUrls.current.delete(photo.previewUrl);
  };

  // Uploads stop when the view goes away.
  const lifetime = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  // Answers of overlapping calls may arrive out of order: reload once they settle.
  const calls = useRef({ running: 0, overlapped: false });
  const begin = () => {
    calls.current.running += 1;
    if (calls.current.running > 1) calls.current.overlapped = true;
  };
  const end = () => {
    calls.current.running -= 1;
    if (calls.current.running === 0 && calls.current.overlapped) {
      calls.current.overlapped = false;
      if (!lifetime.current?.signal.aborted) onStale();
    }
  };

  const photoCount = photos?.length ?? 0;

  const addFiles = (accepted: File[], rejections: FileRejection[]) => {
    const checked = precheckPhotos(accepted, photoCount + buffered.length);
    const added = checked.accepted.map((file): BufferedPhoto => {
      nextKey.current += 1;
      const previewUrl = URL.createObjectURL(file);
      liveUrls.current.add(previewUrl);
      return {
        key: `b${nextKey.current}`,
        // A try whose answer was lost is sent again with this key: the server adds it once.
        uploadKey: newRequestKey(),
        file,
        previewUrl,
        state: 'waiting',
        progress: null,
        error: null,
      };
    });
    // The drop area refuses only by type: no size or count limits are set on it.
    const byType = rejections.map(({ file }) => ({ file, message: typeRefusal(file) }));
    setRefused([...byType, ...checked.refused]);
    if (added.length > 0) setBuffered((current) => [...current, ...added]);
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: acceptedPhotoTypes,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
    onDrop: addFiles,
  });

  const remove = (key: string) => {
    const photo = buffered.find((candidate) => candidate.key === key);
    if (photo) revoke(photo);
    setBuffered((current) => current.filter((candidate) => candidate.key !== key));
  };

  const clear = () => {
    buffered.forEach(revoke);
    setBuffered([]);
    setRefused([]);
  };

  const patch = (key: string, change: Partial<BufferedPhoto>) =>
    setBuffered((current) =>
      current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)),
    );

  /** One request per file, in order, so each has its own progress and its own answer. */
  const upload = async () => {
    const queue = buffered;
    const signal = lifetime.current?.signal;
    if (queue.length === 0 || !signal || signal.aborted) return;
    setUploading(true);
    setRefused([]);
    setBuffered((current) =>
      current.map((photo) => ({ ...photo, state: 'queued', progress: null, error: null })),
    );
    let failures = 0;
    for (const photo of queue) {
      patch(photo.key, { state: 'uploading' });
      begin();
      try {
        const list = await uploadPhoto({
          postId: adId,
          file: photo.file,
          idempotencyKey: photo.uploadKey,
          signal,
          onProgress: (progress) => patch(photo.key, { progress }),
        });
        onPhotosChange(list);
        if (signal.aborted) return;
        revoke(photo);
        setBuffered((current) => current.filter((candidate) => candidate.key !== photo.key));
      } catch (error) {
        if (error instanceof UploadAbortedError || signal.aborted) return;
        failures += 1;
        patch(photo.key, {
          state: 'failed',
          progress: null,
          error: errorMessage(error, messages.http.internalError),
        });
      } finally {
        end();
      }
    }
    setUploading(false);
    if (failures === 0) onDone();
  };

  // Make primary, delete, choose the verification photo: each answers the whole list.
  const photoAction = useMutation({
    mutationFn: ({ action, photoId }: { action: PhotoAction; photoId: string }) =>
      adApi.changePhoto(action, adId, photoId),
    onMutate: ({ action, photoId }) => {
      setPending((current) => ({ ...current, [photoId]: action }));
      begin();
    },
    onSuccess: (photos) => onPhotosChange(photos),
    onError: (error, { action }) => {
      // SPEC.md section 8: only logged; the list is loaded again so it stays true.
      console.warn(`Photo ${action} failed`, error);
      onStale();
    },
    onSettled: (_photos, _error, { photoId }) => {
      setPending((current) =>
        Object.fromEntries(Object.entries(current).filter(([id]) => id !== photoId)),
      );
      end();
    },
  });

  const hasBuffered = buffered.length > 0;
  const uploadFailed = !uploading && buffered.some((photo) => photo.state === 'failed');
  const canContinue = !hasBuffered && !uploading && (photoCount > 0 || !verified);

  return (
    <section className="wizard__view photos">
      <ViewHeading focus={focusHeading}>Photos</ViewHeading>
      {verified && (
        <p className="notice notice--info">{photoMessages.verificationHint(site.name)}</p>
      )}

      <div
        {...getRootProps({
          className: `dropzone${isDragActive ? ' dropzone--active' : ''}${uploading ? ' dropzone--disabled' : ''}`,
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Add photos' })} />
        <p className="dropzone__text">
          {isDragActive ? 'Drop the photos here' : 'Drag and drop photos here, or'}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={open}
          disabled={uploading}
        >
          Choose photos
        </button>
        <p className="dropzone__hint">
          {photoFormatNames}, up to 20 MB each; at most {adLimits.photosMax} photos per ad.
        </p>
      </div>

      {refused.length > 0 && (
        <ErrorAlert>
          <p className="notice__title">These files were not added:</p>
          <ul className="notice__list">
            {refused.map(({ file, message }, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name}: {message}
              </li>
            ))}
          </ul>
        </ErrorAlert>
      )}

      <BufferedPhotos photos={buffered} uploading={uploading} onRemove={remove} />

      {uploadFailed && <ErrorAlert>{photoMessages.uploadFailed}</ErrorAlert>}

      <div className="wizard__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!hasBuffered || uploading}
          aria-busy={uploading}
          aria-describedby={hintId}
          onClick={() => void upload()}
        >
          Update Photos
        </button>
        {canContinue && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            {photoCount > 0 ? 'Continue' : 'Continue without photos'}
          </button>
        )}
        <button
          type="button"
          className="button button--link"
          disabled={(!hasBuffered && refused.length === 0) || uploading}
          onClick={clear}
        >
          Clear temporary photos
        </button>
        <p className="field__hint" id={hintId}>
          {photoMessages.uploadHint}
        </p>
      </div>

      <div className="photos__section">
        <h3 className="photos__subheading">
          Current photos{' '}
          <span className="photos__count">
            ({photoCount} of {adLimits.photosMax})
          </span>
        </h3>
        <CurrentPhotos
          photos={photos}
          verified={verified}
          pending={pending}
          onAction={(action, photoId) => photoAction.mutate({ action, photoId })}
        />
      </div>
    </section>
  );
}
