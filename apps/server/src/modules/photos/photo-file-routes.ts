import { photoMessages } from '@adboard/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PHOTO_KEY, type PhotoStorage } from '../../adapters/storage/photo-storage.js';
import type { Database } from '../../db/database.js';
import { UnavailableError } from '../../domain/errors.js';
import { matchesEtag, PUBLIC_CACHE_CONTROL } from '../public-pages/send-page.js';
import { createPhotoFileReader } from './photo-files.js';
import type { PhotoLinkScope, PhotoLinks } from './photo-links.js';
import { photoKey } from './photo-presenter.js';
import { findPhotoServing, type PhotoServing } from './photo-repository.js';

/**
 * A public photo is kept by browsers and CDNs as long as the page that shows it
 * (30 s), then asked again with its ETag (a 304 while it stays public): a rejection,
 * deletion, expiry or ban reaches every cache within that time, as it does the page.
 */
export const PUBLIC_PHOTO_CACHE_CONTROL = `${PUBLIC_CACHE_CONTROL}, must-revalidate`;

/** Answers for one person (an owner's or a moderator's link): no cache may keep them. */
export const PRIVATE_PHOTO_CACHE_CONTROL = 'private, no-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `{photoId}-{width}.webp`, once the key has passed PHOTO_KEY. */
const FILE_WIDTH = /-(\d+)\.webp$/;

export interface PhotoFileDeps {
  database: Database;
  storage: PhotoStorage;
  photoLinks: PhotoLinks;
  /**
   * PHOTO_PUBLIC_URL is set: the pages load public photos from a CDN on another
   * host, maybe another site, so a public answer may be loaded from anywhere.
   */
  publicElsewhere: boolean;
}

/**
 * Who may have the file: anyone while the photo is public; the holder of an
 * owner's link while the ad is not deleted and its owner not banned; the holder
 * of a moderator's link while the row exists. Nobody else.
 */
function photoAccess(
  photo: PhotoServing | undefined,
  scope: PhotoLinkScope | null,
): 'public' | 'private' | null {
  if (!photo) return null;
  if (scope === 'staff') return 'private';
  if (scope === 'owner' && !photo.adDeleted && !photo.ownerBanned) return 'private';
  return photo.isPublic ? 'public' : null;
}

function notFound(reply: FastifyReply): FastifyReply {
  // Not even a refusal is kept: the photo may be public a minute later.
  return reply
    .code(404)
    .header('Cache-Control', 'no-store')
    .send({ success: false, error: photoMessages.notFound });
}

/**
 * GET /photos/{adId}/{file}[?token=…]: the files themselves, no JSON call, so
 * outside the route chain (a read: the pool). Every request asks the database.
 */
export function photoFileRoutes(app: FastifyInstance, deps: PhotoFileDeps): void {
  const db = deps.database.db;
  const readFile = createPhotoFileReader(deps.storage);
  app.get('/photos/:adId/:file', async (request, reply) => {
    const { adId, file } = request.params as { adId: string; file: string };
    const key = `${adId}/${file}`;
    const photoId = file.slice(0, 36);
    const ad = Number(adId);
    const width = Number(FILE_WIDTH.exec(file)?.[1]);
    // Only the names the server makes: `007/…` or `…-0800.webp` would name a file it has.
    if (
      !PHOTO_KEY.test(key) ||
      !UUID.test(photoId) ||
      !Number.isSafeInteger(ad) ||
      photoKey(ad, photoId, width) !== key
    ) {
      return notFound(reply);
    }
    const token = (request.query as Record<string, unknown>).token;
    const scope = typeof token === 'string' ? deps.photoLinks.check(ad, photoId, token) : null;
    const access = photoAccess(await findPhotoServing(db, ad, photoId), scope);
    if (!access) return notFound(reply);
    reply
      .header('Content-Type', 'image/webp')
      // Shown on the city subdomains of the same site; a public one through the CDN too.
      .header(
        'Cross-Origin-Resource-Policy',
        access === 'public' && deps.publicElsewhere ? 'cross-origin' : 'same-site',
      );
    if (access === 'public') {
      // The bytes of a key never change: its name is a strong validator.
      const etag = `"${file}"`;
      reply.header('Cache-Control', PUBLIC_PHOTO_CACHE_CONTROL).header('ETag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    } else {
      reply.header('Cache-Control', PRIVATE_PHOTO_CACHE_CONTROL);
    }
    // Only now, the access decided: a width missing from an older photo is made here.
    let data: Buffer | null;
    try {
      data = await readFile(ad, photoId, width);
    } catch (error) {
      // The store does not answer (503); nothing may keep that answer as the photo.
      reply.removeHeader('ETag').removeHeader('Content-Type').header('Cache-Control', 'no-store');
      throw new UnavailableError(photoMessages.fileUnavailable, error);
    }
    if (!data) {
      reply.removeHeader('ETag').removeHeader('Content-Type');
      return notFound(reply);
    }
    return reply.send(data);
  });
}
