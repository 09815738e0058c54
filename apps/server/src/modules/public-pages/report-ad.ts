import { createHash } from 'node:crypto';
import {
  fallbackLanguage,
  publicPageText,
  reportReasons,
  type ReportReasonCode,
} from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../domain/errors.js';
import { insertAdReport } from './ad-report-repository.js';
import { isoDay } from './html.js';
import { isPublicAdOnHost } from './public-ad-repository.js';

export interface AdReport {
  reason: ReportReasonCode;
  details: string;
}

/** Where the report was sent from: the city host's site and city, and the client address. */
export interface ReportOrigin {
  siteId: string;
  citySlug: string;
  ip: string;
}

/**
 * Enough to see that one address sends a flood of reports on a day, not who sent
 * them: the address never reaches the database, and the hash changes every day.
 */
export function reporterHash(ip: string, now: Date = new Date()): string {
  return createHash('sha256')
    .update(`report:${isoDay(now)}:${ip}`, 'utf8')
    .digest('hex');
}

function priorityOf(reason: ReportReasonCode): number {
  return reportReasons.find((r) => r.code === reason)?.priority ?? 2;
}

/**
 * Files a visitor's report of a public ad for the moderators' queue; 404 for any
 * other ad. One insert, so it needs no transaction (the form has no route chain).
 */
export async function reportAd(
  db: Db,
  adId: number,
  report: AdReport,
  origin: ReportOrigin,
): Promise<void> {
  if (!(await isPublicAdOnHost(db, adId, origin))) {
    throw new NotFoundError(publicPageText(fallbackLanguage).notFoundText);
  }
  await insertAdReport(db, {
    adId,
    reason: report.reason,
    details: report.details,
    priority: priorityOf(report.reason),
    reporterHash: reporterHash(origin.ip),
  });
}
