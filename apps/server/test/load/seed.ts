import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * The data of the load suite, on the running server's database: advertisers
 * signed in by SQL (as bench/lib/advertiser.mjs does), their ads created through
 * the API, some of them made public as an approval leaves them
 * (test/support/moderation.ts makeAdPublic), and one VIP ad each with an issued
 * payment address.
 */

/** Never used to sign in: a well-formed argon2id string that matches no password. */
const PLACEHOLDER_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVkc2FsdA$YmVuY2hwbGFjZWhvbGRlcmhhc2hub3RyZWFs';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface SeededAdvertiser {
  session: string;
  /** Every ad of the account (what My Posts lists). */
  adIds: string[];
  /** The public ones, all in `city`. */
  publicAdIds: string[];
  city: string;
  /** The VIP ad awaiting payment and the address issued for it. */
  order: { adId: string; address: string };
}

export interface Seeded {
  advertisers: SeededAdvertiser[];
}

export const CITIES = ['las-vegas', 'orlando'] as const;

/** The ad form as the browser sends it (values are strings). */
export function adBody(n: number, city: string, type: string): string {
  return JSON.stringify({
    name: 'Bella',
    title: `Load suite ad ${n}: new in town, upscale and discreet`,
    description:
      '<p>Sweet, classy and discreet companion visiting for a few days only. ' +
      'Real photos guaranteed, <strong>no blocked numbers</strong>.</p>',
    age: '27',
    phone: '702-208-4567',
    ethnicity: 'latino_hispanic',
    business: 'independent',
    incalls: 'upscale',
    outcalls: '',
    country: 'US',
    city,
    type,
  });
}

async function api(base: string, session: string, method: string, url: string, body?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { session, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

async function createAd(base: string, session: string, n: number, city: string, type: string) {
  const created = (await api(base, session, 'POST', '/api/posts', adBody(n, city, type))) as {
    post_id: string;
  };
  return created.post_id;
}

/**
 * `advertisers` accounts on the local site, each with `freeAds` free_verified ads
 * (`publicAds` of them public, in its city) and a VIP ad with an issued address.
 */
export async function seedLoadData(
  base: string,
  databaseUrl: string,
  options: { advertisers: number; freeAds: number; publicAds: number },
): Promise<Seeded> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const advertisers: SeededAdvertiser[] = [];
    let n = 0;
    for (let i = 0; i < options.advertisers; i += 1) {
      const email = `load-${i}-${randomBytes(4).toString('hex')}@example.com`;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized, password_hash, role, site_id,
                            email_verified_at, created_at, updated_at)
         VALUES ($1, $1, $2, 'advertiser', 'local', now(), now(), now()) RETURNING id`,
        [email, PLACEHOLDER_HASH],
      );
      const session = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO sessions (user_id, token_hash, expires_at)
         VALUES ($1, $2, now() + interval '1 day')`,
        [rows[0]?.id, sha256(session)],
      );
      const city = CITIES[i % CITIES.length] ?? 'las-vegas';
      const adIds: string[] = [];
      for (let k = 0; k < options.freeAds; k += 1) {
        adIds.push(await createAd(base, session, (n += 1), city, 'free_verified'));
      }
      const publicAdIds = adIds.slice(0, options.publicAds);
      await db.query(
        `UPDATE ads SET status = 'active', approved = true, posted_at = now(),
                        reviewed_at = now(), expires_at = now() + interval '30 days'
          WHERE id = ANY($1::bigint[])`,
        [publicAdIds],
      );
      const vip = await createAd(base, session, (n += 1), city, 'paid');
      adIds.push(vip);
      const issued = (await api(
        base,
        session,
        'GET',
        `/payment/address/BTC/${vip}/paid/DAYS_30`,
      )) as { address: string };
      advertisers.push({
        session,
        adIds,
        publicAdIds,
        city,
        order: { adId: vip, address: issued.address },
      });
    }
    return { advertisers };
  } finally {
    await db.end();
  }
}
