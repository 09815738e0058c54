import type { CatalogueArea } from '../../catalogue.js';
import { sayingsOf } from '../../said.js';
import { adToolMessages } from '../ad-tools/index.js';
import en from './en.js';
import es from './es.js';
import frCA from './fr-CA.js';

/** The ad's lifecycle: refusals by event, renewal, the expiry mails. */
export const lifecycleCatalogue: CatalogueArea<typeof en> = { en, 'fr-CA': frCA, es };

const lifecycle = sayingsOf('lifecycle', en);

/**
 * The lifecycle's texts as named ones (`Said`). A refusal per event of the lifecycle
 * table; the advertiser's tools' events are refused in their own area's words.
 */
export const lifecycleMessages = {
  ...lifecycle,
  refused: {
    ...lifecycle.refused,
    pause: adToolMessages.refused.pause,
    resume: adToolMessages.refused.resume,
    start: adToolMessages.refused.start,
    make_available: adToolMessages.available.notPublic,
    end_available: adToolMessages.available.notAvailable,
    availability_ends: adToolMessages.available.notAvailable,
    plan_visits: adToolMessages.visits.notPaid,
  },
} as const;
