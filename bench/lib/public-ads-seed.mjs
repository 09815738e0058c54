// Seeds a fresh database for the public pages benchmark with SQL (generate_series):
// owners, public ads spread over the cities, ads that must stay off the public pages,
// and photo rows. A few seconds for 100,000 ads.
import { seconds } from './run.mjs';

const WORDS = (
  'sweet charming elegant discreet friendly upscale relaxing genuine playful classy ' +
  'available tonight weekend downtown appointment hotel private apartment clean safe ' +
  'professional experienced respectful gentlemen only call text first please no ' +
  'blocked numbers new in town visiting for a few days only real photos guaranteed ' +
  'satisfaction massage companionship dinner date travel overnight rates vary by ' +
  'time location and request always punctual well reviewed by regulars mature ' +
  'laid back fun easy going smile warm conversation the best in the city with ' +
  'my place or yours short notice welcome early morning late night open minded'
).split(' ');
const NAMES = ['Amber', 'Bella', 'Chloe', 'Daisy', 'Elena', 'Fiona', 'Grace', 'Holly', 'Ivy'];
const ETHNICITIES = ['asian', 'african_american', 'caucasian', 'latino_hispanic', 'mixed', null];
const BUSINESS = ['independent', 'agency', 'massage', null];
const INCALLS = ['no', 'private', 'upscale', 'hotel', null];
const OUTCALLS = ['no', 'any', 'hotel', null];
/**
 * `allOptions`: every value of the ad form's lists (packages/shared/src/ad-options.ts)
 * and none, each list drawn on its own (no value of one list tied to another's).
 */
const ALL_ETHNICITIES = [
  'asian',
  'abc_cbc_asian',
  'african_american',
  'caucasian',
  'european',
  'indian',
  'latino_hispanic',
  'middle_eastern',
  'mixed',
  'native',
  'other',
  null,
];
const ALL_BUSINESS = ['independent', 'agency', 'massage', null];
const ALL_INCALLS = ['no', 'private', 'upscale', 'hotel', null];
const ALL_OUTCALLS = ['no', 'any', 'hotel', null];
/** Never used to sign in: a well-formed argon2id string that matches no password. */
const PLACEHOLDER_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVkc2FsdA$YmVuY2hwbGFjZWhvbGRlcmhhc2hub3RyZWFs';

/**
 * The ads after the public ones, by `(g - publicAds) % 10`: each kind is one rule of
 * what may not be public, so a page that forgets a rule shows ads it must not.
 */
const HIDDEN_KINDS = `CASE (s.g - $2::int) % 10
  WHEN 0 THEN 'pending' WHEN 1 THEN 'pending' WHEN 2 THEN 'pending' WHEN 3 THEN 'pending'
  WHEN 4 THEN 'expired' WHEN 5 THEN 'expired'
  WHEN 6 THEN 'lapsed' WHEN 7 THEN 'deleted'
  WHEN 8 THEN 'banned_owner' ELSE 'anonymous' END`;

export const hiddenKinds = ['pending', 'expired', 'lapsed', 'deleted', 'banned_owner', 'anonymous'];

/**
 * `publicAds` public ads (active, approved, expiring in the future, owned by an
 * account that is not banned, posted over the last 29 days) over `owners`
 * accounts; `hiddenAds` more that must not be public; photo rows for 4 in 5 ads.
 * Tier-2 cities get three times the ads of tier-1 ones.
 *
 * Optional, each off by default (the seed is then what it always was):
 * - `bigCity: { slug, share }`: that city holds `share` of all the ads (public and
 *   hidden alike), the other cities share the rest as above;
 * - `rareWord: { word, share }`: a sentence with `word` in that share of the
 *   descriptions (spread evenly over the ads);
 * - `ageMax`: ages from 19 to `ageMax` (else 19 to 45);
 * - `allOptions`: ethnicity, business, incalls and outcalls drawn at random, each
 *   on its own, from every value of the form's lists and none (else a few values,
 *   each tied to the ad's number);
 * - `listedAt: { recentShare }`: `listed_at` set (else left NULL): the publication
 *   time, or for `recentShare` of the public ads a renewal in the last 24 hours;
 * - `available: { share }`: that share of the public ads marked 'Available now'
 *   (issue 29), started within the last hour for 1 to 8 hours.
 */
