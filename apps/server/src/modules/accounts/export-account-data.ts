import {
  type Language,
  accountDataFormat,
  formatBtc,
  type AccountDataExport,
  type PaymentReceipt,
} from '@adboard/shared';
import type { Db } from '../../db/database.js';
import { listPaidOrderIds, readReceipt } from '../payments/payment-queries.js';
import { signedPhotoUrl, type PhotoLinks } from '../photos/photo-queries.js';
import {
  listAdsOwnedBy,
  listAllSessionsOfUser,
  listOrdersOfAds,
  listPhotosOfAds,
  listRefundsOfAds,
} from './account-data-repository.js';
import { deviceLabel } from './device-label.js';
import { listSecurityEvents } from './security-event-repository.js';
import type { UserRow } from './user-repository.js';

/** What every section of the download reads from. */
interface ExportContext {
  db: Db;
  user: UserRow;
  /** The account's own ads: every other section is read through them. */
  adIds: readonly number[];
  photoLinks: PhotoLinks;
  /** Where the photo links point (the site the request came to). */
  appOrigin: string;
  /** The request's language: the device names are said in it. */
  language: Language;
}

type SectionName = Exclude<keyof AccountDataExport, 'format' | 'exportedAt'>;

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

/**
 * The sections of the file, one reader each, read only through the account's id and
 * its own ads. A new section is one entry in the shared schema and one reader here;
 * TypeScript asks for both.
 */
const sections: { [K in SectionName]: (ctx: ExportContext) => Promise<AccountDataExport[K]> } = {
  account: async ({ user }) => ({
    id: user.id,
    email: user.email,
    role: user.role,
    siteId: user.siteId,
    createdAt: user.createdAt.toISOString(),
    emailVerifiedAt: iso(user.emailVerifiedAt),
  }),

  ads: async ({ db, user, adIds, photoLinks, appOrigin }) => {
    const [rows, photoRows] = await Promise.all([
      listAdsOwnedBy(db, user.id),
      listPhotosOfAds(db, adIds),
    ]);
    return rows.map((ad) => ({
      id: String(ad.id),
      siteId: ad.siteId,
      type: ad.type,
      status: ad.status,
      title: ad.title,
      description: ad.descriptionText,
      name: ad.name,
      age: ad.age,
      email: ad.email,
      phone: ad.phone,
      ethnicity: ad.ethnicity,
      business: ad.business,
      incalls: ad.incalls,
      outcalls: ad.outcalls,
      backlink: ad.backlink,
      country: ad.countryCode,
      city: ad.citySlug,
      publicContacts: [...ad.publicContacts],
      rates: ad.rates,
      hours: ad.hours,
      product: ad.product,
      paid: ad.paid,
      createdAt: ad.createdAt.toISOString(),
      postedAt: iso(ad.postedAt),
      expiresAt: iso(ad.expiresAt),
      deletedAt: iso(ad.deletedAt),
      photos: photoRows
        .filter((photo) => photo.adId === ad.id)
        .map((photo) => ({
          id: photo.id,
          primary: photo.isPrimary,
          verification: photo.isVerification,
          // The owner's signed link (photo-links.ts): it opens while the ad is not deleted.
          url: ad.deletedAt ? null : `${appOrigin}${signedPhotoUrl(photoLinks, 'owner', photo)}`,
          createdAt: photo.createdAt.toISOString(),
        })),
    }));
  },

  orders: async ({ db, adIds }) =>
    (await listOrdersOfAds(db, adIds)).map((order) => ({
      id: order.id,
      adId: String(order.adId),
      product: order.product,
      optionId: order.optionId,
      days: order.days,
      currency: order.currency,
      amountFiat: order.amountFiat,
      amountCrypto: formatBtc(order.amountSats),
      address: order.address,
      status: order.status,
      receivedCrypto: formatBtc(order.receivedSats),
      confirmedCrypto: formatBtc(order.confirmedSats),
      createdAt: order.createdAt.toISOString(),
      completedAt: iso(order.completedAt),
    })),

  receipts: async ({ db, adIds }) => {
    const receipts: PaymentReceipt[] = [];
    for (const adId of adIds) {
      for (const orderId of await listPaidOrderIds(db, adId)) {
        const found = await readReceipt(db, orderId);
        if (found) receipts.push(found.receipt);
      }
    }
    return receipts;
  },

  refunds: async ({ db, adIds }) =>
    (await listRefundsOfAds(db, adIds)).map((refund) => ({
      id: refund.id,
      orderId: refund.orderId,
      adId: String(refund.adId),
      amountCrypto: formatBtc(refund.amountSats),
      state: refund.state,
      reason: refund.reason,
      refundAddress: refund.refundAddress,
      sentTxid: refund.sentTxid,
      createdAt: refund.createdAt.toISOString(),
      sentAt: iso(refund.sentAt),
    })),

  sessions: async ({ db, user, language }) =>
    (await listAllSessionsOfUser(db, user.id)).map((session) => ({
      id: session.id,
      device: deviceLabel(session.userAgent, language),
      userAgent: session.userAgent,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      endedAt: iso(session.revokedAt),
    })),

  securityEvents: async ({ db, user }) =>
    (await listSecurityEvents(db, user.id)).map((event) => ({
      kind: event.kind,
      detail: event.detail,
      at: event.createdAt.toISOString(),
    })),
};

/**
 * "Download my data" (issue 27, GDPR art. 15 and 20): everything the site keeps about
 * the account, as the shared `accountDataExportSchema` describes it. `user` is the row
 * read after the password (and a code, with a second factor) was asked for again.
 */
export async function exportAccountData(
  db: Db,
  deps: { photoLinks: PhotoLinks },
  user: UserRow,
  appOrigin: string,
  language: Language,
  now: Date = new Date(),
): Promise<AccountDataExport> {
  const adIds = (await listAdsOwnedBy(db, user.id)).map((ad) => ad.id);
  const ctx: ExportContext = { db, user, adIds, photoLinks: deps.photoLinks, appOrigin, language };
  const names = Object.keys(sections) as SectionName[];
  const read = await Promise.all(names.map(async (name) => [name, await sections[name](ctx)]));
  return {
    format: accountDataFormat,
    exportedAt: now.toISOString(),
    ...(Object.fromEntries(read) as { [K in SectionName]: AccountDataExport[K] }),
  };
}
