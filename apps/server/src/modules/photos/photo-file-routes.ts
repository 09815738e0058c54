import { photoMessages } from '@adboard/shared';
import type { FastifyInstance } from 'fastify';
import { PHOTO_KEY } from '../../adapters/storage/photo-storage.js';
import type { PhotoDeps } from './add-photos.js';
import { isServablePhoto } from './photo-repository.js';

/** How long browsers and CDNs keep a photo: a deleted ad's or banned owner's photos go within the hour. */
export const PHOTO_CACHE_SECONDS = 3600;

/** GET /photos/{adId}/{file}: the files themselves, no JSON call, so outside the route chain (a read: the pool). */
export function photoFileRoutes(app: FastifyInstance, deps: PhotoDeps): void {
  const db = deps.database.db;
  app.get('/photos/:adId/:file', async (request, reply) => {
    const { adId, file } = request.params as { adId: string; file: string };
    const key = `${adId}/${file}`;
    const servable =
      PHOTO_KEY.test(key) && (await isServablePhoto(db, Number(adId), file.slice(0, 36)));
    const data = servable ? await deps.storage.get(key) : null;
    if (!data) return reply.code(404).send({ success: false, error: photoMessages.notFound });
    return (
      reply
        .header('Content-Type', 'image/webp')
        // The bytes of a URL never change, but a deletion or a ban must reach caches soon.
        .header('Cache-Control', `public, max-age=${PHOTO_CACHE_SECONDS}`)
        .header('Cross-Origin-Resource-Policy', 'same-site')
        .send(data)
    );
  });
}