export async function seedPublicAds(
  db,
  {
    siteId,
    prefix,
    owners,
    publicAds,
    hiddenAds,
    bigCity = null,
    rareWord = null,
    ageMax = 45,
    allOptions = false,
    listedAt = null,
    available = null,
  },
) {
  let t = performance.now();
  const bannedOwners = Math.max(1, Math.round(owners / 40));
  await db.query(
    `INSERT INTO users (email, email_normalized, password_hash, role, site_id,
                        email_verified_at, banned_at, created_at, updated_at)
     SELECT e, e, $2, 'advertiser', $3, c + interval '10 minutes',
            CASE WHEN n >= $4::int THEN now() - interval '2 days' END, c, c
       FROM (SELECT n, $1::text || n || '@bench.example.com' AS e,
                    now() - interval '400 days' + random() * interval '300 days' AS c
               FROM generate_series(0, $4::int + $5::int - 1) AS n) AS s`,
    [prefix, PLACEHOLDER_HASH, siteId, owners, bannedOwners],
  );
  await db.query(
    `CREATE TEMP TABLE bench_users AS
       SELECT id, email, substring(email_normalized FROM '-(\\d+)@')::int AS n
         FROM users WHERE email_normalized LIKE $1::text || '%'`,
    [prefix],
  );
  await db.query('CREATE UNIQUE INDEX ON bench_users (n)');
  console.log(`  ${owners} owners and ${bannedOwners} banned accounts in ${seconds(t)}`);

  // 1,000 distinct texts: titles of 4-12 words, descriptions of two or three
  // paragraphs (60-400 words) with some emphasis, as the editor's sanitised HTML.
  t = performance.now();
  await db.query(
    `CREATE TEMP TABLE bench_texts AS
       SELECT i, left(initcap(t), 80) AS title, p1, p2, p3
         FROM (SELECT i,
                 (SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                    FROM generate_series(1, 4 + i % 9) AS k) AS t,
                 (SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                    FROM generate_series(1, 30 + (i * 37) % 120) AS k) AS p1,
                 (SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                    FROM generate_series(1, 30 + (i * 53) % 120) AS k) AS p2,
                 CASE WHEN i % 3 = 0 THEN
                   (SELECT string_agg(w[1 + floor(random() * cardinality(w))::int], ' ' ORDER BY k)
                      FROM generate_series(1, 20 + (i * 71) % 140) AS k) END AS p3
                 FROM generate_series(0, 999) AS i, (SELECT $1::text[] AS w) AS words) AS x`,
    [WORDS],
  );
  await db.query('CREATE UNIQUE INDEX ON bench_texts (i)');
  if (rareWord) {
    // Texts are picked by (g * 7919) % 1000, which visits every text once per 1,000
    // ads: `share` of the texts is `share` of the ads, evenly spread.
    const every = Math.max(1, Math.round(1 / rareWord.share));
    await db.query(
      `UPDATE bench_texts SET p1 = p1 || ' ask about the ' || $1::text || ' show'
        WHERE i % $2::int = 0`,
      [rareWord.word, every],
    );
  }
  // One row per share of the ads: three for a tier-2 city, one for a tier-1 city.
  await db.query(
    `CREATE TEMP TABLE bench_city_slots AS
       SELECT (row_number() OVER (ORDER BY c.id, r) - 1)::int AS i, c.country_code, c.slug
         FROM cities c CROSS JOIN LATERAL generate_series(1, CASE WHEN c.tier = 2 THEN 3 ELSE 1 END) AS r`,
  );
  await db.query('CREATE UNIQUE INDEX ON bench_city_slots (i)');
  const slots = (await db.query('SELECT count(*)::int AS n FROM bench_city_slots')).rows[0].n;
  if (slots === 0) throw new Error('the cities table is empty: was the server seeded?');

  // The big city's ads: `direct` of all go to it, and its slots' share of the rest.
  let citySlot = `least(floor(s.rc * $12::int)::int, $12::int - 1)`;
  if (bigCity) {
    const weights = (
      await db.query(
        `SELECT min(i)::int AS first, count(*)::int AS n FROM bench_city_slots WHERE slug = $1`,
        [bigCity.slug],
      )
    ).rows[0];
    if (weights.n === 0) throw new Error(`no city ${bigCity.slug} in the cities table`);
    const own = weights.n / slots;
    const direct = Math.max(0, (bigCity.share - own) / (1 - own));
    citySlot = `CASE WHEN s.rb < ${direct} THEN ${weights.first} ELSE ${citySlot} END`;
  }
  const pickOf = (list, index) =>
    `($${list}::text[])[1 + ${index} % cardinality($${list}::text[])]`;
  const drawOf = (list, r) =>
    `($${list}::text[])[1 + floor(${r} * cardinality($${list}::text[]))::int]`;
  const choice = allOptions
    ? [drawOf(5, 's.re'), drawOf(6, 's.rbu'), drawOf(7, 's.ri'), drawOf(8, 's.ro')]
    : [pickOf(5, 's.g'), pickOf(6, 's.g'), pickOf(7, '(s.g / 7)'), pickOf(8, '(s.g / 3)')];
  const ageSpan = Math.max(1, ageMax - 18);
  const age = allOptions ? `19 + floor(s.ra * ${ageSpan})::int` : `19 + (s.g * 13) % ${ageSpan}`;
  const listed = listedAt
    ? [
        ', listed_at',
        `, CASE WHEN k.kind = 'pending' THEN NULL
                WHEN k.kind = 'public' AND s.rl < ${Number(listedAt.recentShare)}
                  THEN greatest(tm.posted, now() - s.rl / ${Number(listedAt.recentShare)} * interval '24 hours')
                ELSE tm.posted END`,
      ]
    : ['', ''];
  const availableColumns = available
    ? [
        ', available_until, available_since, available_starts',
        `, CASE WHEN k.kind = 'public' AND s.rv < ${Number(available.share)}
                THEN now() + (1 + s.g % 8) * interval '1 hour' END
         , CASE WHEN k.kind = 'public' AND s.rv < ${Number(available.share)}
                THEN now() - (s.g % 60) * interval '1 minute' END
         , CASE WHEN k.kind = 'public' AND s.rv < ${Number(available.share)}
                THEN ARRAY[now() - (s.g % 60) * interval '1 minute'] ELSE '{}' END`,
      ]
    : ['', ''];
  const extraRandoms = [
    bigCity ? ', random() AS rb' : '',
    allOptions
      ? ', random() AS re, random() AS rbu, random() AS ri, random() AS ro, random() AS ra'
      : '',
    listedAt ? ', random() AS rl' : '',
    available ? ', random() AS rv' : '',
  ].join('');

  const total = publicAds + hiddenAds;
  // The ads' secondary indexes are built once after the rows rather than row by row
  // (a GIN index over a million descriptions takes minutes as rows come, seconds at
  // the end); the unique ones stay, so the seed still meets them.
  const secondary = (
    await db.query(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = 'ads' AND indexdef NOT LIKE 'CREATE UNIQUE %'`,
    )
  ).rows;
  for (const { indexname } of secondary) await db.query(`DROP INDEX "${indexname}"`);
  await db.query(
    `INSERT INTO ads (site_id, owner_id, email, email_normalized, type, status, country_code,
                      city_slug, title, description_html, description_text, name, age, phone,
                      phone_e164, ethnicity, business, incalls, outcalls, backlink, backlink_key,
                      paid, approved, expires_at, posted_at, submitted_at, reviewed_at,
                      email_verified_at, phone_verified_at, premium_until,
                      created_at, updated_at, deleted_at${listed[0]}${availableColumns[0]})
     SELECT $3, CASE k.kind WHEN 'anonymous' THEN NULL
                            WHEN 'banned_owner' THEN b.id ELSE u.id END,
            CASE k.kind WHEN 'anonymous' THEN 'anon-' || s.g || '@bench.example.com' ELSE u.email END,
            CASE k.kind WHEN 'anonymous' THEN 'anon-' || s.g || '@bench.example.com' ELSE u.email END,
            ty.type,
            CASE k.kind WHEN 'pending' THEN 'pending' WHEN 'expired' THEN 'expired'
                        WHEN 'deleted' THEN 'deleted' ELSE 'active' END,
            c.country_code, c.slug, t.title,
            '<p>' || initcap(t.p1) || '.</p><p><strong>' || t.p2 || '.</strong></p>'
              || coalesce('<p>' || t.p3 || '.</p>', ''),
            initcap(t.p1) || '. ' || t.p2 || '.' || coalesce(' ' || t.p3 || '.', ''),
            ($4::text[])[1 + s.g % cardinality($4::text[])], ${age},
            ph.area || '-' || (208 + s.g % 300) || '-' || lpad((s.g % 10000)::text, 4, '0'),
            '+1' || ph.area || (208 + s.g % 300) || lpad((s.g % 10000)::text, 4, '0'),
            ${choice.join(',\n            ')},
            CASE WHEN ty.type = 'free' THEN 'https://www.site-' || s.g || '.example.com/' END,
            CASE WHEN ty.type = 'free' THEN $9::text || s.g || '.example.com' END,
            ty.type IN ('paid', 'premium'),
            k.kind <> 'pending',
            CASE WHEN k.kind = 'pending' THEN NULL
                 WHEN k.kind IN ('expired', 'lapsed') THEN now() - (1 + s.g % 48) * interval '1 hour'
                 WHEN ty.type IN ('paid', 'premium') THEN tm.posted + interval '60 days'
                 ELSE tm.posted + interval '30 days' END,
            CASE WHEN k.kind <> 'pending' THEN tm.posted END,
            tm.posted - interval '20 hours',
            CASE WHEN k.kind <> 'pending' THEN tm.posted END,
            tm.posted - interval '1 day',
            CASE WHEN ty.type = 'free_verified' THEN tm.posted - interval '1 day' END,
            CASE WHEN ty.type = 'premium' OR s.rp < 0.06 THEN now() + (1 + s.g % 30) * interval '1 day'
                 WHEN s.rp < 0.09 THEN now() - (1 + s.g % 10) * interval '1 day' END,
            tm.posted - interval '1 day', tm.posted,
            CASE WHEN k.kind = 'deleted' THEN now() - interval '1 day' END${listed[1]}${availableColumns[1]}
       FROM (SELECT g, random() AS rt, random() AS rc, random() AS rp, random() AS rd${extraRandoms}
               FROM generate_series(0, $1::int - 1) AS g) AS s
       CROSS JOIN LATERAL (SELECT CASE WHEN s.g < $2::int THEN 'public' ELSE ${HIDDEN_KINDS} END AS kind) AS k
       CROSS JOIN LATERAL (
         SELECT CASE WHEN k.kind IN ('expired', 'lapsed')
                     THEN now() - (31 + s.rd * 30) * interval '1 day'
                     ELSE now() - s.rd * interval '29 days' END AS posted) AS tm
       JOIN bench_users u ON u.n = s.g % $10::int
       JOIN bench_users b ON b.n = $10::int + s.g % $11::int
       JOIN bench_texts t ON t.i = (s.g::bigint * 7919) % 1000
       JOIN bench_city_slots c ON c.i = ${citySlot}
       CROSS JOIN LATERAL (
         SELECT CASE WHEN s.rt < 0.35 THEN 'free' WHEN s.rt < 0.70 THEN 'free_verified'
                     WHEN s.rt < 0.95 THEN 'paid' ELSE 'premium' END AS type) AS ty
       CROSS JOIN LATERAL (
         SELECT CASE WHEN c.country_code = 'CA' THEN '604' ELSE '702' END AS area) AS ph
      ORDER BY s.g`,
    [
      total,
      publicAds,
      siteId,
      NAMES,
      allOptions ? ALL_ETHNICITIES : ETHNICITIES,
      allOptions ? ALL_BUSINESS : BUSINESS,
      allOptions ? ALL_INCALLS : INCALLS,
      allOptions ? ALL_OUTCALLS : OUTCALLS,
      prefix,
      owners,
      bannedOwners,
      slots,
    ],
  );
  console.log(`  ${publicAds} public and ${hiddenAds} hidden ads in ${seconds(t)}`);
  t = performance.now();
  for (const { indexdef } of secondary) await db.query(indexdef);
  console.log(`  ${secondary.length} indexes of the ads built in ${seconds(t)}`);

  // 0 to 4 photos an ad (the ad id mod 5), the first the primary one. Only rows:
  // the HTML pages link to the files, the bench never fetches them.
  t = performance.now();
  await db.query(
    `INSERT INTO photos (ad_id, position, is_primary, is_verification, width, height, phash, created_at)
     SELECT a.id, p, p = 0, p = 0 AND a.type = 'free_verified',
            1600, CASE WHEN (a.id + p) % 3 = 0 THEN 1200 ELSE 2133 END,
            substr(md5(a.id::text || ':' || p), 1, 16), a.created_at
       FROM ads a CROSS JOIN LATERAL generate_series(0, (a.id % 5)::int - 1) AS p`,
  );
  const photoCount = (await db.query('SELECT count(*)::int AS n FROM photos')).rows[0].n;
  console.log(`  ${photoCount} photo rows in ${seconds(t)}`);

  // Settle the fresh rows (visibility map, statistics) before measuring, so no
  // autovacuum of the seed runs in the middle of a measured run.
  t = performance.now();
  await db.query('VACUUM (ANALYZE) users, ads, photos');
  await db.query('ANALYZE cities, countries');
  console.log(`  VACUUM ANALYZE in ${seconds(t)}`);
  return { bannedOwners, photoCount };
}

/** The rule of a public ad, as the issue states it (used to pick and count ads). */
export const PUBLIC_AD = `a.status = 'active' AND a.approved AND a.posted_at IS NOT NULL
  AND (a.expires_at IS NULL OR a.expires_at > now()) AND a.deleted_at IS NULL
  AND a.owner_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id = a.owner_id AND o.banned_at IS NOT NULL)`;

/** The city with the most public ads, and what the bench requests there. */
export async function pickTargets(db) {
  const city = (
    await db.query(
      `SELECT a.country_code, a.city_slug, count(*)::int AS ads,
              count(*) FILTER (WHERE a.premium_until > now())::int AS premium,
              count(*) FILTER (WHERE a.type = 'paid')::int AS vip
         FROM ads a WHERE ${PUBLIC_AD}
        GROUP BY a.country_code, a.city_slug ORDER BY count(*) DESC, a.city_slug LIMIT 1`,
    )
  ).rows[0];
  // The newest public ad with four photos (every fifth ad has them) and a
  // three-paragraph description: a full page rather than the smallest one; on the
  // tiny data of a smoke run the city may have none with four photos.
  const ad = (
    await db.query(
      `SELECT a.id::text AS id, a.title, length(a.description_html)::int AS html
         FROM ads a
        WHERE ${PUBLIC_AD} AND a.country_code = $1 AND a.city_slug = $2
        ORDER BY a.id % 5 = 4 DESC, length(a.description_html) > 1500 DESC, a.posted_at DESC
        LIMIT 1`,
      [city.country_code, city.city_slug],
    )
  ).rows[0];
  // Every public ad, in an order that jumps between cities: no page is asked twice
  // before all the others were.
  const everyAd = (
    await db.query(`SELECT a.id::text AS id, a.city_slug AS city FROM ads a
                     WHERE ${PUBLIC_AD} ORDER BY md5(a.id::text)`)
  ).rows;
  const cities = (
    await db.query(`SELECT a.city_slug AS city, count(*)::int AS ads FROM ads a
                     WHERE ${PUBLIC_AD} GROUP BY a.city_slug ORDER BY a.city_slug`)
  ).rows;
  // One ad of each hidden kind in the same city: each must answer 404.
  const hidden = (
    await db.query(
      `SELECT DISTINCT ON (kind) kind, id::text AS id FROM (
         SELECT a.id, CASE
                  WHEN a.status = 'pending' THEN 'pending'
                  WHEN a.status = 'expired' THEN 'expired'
                  WHEN a.status = 'deleted' THEN 'deleted'
                  WHEN a.owner_id IS NULL THEN 'anonymous'
                  WHEN a.expires_at <= now() THEN 'lapsed'
                  ELSE 'banned_owner' END AS kind
           FROM ads a
          WHERE a.country_code = $1 AND a.city_slug = $2 AND NOT (${PUBLIC_AD})) AS x
        ORDER BY kind, id`,
      [city.country_code, city.city_slug],
    )
  ).rows;
  const totals = (
    await db.query(
      `SELECT count(*) FILTER (WHERE ${PUBLIC_AD})::int AS public,
              count(*) FILTER (WHERE NOT (${PUBLIC_AD}))::int AS hidden,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.premium_until > now())::int AS premium,
              count(*) FILTER (WHERE ${PUBLIC_AD} AND a.type = 'paid')::int AS vip,
              count(DISTINCT a.owner_id) FILTER (WHERE ${PUBLIC_AD})::int AS owners,
              count(DISTINCT (a.country_code, a.city_slug))::int AS cities
         FROM ads a`,
    )
  ).rows[0];
  return { city, ad, everyAd, cities, hidden, totals };
}
