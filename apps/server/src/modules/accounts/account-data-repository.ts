import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ads, paymentOrders, photos, refunds, sessions } from '../../db/schema.js';

/**
 * The rows of the data download (issue 27), each read by the account's id or its ads'
 * ids only, and only the columns the file shows: no password hash, no token or code
 * hash, no other account's row.
 */

export async function listAdsOwnedBy(db: Db, userId: string) {
  return db
    .select({
      id: ads.id,
      siteId: ads.siteId,
      type: ads.type,
      status: ads.status,
      title: ads.title,
      descriptionText: ads.descriptionText,
      name: ads.name,
      age: ads.age,
      email: ads.email,
      phone: ads.phone,
      ethnicity: ads.ethnicity,
      business: ads.business,
      incalls: ads.incalls,
      outcalls: ads.outcalls,
      backlink: ads.backlink,
      countryCode: ads.countryCode,
      citySlug: ads.citySlug,
      publicContacts: ads.publicContacts,
      rates: ads.rates,
      hours: ads.hours,
      product: ads.product,
      paid: ads.paid,
      createdAt: ads.createdAt,
      postedAt: ads.postedAt,
      expiresAt: ads.expiresAt,
      deletedAt: ads.deletedAt,
    })
    .from(ads)
    .where(eq(ads.ownerId, userId))
    .orderBy(asc(ads.id));
}

export async function listPhotosOfAds(db: Db, adIds: readonly number[]) {
  if (adIds.length === 0) return [];
  return db
    .select({
      id: photos.id,
      adId: photos.adId,
      isPrimary: photos.isPrimary,
      isVerification: photos.isVerification,
      createdAt: photos.createdAt,
    })
    .from(photos)
    .where(inArray(photos.adId, [...adIds]))
    .orderBy(asc(photos.adId), asc(photos.position));
}

export async function listOrdersOfAds(db: Db, adIds: readonly number[]) {
  if (adIds.length === 0) return [];
  return db
    .select({
      id: paymentOrders.id,
      adId: paymentOrders.adId,
      product: paymentOrders.product,
      optionId: paymentOrders.optionId,
      days: paymentOrders.days,
      currency: paymentOrders.currency,
      amountFiat: paymentOrders.amountFiat,
      amountSats: paymentOrders.amountSats,
      address: paymentOrders.address,
      status: paymentOrders.status,
      receivedSats: paymentOrders.receivedSats,
      confirmedSats: paymentOrders.confirmedSats,
      createdAt: paymentOrders.createdAt,
      completedAt: paymentOrders.completedAt,
    })
    .from(paymentOrders)
    .where(inArray(paymentOrders.adId, [...adIds]))
    .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id));
}

export async function listRefundsOfAds(db: Db, adIds: readonly number[]) {
  if (adIds.length === 0) return [];
  return db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      adId: refunds.adId,
      amountSats: refunds.amountSats,
      state: refunds.state,
      reason: refunds.reason,
      refundAddress: refunds.refundAddress,
      sentTxid: refunds.sentTxid,
      createdAt: refunds.createdAt,
      sentAt: refunds.sentAt,
    })
    .from(refunds)
    .where(inArray(refunds.adId, [...adIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** Every session the account had, ended ones too (never their token hash). */
export async function listAllSessionsOfUser(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt), asc(sessions.id));
}
