import {
  chooseVerificationPhoto,
  deletePhoto,
  makePhotoPrimary,
  photoMessages,
  uploadPhotosEndpoint,
} from '@adboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, RefusedError } from '../../domain/errors.js';
import { preparedRoute, route, type RouteChain } from '../../http/route.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-header.js';
import { adContext } from '../ads/ad-context.js';
import { loadManagedAd } from '../ads/load-managed-ad.js';
import { addPhotos, storeUploadedPhotos, type PhotoDeps } from './add-photos.js';
import { changePhoto } from './change-photos.js';
import { watchPartHeaders } from './part-header-guard.js';
import { photoLimits } from './process-photo.js';

/**
 * The multipart parser's refusals that are limits (their own message and 413, in
 * http/error-handler.ts); any other refusal of its (a field named `__proto__`, a
 * field declared JSON that is not) is a malformed upload like busboy's own errors.
 */
const uploadLimitCodes = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/** The boundary the request's Content-Type declares, if any. */
function boundaryOf(request: FastifyRequest): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  return match?.[1] ?? match?.[2] ?? null;
}

/** Reads every file part of the request into memory, within the per-file limit. */
async function readUploads(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new RefusedError(photoMessages.noFiles);
  const uploads: Buffer[] = [];
  const boundary = boundaryOf(request);
  // Started in the same turn as the parser, so that both see every chunk.
  const headerTooLong = boundary
    ? watchPartHeaders(request.raw, boundary, multipartLimits.headerSize)
    : () => false;
  try {
    for await (const part of request.files()) {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new RefusedError(photoMessages.tooLarge);
      uploads.push(data);
    }
    if (headerTooLong()) throw new RefusedError(photoMessages.unreadableUpload);
  } catch (error) {
    // Limits have their own messages and a client gone away (its body cut off before
    // its end) is no refusal; anything else the parser throws is a malformed body,
    // not our fault. A body read to its end counts as destroyed too: only an
    // aborted one means the client left.
    const code = (error as { code?: unknown }).code;
    const limit = typeof code === 'string' && uploadLimitCodes.has(code);
    if (error instanceof DomainError || limit || request.raw.readableAborted) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new RefusedError(photoMessages.unreadableUpload);
  }
  return uploads;
}

/** The photos calls of SPEC.md section 7, authorised like every ad call. */
export function photoRoutes(app: FastifyInstance, deps: PhotoDeps & { routeChain: RouteChain }) {
  // Reading the upload, decoding and storing its files happen before the transaction opens.
  preparedRoute(
    app,
    deps.routeChain,
    uploadPhotosEndpoint,
  )({
    prepare: async ({ db, params, query, request }) => {
      const ctx = adContext(request);
      const idempotencyKey = idempotencyKeyOf(request);
      // Refuse a caller who may not change the ad before taking up to 600 MB of files from them.
      await loadManagedAd(db, ctx, params.id);
      const uploads = await readUploads(request);
      // The same Idempotency-Key adds the photos once and answers the current list.
      const stored = await storeUploadedPhotos(
        db,
        deps,
        ctx,
        params.id,
        uploads,
        idempotencyKey,
        query.slot,
      );
      return { ctx, stored };
    },
    write: async ({ tx, afterCommit }, { ctx, stored }) =>
      addPhotos(tx, deps, ctx, stored, afterCommit),
  });

  route(app, deps.routeChain, makePhotoPrimary, async ({ tx, body, request, afterCommit }) =>
    changePhoto(tx, deps, adContext(request), 'primary', body, afterCommit),
  );
  route(app, deps.routeChain, deletePhoto, async ({ tx, body, request, afterCommit }) =>
    changePhoto(tx, deps, adContext(request), 'delete', body, afterCommit),
  );
  route(app, deps.routeChain, chooseVerificationPhoto, async ({ tx, body, request, afterCommit }) =>
    changePhoto(tx, deps, adContext(request), 'verification', body, afterCommit),
  );
}

export const multipartLimits = {
  fileSize: photoLimits.maxBytes,
  /** The bytes of one part's header block: a browser's is a few hundred (issue 24). */
  headerSize: 8 * 1024,
  files: 30,
  fields: 10,
  parts: 40,
};
