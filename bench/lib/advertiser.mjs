// An advertiser of a benchmark: signed in by SQL, and the API calls it makes.
import { createHash, randomBytes } from 'node:crypto';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * A verified advertiser of `siteId` and a session for it, straight into the database
 * (as ads-load); `label` names the bench in its email. Answers its email, id and token.
 */
export async function createAdvertiser(db, { siteId = 'network', label = 'photos' } = {}) {
  const email = `bench-${label}-${randomBytes(4).toString('hex')}@bench.example.com`;
  const { rows } = await db.query(
    `INSERT INTO users (email, email_normalized, password_hash, role, site_id,
                        email_verified_at, created_at, updated_at)
     VALUES ($1, $1, $2, 'advertiser', $3, now(), now(), now()) RETURNING id`,
    // Never used to log in: a well-formed argon2id string that matches no password.
    [
      email,
      '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVkc2FsdA$YmVuY2hwbGFjZWhvbGRlcmhhc2hub3RyZWFs',
      siteId,
    ],
  );
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + interval '1 day')`,
    [rows[0].id, sha256(token)],
  );
  return { email, userId: String(rows[0].id), token };
}

/** A verified advertiser of the network site; answers its session token. */
export async function signIn(db) {
  return (await createAdvertiser(db)).token;
}

export async function call(base, token, method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { session: token, ...headers },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return JSON.parse(text);
}

/** The city the benches' ads are posted in (its public pages are at `las-vegas.<domain>`). */
export const adCity = 'las-vegas';

/**
 * The JSON body of a valid free_verified ad in `adCity`, the one every bench posts. Its
 * title is numbered by `n` unless `title` is given (the Lighthouse bench shows a real-looking one).
 */
export function adBody(n, { title } = {}) {
  return JSON.stringify({
    name: 'Bella',
    title: title ?? `Bench ad ${n}: new in town, upscale and discreet`,
    description:
      '<p>Sweet, classy and discreet companion visiting for a few days only. ' +
      'Real photos guaranteed, <strong>no blocked numbers</strong>.</p>' +
      '<p>Incalls at an upscale downtown hotel or outcalls to your place; dinner dates ' +
      'and overnight on request. Call or text first, please.</p>',
    age: '27',
    phone: '702-208-4567',
    ethnicity: 'latino_hispanic',
    business: 'independent',
    incalls: 'upscale',
    outcalls: '',
    country: 'US',
    city: adCity,
    type: 'free_verified',
  });
}

/** Posts the ad of `adBody(n, options)`; answers its id. */
export async function createAd(base, token, n, options = {}) {
  const body = adBody(n, options);
  const created = await call(base, token, 'POST', '/api/posts', body, {
    'content-type': 'application/json',
  });
  return created.post_id;
}
