import { z } from 'zod';
import type { Broadcast } from '../../adapters/broadcast/broadcast.js';
import type { AdRow } from './ad-state-repository.js';
import { publicStatuses } from './transitions.js';

/** Where an ad shows: its site, and the city whose host lists it. */
export interface AdPlace {
  adId: number;
  siteId: string;
  citySlug: string;
}

/**
 * The changes of ads the public sees, told to every server so their page caches
 * drop the pages that show them (modules/public-pages). Announced once the
 * change has committed (applyAdEvent), by web servers and workers alike.
 */
export interface PublicAdChanges {
  /** Tells this process at once and every other server soon; never throws nor waits. */
  announce(places: readonly AdPlace[]): void;
  /** Calls `listener` with what any server announces; answers what stops it. */
  listen(listener: (places: readonly AdPlace[]) => void): () => void;
}

const placesSchema = z
  .array(
    z.object({
      adId: z.number().int().positive(),
      siteId: z.string().min(1).max(100),
      citySlug: z.string().min(1).max(100),
    }),
  )
  .max(1_000);

/** The changes carried by a broadcast (in this process, or through Redis). */
export function publicAdChangesOver(broadcast: Broadcast): PublicAdChanges {
  return {
    announce(places) {
      if (places.length > 0) broadcast.publish(JSON.stringify(places));
    },
    listen(listener) {
      return broadcast.subscribe((message) => {
        let value: unknown;
        try {
          value = JSON.parse(message);
        } catch {
          return;
        }
        const parsed = placesSchema.safeParse(value);
        if (parsed.success) listener(parsed.data);
      });
    },
  };
}

/**
 * The places whose pages a change of the ad from `before` to `after` alters:
 * none unless the public could see it before or can after (a draft's edit
 * alters no page); both cities when an edit moved it.
 */
export function changedPlaces(before: AdRow, after: AdRow): AdPlace[] {
  const seen = (ad: AdRow) => publicStatuses.includes(ad.status);
  if (!seen(before) && !seen(after)) return [];
  const places = [before, after].map((ad) => ({
    adId: ad.id,
    siteId: ad.siteId,
    citySlug: ad.citySlug,
  }));
  const [first, second] = places as [AdPlace, AdPlace];
  return first.siteId === second.siteId && first.citySlug === second.citySlug ? [first] : places;
}
