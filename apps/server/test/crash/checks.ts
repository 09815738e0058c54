import path from 'node:path';
import type pg from 'pg';
import { createDiskPhotoStorage } from '../../src/adapters/storage/disk-photo-storage.js';
import type { Db } from '../../src/db/database.js';
import { PHOTO_WIDTHS } from '../../src/modules/photos/photo-presenter.js';
import { SWEEP_GRACE_MS, sweepPhotoFiles } from '../../src/modules/photos/sweep-photo-files.js';
import type { ReceivedMail } from '../support/mail-receiver.js';
import type { CrashDriver } from './driver.js';

/**
 * The invariants the crash suite checks at the end, against the database, the
 * photo folder and what the SMTP receiver took. Each check adds a sentence to
 * `failures` naming what broke, so one run reports every broken invariant.
 */

/** One life of the server: started, ready, and SIGKILLed (null: the last, stopped cleanly). */
export interface Epoch {
  readyAt: number;
  killedAt: number | null;
  inFlight: string[];
}

export interface CheckResult {
  failures: string[];
  stats: Record<string, number>;
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** Every answered ad, photo and order is stored, once; no payment is credited twice. */
export async function checkWrites(pool: pg.Pool, driver: CrashDriver): Promise<CheckResult> {
  const failures: string[] = [];
  const ads = (
    await pool.query<{ id: string; title: string; paid: boolean; paid_days: number }>(
      'SELECT id::text, title, paid, paid_days FROM ads',
    )
  ).rows;
  const adsByTitle = new Map<string, typeof ads>();
  for (const row of ads) adsByTitle.set(row.title, [...(adsByTitle.get(row.title) ?? []), row]);
  const adById = new Map(ads.map((row) => [row.id, row]));
  if (ads.length !== driver.ads.length) {
    failures.push(`${driver.ads.length} ads were created but ${ads.length} rows exist`);
  }
  for (const op of driver.ads) {
    const rows = adsByTitle.get(String(op.body.title)) ?? [];
    if (rows.length !== 1) failures.push(`ad ${op.marker}: ${rows.length} rows, expected 1`);
    if (op.answered && rows[0]?.id !== op.answered.postId) {
      failures.push(`ad ${op.marker}: answered as ${op.answered.postId}, stored as ${rows[0]?.id}`);
    }
  }

  const photoRows = (
    await pool.query<{ id: string; ad_id: string }>('SELECT id::text, ad_id::text FROM photos')
  ).rows;
  const photoAd = new Map(photoRows.map((row) => [row.id, row.ad_id]));
  const photosPerAd = new Map<string, number>();
  for (const row of photoRows) photosPerAd.set(row.ad_id, (photosPerAd.get(row.ad_id) ?? 0) + 1);
  for (const upload of driver.uploads) {
    const adId = upload.ad.answered?.postId;
    for (const id of upload.answeredIds ?? []) {
      if (photoAd.get(id) !== adId)
        failures.push(`photo ${id} of ad ${adId} was answered, is gone`);
    }
  }
  for (const op of driver.ads) {
    const adId = op.answered?.postId ?? '';
    const stored = photosPerAd.get(adId) ?? 0;
    if (stored !== op.photosSent) {
      failures.push(`ad ${adId}: ${op.photosSent} photos uploaded, ${stored} rows`);
    }
  }

  const money = await checkMoney(pool, driver, adById);
  failures.push(...money.failures);

  const users = new Set(
    (await pool.query<{ email: string }>('SELECT email FROM users')).rows.map((r) => r.email),
  );
  for (const registration of driver.registrations) {
    if (registration.answered > 0 && !users.has(registration.email)) {
      failures.push(`registration of ${registration.email} was answered, no account exists`);
    }
  }
  return {
    failures,
    stats: { ads: ads.length, photos: photoRows.length, ...money.stats },
  };
}

async function checkMoney(
  pool: pg.Pool,
  driver: CrashDriver,
  adById: Map<string, { id: string; paid: boolean; paid_days: number }>,
): Promise<CheckResult> {
  const failures: string[] = [];
  const orders = (
    await pool.query<{
      id: string;
      ad_id: string;
      address: string;
      amount_sats: string;
      status: string;
      received_sats: string;
      confirmed_sats: string;
      applied_sats: string;
      days: number;
    }>(
      `SELECT id, ad_id::text, address, amount_sats::text, status, received_sats::text,
              confirmed_sats::text, applied_sats::text, days FROM payment_orders`,
    )
  ).rows;
  const outputs = (
    await pool.query<{ order_id: string; txid: string; vout: number; sats: string }>(
      `SELECT order_id, txid, vout, sats::text FROM payment_outputs
        WHERE confirmed AND gone_at IS NULL`,
    )
  ).rows;
  const refunds = (
    await pool.query<{ order_id: string; amount_sats: string; reason: string }>(
      `SELECT order_id, amount_sats::text, reason FROM refunds WHERE state <> 'cancelled'`,
    )
  ).rows;
  const completions = (
    await pool.query<{ order_id: string; n: string }>(
      `SELECT order_id, count(*)::text AS n FROM payment_order_history
        WHERE to_status = 'complete' AND from_status IS DISTINCT FROM 'complete'
        GROUP BY order_id`,
    )
  ).rows;
  const events = (
    await pool.query<{ order_id: string; n: string }>(
      `SELECT data->>'orderId' AS order_id, count(*)::text AS n FROM analytics_events
        WHERE name = 'payment_complete' GROUP BY 1`,
    )
  ).rows;
  const countOf = (rows: { order_id: string; n: string }[], id: string) =>
    Number(rows.find((r) => r.order_id === id)?.n ?? 0);

  if (orders.length !== driver.orders.length) {
    failures.push(
      `${driver.orders.length} addresses were asked for, ${orders.length} orders exist`,
    );
  }
  let complete = 0;
  let refunded = 0;
  for (const op of driver.orders) {
    const answered = op.answered;
    if (!answered) continue;
    const order = orders.find((o) => o.address === answered.address);
    const label = `order ${answered.address}`;
    if (!order) {
      failures.push(`${label}: answered, not stored`);
      continue;
    }
    if (order.ad_id !== op.ad.answered?.postId) failures.push(`${label}: of ad ${order.ad_id}`);
    if (BigInt(order.amount_sats) !== answered.sats) {
      failures.push(`${label}: asks ${order.amount_sats} sats, answered ${answered.sats}`);
    }
    // Every payment is mined by now: the chain's truth.
    const paidOutputs = op.payments.flatMap((p) => p.sats);
    const paid = sum(paidOutputs);
    const mine = outputs.filter((o) => o.order_id === order.id);
    const credited = BigInt(order.confirmed_sats);
    if (credited !== paid || BigInt(order.received_sats) !== paid) {
      failures.push(
        `${label}: chain paid ${paid}, credited ${credited} (received ${order.received_sats})`,
      );
    }
    if (mine.length !== paidOutputs.length || sum(mine.map((o) => BigInt(o.sats))) !== credited) {
      failures.push(
        `${label}: ${paidOutputs.length} outputs paid, ${mine.length} stored summing ${sum(mine.map((o) => BigInt(o.sats)))}, credited ${credited}`,
      );
    }
    const shouldComplete = paid >= answered.sats;
    if ((order.status === 'complete') !== shouldComplete) {
      failures.push(`${label}: ${order.status} after ${paid} of ${answered.sats} sats`);
    }
    if (op.statusAnswers.includes('complete') && order.status !== 'complete') {
      failures.push(`${label}: answered complete, stored ${order.status}`);
    }
    const orderRefunds = refunds.filter((r) => r.order_id === order.id);
    const refundedSats = sum(orderRefunds.map((r) => BigInt(r.amount_sats)));
    const extra = op.extraPaid ? 1500n : 0n;
    const completed = countOf(completions, order.id);
    const ad = adById.get(order.ad_id);
    if (order.status === 'complete') {
      complete += 1;
      if (BigInt(order.applied_sats) !== answered.sats || refundedSats !== extra) {
        failures.push(
          `${label}: applied ${order.applied_sats} and refunded ${refundedSats} of ${credited} (asked ${answered.sats}, extra ${extra})`,
        );
      }
      if (completed !== 1) failures.push(`${label}: completed ${completed} times`);
      if (countOf(events, order.id) !== 1) {
        failures.push(`${label}: ${countOf(events, order.id)} payment_complete events`);
      }
      if (!ad?.paid || ad.paid_days !== order.days) {
        failures.push(`${label}: ad holds ${ad?.paid_days} paid days, bought ${order.days}`);
      }
    } else {
      if (BigInt(order.applied_sats) !== 0n || completed !== 0 || (ad?.paid_days ?? 0) !== 0) {
        failures.push(`${label}: not complete but credited (${order.applied_sats} applied)`);
      }
    }
    if (refundedSats > 0n) refunded += 1;
  }
  return { failures, stats: { orders: orders.length, complete, refunded } };
}

/**
 * Photo files against rows: strays (files without a row, temporary files) are
 * removed by the sweep, exactly those; then each row has its two files and
 * every file is a row's. Runs the sweep as its hourly job would, an hour on.
 */
export async function checkPhotoFiles(
  db: Db,
  pool: pg.Pool,
  dataDir: string,
): Promise<CheckResult> {
  const failures: string[] = [];
  const storage = createDiskPhotoStorage(path.join(dataDir, 'photos'));
  const listKeys = async () => {
    const keys: string[] = [];
    for await (const file of storage.list()) keys.push(file.key);
    return keys.sort();
  };
  const rows = (
    await pool.query<{ id: string; ad_id: string }>('SELECT id::text, ad_id::text FROM photos')
  ).rows;
  const expected = new Set(
    rows.flatMap((row) => PHOTO_WIDTHS.map((width) => `${row.ad_id}/${row.id}-${width}.webp`)),
  );
  const before = await listKeys();
  const strays = before.filter((key) => !expected.has(key));
  const removed = await sweepPhotoFiles(
    db,
    storage,
    new Date(Date.now() + SWEEP_GRACE_MS + 60_000),
  );
  if (removed !== strays.length) {
    failures.push(`the sweep removed ${removed} files, ${strays.length} had no row`);
  }
  const after = new Set(await listKeys());
  for (const key of expected) if (!after.has(key)) failures.push(`photo file ${key} is missing`);
  for (const key of after) if (!expected.has(key)) failures.push(`file ${key} has no photo row`);
  return { failures, stats: { photoFiles: after.size, strayFilesSwept: removed } };
}

/**
 * Mail: every outbox row is sent; each was handed over once, or again only
 * when a kill cut its hand-over (same Message-ID, same content, a claim per
 * copy); nothing arrives that no row asked for; the last server, never killed,
 * sends nothing twice and sends what the last kill cut within a minute.
 */
export async function checkMail(
  pool: pg.Pool,
  driver: CrashDriver,
  accepted: ReceivedMail[],
  dataEndOf: (mail: ReceivedMail) => number,
  epochs: Epoch[],
): Promise<CheckResult> {
  const failures: string[] = [];
  const rows = (
    await pool.query<{
      id: string;
      recipient: string;
      subject: string;
      status: string;
      attempts: number;
    }>('SELECT id, recipient, subject, status, attempts FROM outbox_messages')
  ).rows;
  const copiesOf = new Map<string, ReceivedMail[]>();
  for (const mail of accepted) {
    const id = /^<([0-9a-f-]{36})@/.exec(mail.messageId ?? '')?.[1];
    if (!id) {
      failures.push(`a mail to ${mail.to.join(', ')} without an outbox Message-ID`);
      continue;
    }
    copiesOf.set(id, [...(copiesOf.get(id) ?? []), mail]);
  }
  const rowIds = new Set(rows.map((row) => row.id));
  for (const id of copiesOf.keys()) {
    if (!rowIds.has(id)) failures.push(`mail ${id} arrived, no outbox row has that id`);
  }
  const kills = epochs.flatMap((e) => (e.killedAt === null ? [] : [e.killedAt]));
  const last = epochs[epochs.length - 1];
  const finalReadyAt = last?.readyAt ?? 0;
  let twice = 0;
  for (const row of rows) {
    if (row.status !== 'sent') {
      failures.push(`outbox ${row.id} to ${row.recipient} is ${row.status}`);
      continue;
    }
    const copies = (copiesOf.get(row.id) ?? []).sort((a, b) => dataEndOf(a) - dataEndOf(b));
    const first = copies[0];
    if (!first) {
      failures.push(`outbox ${row.id} is marked sent, the receiver never got it`);
      continue;
    }
    if (copies.length > row.attempts) {
      failures.push(`outbox ${row.id}: ${copies.length} copies from ${row.attempts} claims`);
    }
    if (copies.length > 1) twice += 1;
    for (let i = 1; i < copies.length; i += 1) {
      const previous = copies[i - 1];
      const copy = copies[i];
      if (!previous || !copy) continue;
      if (subjectOf(copy.raw) !== subjectOf(first.raw) || bodyOf(copy.raw) !== bodyOf(first.raw)) {
        failures.push(`outbox ${row.id}: copy ${i + 1} differs from the first`);
      }
      // A copy only comes after a kill that cut the previous hand-over.
      const cut = kills.find((k) => k >= dataEndOf(previous) - 1000 && k <= dataEndOf(copy));
      if (cut === undefined) {
        failures.push(`outbox ${row.id} handed over again with no kill in between`);
      }
      if (dataEndOf(copy) >= finalReadyAt && copy.at - finalReadyAt > 60_000) {
        failures.push(
          `outbox ${row.id} went again ${Math.round((copy.at - finalReadyAt) / 1000)} s after the last restart`,
        );
      }
    }
    // The last server was never killed: what it handed over first, it hands over once.
    if (dataEndOf(first) > finalReadyAt + 1000 && copies.length > 1) {
      failures.push(`outbox ${row.id}: first sent by the last server, yet ${copies.length} times`);
    }
  }

  const perRecipient = new Map<string, number>();
  for (const row of rows) {
    perRecipient.set(row.recipient, (perRecipient.get(row.recipient) ?? 0) + 1);
  }
  for (const registration of driver.registrations) {
    const mails = perRecipient.get(registration.email) ?? 0;
    if (registration.answered > 0 && mails === 0) {
      failures.push(`registration of ${registration.email} answered, no mail queued`);
    }
    if (mails > registration.calls) {
      failures.push(
        `${registration.email}: ${mails} registration mails for ${registration.calls} requests`,
      );
    }
  }
  for (const op of driver.ads) {
    const id = op.answered?.postId;
    const created = rows.filter((row) => row.subject.includes(`Your ad #${id}:`)).length;
    if (created !== 1) failures.push(`ad ${id}: ${created} creation mails, expected 1`);
  }
  return {
    failures,
    stats: { mails: rows.length, received: accepted.length, mailsTwice: twice },
  };
}

function headerPart(raw: string): string {
  return (raw.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
}

function subjectOf(raw: string): string {
  const line = headerPart(raw)
    .split(/\r?\n/)
    .find((l) => /^subject:/i.test(l));
  return line ?? '';
}

/** The message after its headers, without the MIME boundary lines (random per hand-over). */
function bodyOf(raw: string): string {
  const start = /\r?\n\r?\n/.exec(raw);
  const body = start ? raw.slice(start.index) : '';
  return body
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('--'))
    .join('\n');
}
