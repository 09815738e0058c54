import {
  adToolMessages,
  pricingTier,
  utcDateOf,
  type PlannedVisit,
  type Said,
  type VisitsBody,
} from '@adboard/shared';
import type { Db, Tx } from '../../db/database.js';
import { ConflictError, ValidationError } from '../../domain/errors.js';
import { applyAdEvent, type AdEventDeps, type AdRow } from '../ad-lifecycle/apply-ad-event.js';
import { decide } from '../ad-lifecycle/transitions.js';
import { listPlannedVisits, type NewVisit } from '../ad-lifecycle/visit-queries.js';
import type { AdContext } from '../ads/ad-deps.js';
import { loadManagedAdFacts } from '../ads/load-managed-ad.js';
import { findCityRow } from '../locations/location-queries.js';
import type { SiteConfig } from '../sites/site-registry.js';

const m = adToolMessages.visits;

/**
 * Why each visit cannot be, by its field (`visits.0.city`), from what the database
 * knows: the city is on the site, not the ad's own, of its price or lower; the visit
 * starts today or later (or is one under way, sent back as it is stored: the whole list
 * goes each time) and ends within the ad's paid time.
 */
async function visitProblems(
  db: Db,
  ad: AdRow,
  site: SiteConfig,
  visits: VisitsBody['visits'],
  now: Date,
): Promise<Record<string, Said>> {
  const problems: Record<string, Said> = {};
  const today = utcDateOf(now);
  const home = await findCityRow(db, ad.countryCode, ad.citySlug);
  const tierOf = (cityTier: number | undefined) =>
    pricingTier({ cityTier, siteUsesTier2: site.usesTier2 });
  const paidUntil = ad.expiresAt ? utcDateOf(ad.expiresAt) : today;
  const underWay = new Set(
    (await listPlannedVisits(db, ad.id, today))
      .filter((visit) => visit.from < today)
      .map((visit) => `${visit.city}|${visit.from}`),
  );
  for (const [i, visit] of visits.entries()) {
    const city = await findCityRow(db, ad.countryCode, visit.city);
    if (!city) problems[`visits.${i}.city`] = m.unknownCity;
    else if (visit.city === ad.citySlug) problems[`visits.${i}.city`] = m.ownCity;
    else if (tierOf(city.tier) > tierOf(home?.tier)) problems[`visits.${i}.city`] = m.higherTier;
    if (visit.from < today && !underWay.has(`${visit.city}|${visit.from}`))
      problems[`visits.${i}.from`] = m.past;
    else if (visit.to > paidUntil) problems[`visits.${i}.to`] = m.pastPaidTime;
  }
  return problems;
}

/** The ad's visits not over yet, as the owner reads them. */
export async function readVisits(
  db: Db,
  ctx: AdContext,
  id: string,
  now: Date = new Date(),
): Promise<PlannedVisit[]> {
  const { ad } = await loadManagedAdFacts(db, ctx, id);
  return listPlannedVisits(db, ad.id, utcDateOf(now));
}

/**
 * A live VIP ad's visits to other cities become the list given (issue 29): the lifecycle
 * table's 'plan_visits' decides whether the ad may visit at all (409), then each visit is
 * checked (400 with its field), then the list replaces the ad's. Not content: no review.
 */
export async function planVisits(
  tx: Tx,
  deps: AdEventDeps,
  ctx: AdContext,
  id: string,
  body: VisitsBody,
  now: Date = new Date(),
): Promise<PlannedVisit[]> {
  const { ad, facts } = await loadManagedAdFacts(tx.db, ctx, id, { forUpdate: true });
  // The table's refusal first (not a live paid ad, paused, banned), before the list's.
  const decision = decide(facts, { type: 'plan_visits' });
  if (!decision.ok) throw new ConflictError(decision.message);
  const problems = await visitProblems(tx.db, ad, ctx.site, body.visits, now);
  const first = Object.values(problems)[0];
  if (first) throw new ValidationError(first, problems);
  const visits: NewVisit[] = body.visits.map((visit) => ({
    countryCode: ad.countryCode,
    citySlug: visit.city,
    startsOn: visit.from,
    endsOn: visit.to,
  }));
  await applyAdEvent(tx, deps, ad.id, { type: 'plan_visits' }, { visits });
  return listPlannedVisits(tx.db, ad.id, utcDateOf(now));
}
