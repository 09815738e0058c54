import {
  adLimits,
  needsVerificationPhoto,
  photoMessages,
  type AdType,
  type Photo,
  type PhotoSlot,
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
import {
  acceptedPhotoTypes,
  precheckPhotos,
  precheckVerificationPhoto,
  publicPhotosOf,
  verificationPhotoOf,
  type RefusedFile,
} from './photos-model';
import { VerificationSlot } from './verification-slot';
import { ViewHeading } from './view-heading';
import './photos-step.css';
import './wizard.css';
import { appScreensText, answersText } from '../../i18n/areas';
import { useText, useSay } from '../../i18n/language-context';

export interface PhotosViewProps {
  postId: string;
  type: AdType;
  /** The ad's photos as the server has them; null while the ad is loading. */
  photos: readonly Photo[] | null;
  /** Free verified ads: the code the verification photo's paper shows; null while loading or for other types. */
  verificationCode: string | null;
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
 * file with its own progress bar, and the ad's current photos with Make Primary
 * and Delete. A free verified ad has the verification photo's own slot besides
 * (verification-slot.tsx): its file is sent first, to that slot, never public.
 *
 * 'Update Photos' is disabled with nothing buffered or while uploading. With
 * nothing buffered a separate 'Continue' button moves on instead (SPEC.md section 5
 * lets the upload button work with existing photos only; a button named for
 * uploading that uploads nothing would mislead). A free verified ad without its
 * verification photo cannot move on: the step says so instead.
 */
export function PhotosView({
  postId: adId,
  type,
  photos,
  verificationCode,
  onPhotosChange,
  onStale,
  onDone,
  focusHeading,
}: PhotosViewProps) {
  const say = useSay();
  const answer = useText(answersText);
  const screenText = useText(appScreensText);
  const site = useSite();
  const hintId = useId();
  const verified = needsVerificationPhoto(type);

  const [buffered, setBuffered] = useState<BufferedPhoto[]>([]);
  /** The verification photo chosen for the slot, waiting for 'Update Photos'. */
  const [sign, setSign] = useState<BufferedPhoto | null>(null);
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
  const publicPhotos = photos === null ? null : publicPhotosOf(photos);
  const publicCount = publicPhotos?.length ?? 0;
  const verificationPhoto = verificationPhotoOf(photos);

  const toBuffer = (file: File): BufferedPhoto => {
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
  };

  // The drop areas refuse only by type: no size or count limits are set on them.
  const typeRefusals = (rejections: FileRejection[]) =>
    rejections.map(({ file }) => ({ file, message: photoMessages.notAnImage }));

  const addFiles = (accepted: File[], rejections: FileRejection[]) => {
    const checked = precheckPhotos(accepted, publicCount + buffered.length);
    const added = checked.accepted.map(toBuffer);
    setRefused([...typeRefusals(rejections), ...checked.refused]);
    if (added.length > 0) setBuffered((current) => [...current, ...added]);
  };

  /** The slot holds one file: a new choice replaces the one waiting. */
  const chooseSign = (accepted: File[], rejections: FileRejection[]) => {
    const checked = precheckVerificationPhoto(accepted);
    setRefused([...typeRefusals(rejections), ...checked.refused]);
    const [file] = checked.accepted;
    if (!file) return;
    if (sign) revoke(sign);
    setSign(toBuffer(file));
  };

  const removeSign = () => {
    if (sign) revoke(sign);
    setSign(null);
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
    removeSign();
    setRefused([]);
  };

  /** Changes one waiting photo, in the public list or in the slot. */
  const patch = (key: string, change: Partial<BufferedPhoto>) => {
    const apply = (photo: BufferedPhoto) => (photo.key === key ? { ...photo, ...change } : photo);
    setBuffered((current) => current.map(apply));
    setSign((current) => current && apply(current));
  };

  const drop = (key: string) => {
    setBuffered((current) => current.filter((candidate) => candidate.key !== key));
    setSign((current) => (current?.key === key ? null : current));
  };

  /**
   * One request per file, in order, so each has its own progress and its own answer:
   * the verification photo first, to its slot, then the public photos.
   */
  const upload = async () => {
    const queue: { photo: BufferedPhoto; slot: PhotoSlot }[] = [
      ...(sign ? [{ photo: sign, slot: 'verification' as const }] : []),
      ...buffered.map((photo) => ({ photo, slot: 'public' as const })),
    ];
    const signal = lifetime.current?.signal;
    if (queue.length === 0 || !signal || signal.aborted) return;
    setUploading(true);
    setRefused([]);
    const queued = (photo: BufferedPhoto): BufferedPhoto => ({
      ...photo,
      state: 'queued',
      progress: null,
      error: null,
    });
    setBuffered((current) => current.map(queued));
    setSign((current) => current && queued(current));
    let failures = 0;
    let latest: readonly Photo[] | null = photos;
    for (const { photo, slot } of queue) {
      patch(photo.key, { state: 'uploading' });
      begin();
      try {
        const list = await uploadPhoto({
          postId: adId,
          file: photo.file,
          slot,
          idempotencyKey: photo.uploadKey,
          signal,
          onProgress: (progress) => patch(photo.key, { progress }),
        });
        onPhotosChange(list);
        latest = list;
        if (signal.aborted) return;
        revoke(photo);
        drop(photo.key);
      } catch (error) {
        if (error instanceof UploadAbortedError || signal.aborted) return;
        failures += 1;
        patch(photo.key, {
          state: 'failed',
          progress: null,
          error: errorMessage(error, answer.http.internalError),
        });
      } finally {
        end();
      }
    }
    setUploading(false);
    // A verified ad without its verification photo stays: the step says what is missing.
    if (failures === 0 && (!verified || verificationPhotoOf(latest))) onDone();
  };

  // Make primary, delete: each answers the whole list.
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

  const hasBuffered = buffered.length > 0 || sign !== null;
  const uploadFailed =
    !uploading && [...buffered, ...(sign ? [sign] : [])].some((photo) => photo.state === 'failed');
  const signMissing = verified && photos !== null && !verificationPhoto;
  const canContinue = !hasBuffered && !uploading && !signMissing;

  return (
    <section className="wizard__view photos">
      <ViewHeading focus={focusHeading}>{screenText.photos.heading}</ViewHeading>
      {verified && (
        <VerificationSlot
          siteName={site.name}
          code={verificationCode}
          photo={verificationPhoto}
          waiting={sign}
          uploading={uploading}
          pending={verificationPhoto ? pending[verificationPhoto.photo_id] : undefined}
          today={new Date()}
          onChoose={chooseSign}
          onRemoveWaiting={removeSign}
          onDelete={(photoId) => photoAction.mutate({ action: 'delete', photoId })}
        />
      )}

      <div
        {...getRootProps({
          className: `dropzone${isDragActive ? ' dropzone--active' : ''}${uploading ? ' dropzone--disabled' : ''}`,
        })}
      >
        <input {...getInputProps({ 'aria-label': screenText.photos.add })} />
        <p className="dropzone__text">
          {isDragActive ? screenText.photos.dropHere : screenText.photos.dragOr}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={open}
          disabled={uploading}
        >
          {screenText.photos.choose}
        </button>
        <p className="dropzone__hint">{say(photoMessages.uploadLimits)}</p>
      </div>

      {refused.length > 0 && (
        <ErrorAlert>
          <p className="notice__title">{screenText.photos.notAdded}</p>
          <ul className="notice__list">
            {refused.map(({ file, message }, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name}: {say(message)}
              </li>
            ))}
          </ul>
        </ErrorAlert>
      )}

      <BufferedPhotos photos={buffered} uploading={uploading} onRemove={remove} />

      {uploadFailed && <ErrorAlert>{say(photoMessages.uploadFailed)}</ErrorAlert>}

      <div className="wizard__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!hasBuffered || uploading}
          aria-busy={uploading}
          aria-describedby={hintId}
          onClick={() => void upload()}
        >
          {screenText.photos.update}
        </button>
        {canContinue && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            {photoCount > 0 ? screenText.photos.continue : screenText.photos.continueWithout}
          </button>
        )}
        {signMissing && !sign && !uploading && (
          <p className="notice notice--info">{say(photoMessages.verificationSlot.missing)}</p>
        )}
        <button
          type="button"
          className="button button--link"
          disabled={(!hasBuffered && refused.length === 0) || uploading}
          onClick={clear}
        >
          {screenText.photos.clearTemporary}
        </button>
        <p className="field__hint" id={hintId}>
          {say(photoMessages.uploadHint)}
        </p>
      </div>

      <div className="photos__section">
        <h3 className="photos__subheading">
          {screenText.photos.current}{' '}
          <span className="photos__count">
            {screenText.photos.currentCount({ shown: publicCount, max: adLimits.photosMax })}
          </span>
        </h3>
        <CurrentPhotos
          photos={publicPhotos}
          pending={pending}
          onAction={(action, photoId) => photoAction.mutate({ action, photoId })}
        />
      </div>
    </section>
  );
}
