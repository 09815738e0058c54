import { answers, photoListSchema, type Photo, type PhotoSlot } from '@adboard/shared';
import { sayNow } from '../i18n/say';
import { ApiError, apiErrorFrom, authHeaders } from './api';
import { uploadPhotosEndpoint } from '@adboard/shared';
import { pathOf } from './client';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
}

export interface UploadPhotoOptions {
  postId: string;
  file: File;
  /** Where it goes: the public photos (the default) or the verification photo's slot. */
  slot?: PhotoSlot;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`: one per buffered photo, the same for its retries,
   * so an upload whose answer was lost is not added twice.
   */
  idempotencyKey?: string;
}

/** The upload was stopped by its AbortSignal (the photos view went away). */
export class UploadAbortedError extends Error {
  override readonly name = 'UploadAbortedError';
  constructor() {
    super('The upload was stopped.');
  }
}

/**
 * POST /api/post/{id}/photos with one file (form field '0'), by XMLHttpRequest
 * because fetch reports no upload progress. Sends the session and edit-token
 * headers like lib/api.ts and no content type of its own (the browser sets the
 * multipart boundary), and the idempotency key when given. Resolves with the ad's
 * whole photo list; rejects with an ApiError carrying the server's message (status
 * 0 when unreachable), or with UploadAbortedError.
 */
export function uploadPhoto({
  postId: adId,
  file,
  slot = 'public',
  onProgress,
  signal,
  idempotencyKey,
}: UploadPhotoOptions) {
  return new Promise<Photo[]>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    // The public photos keep the plain path; the verification photo names its slot.
    const query = slot === 'public' ? {} : { slot };
    xhr.open(
      uploadPhotosEndpoint.method,
      pathOf(uploadPhotosEndpoint, { params: { id: adId }, query }),
    );
    xhr.setRequestHeader('accept', 'application/json');
    const headers = authHeaders({
      adId: adId,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    });
    for (const [name, value] of Object.entries(headers)) {
      xhr.setRequestHeader(name, value);
    }

    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.upload.addEventListener('progress', (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      onProgress({ loaded: Math.min(event.loaded, total), total });
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFrom(xhr.status, xhr.responseText, xhr.getResponseHeader('retry-after')));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const parsed = photoListSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(xhr.status, sayNow(answers.http.internalError)));
    });
    const unreachable = () => {
      settle();
      reject(new ApiError(0, sayNow(answers.http.networkError)));
    };
    xhr.addEventListener('error', unreachable);
    xhr.addEventListener('timeout', unreachable);
    xhr.addEventListener('abort', () => {
      settle();
      reject(new UploadAbortedError());
    });

    const form = new FormData();
    form.append('0', file, file.name);
    xhr.send(form);
  });
}
