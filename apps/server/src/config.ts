import path from 'node:path';
import { z } from 'zod';
import {
  AccountKeyError,
  accountKeyMaterial,
  bitcoinNetworks,
  networkOfKeyPrefix,
  parseAccountKey,
  type BitcoinAccount,
  type BitcoinNetwork,
} from './modules/payments/xpub.js';

/**
 * The only reader of the environment. Parsed once at start, frozen, and any
 * bad setting stops the start with one message naming every bad setting.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithProtocol = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: `must be a URL starting with ${protocols.join(' or ')}//` },
    );

/** Fiat per BTC: a positive amount with at most two decimals. */
const fiatRate = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, {
    error: 'must be fiat per BTC, a positive number with at most two decimals (60000 or 60000.50)',
  })
  .transform(Number)
  .refine((value) => value > 0, { error: 'must be more than 0' });

/**
 * The public demo key used outside production when BTC_XPUB is not set: the vpub
 * of m/84'/1'/0' (testnet) of the demo mnemonic
 *   soft escape near raise seed toddler father solve blue outdoor upper beach
 * (BIP39 from the first 16 bytes of SHA-256('adboard public demo key: never for
 * real funds')). Its private key is known to everyone: NEVER use it for real
 * funds. Production refuses to start without its own BTC_XPUB.
 */
export const DEMO_BTC_XPUB =
  'vpub5YwxuD8iTkr3Tz3WFTiFCezHutrK1BwQsAvQmNMN3uvCDFicD3bBvFg3YswZY6r24oP9wgrbpKcngNKU6PL8qRur2g7oAfMcRqfGWzHpdTn';

/** The demo BTC rate outside production when no rate setting is given (fiat per BTC). */
export const DEMO_BTC_RATE = 60_000;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The port people reach the development sites at (a reverse proxy's), which their
   * absolute links name. Unset: the port bound (a worker, which binds none: PORT).
   */
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Unset: ./data (applied in loadConfig: production must say it with STORAGE=local). */
  DATA_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  /**
   * Connections each process keeps open to PostgreSQL at most. On a machine that also
   * runs PostgreSQL, about twice its cores serves pages faster than more (fewer
   * backends compete for the cores); docs/operations.md.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines when stdout is a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** Hops of reverse proxies whose X-Forwarded-For is believed (0: none). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be an account SID: AC and 32 hex digits' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  TWILIO_FROM: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, {
      error: 'must be an E.164 number (+15551234567) or a Messaging Service SID (MG…)',
    })
    .optional(),
  TWILIO_API_URL: urlWithProtocol(['https:', 'http:']).default('https://api.twilio.com'),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
  BOOTSTRAP_ADMIN_EMAIL: z.email().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(12).max(256).optional(),
  RUN_JOBS: booleanFlag.default(true),
  /** Serves the OpenAPI document and the reference page in production too. */
  API_DOCS: booleanFlag.default(false),
  /**
   * Outside production only: a backlink page on this machine, named under the reserved
   * `.test` domain (http://my-site.test:8080/), is fetched from 127.0.0.1, so the free
   * type can be tried offline. Production refuses it.
   */
  DEV_LOCAL_BACKLINKS: booleanFlag.default(false),
  /** Multiplies every rate limit; for load tests on a private machine only. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /**
   * How long a public page (city, ad, sitemap) is kept in the server's memory, in
   * milliseconds; 0: not kept, every request reads PostgreSQL (the search bench).
   */
  PUBLIC_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Each ad's statistics (issue 29): counted on the public pages, or (false) not at all. */
  AD_STATS: booleanFlag.default(true),
  /** The site's BIP84 account extended public key (zpub/xpub; vpub/tpub off mainnet). */
  BTC_XPUB: z.string().trim().min(1).optional(),
  BTC_NETWORK: z.enum(bitcoinNetworks).optional(),
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(1),
  ESPLORA_URL: urlWithProtocol(['https:', 'http:']).optional(),
  BTC_FIXED_RATE: fiatRate.optional(),
  BTC_RATE_URL: urlWithProtocol(['https:', 'http:']).optional(),
  BTC_RATE_FALLBACK: fiatRate.optional(),
  /**
   * Where photo files live: `local` (DATA_DIR/photos) or `s3` (a bucket, S3_* below).
   * Unset: local (applied in storageSettings: production must say which).
   */
  STORAGE: z.enum(['local', 's3']).optional(),
  /** The S3-compatible endpoint (unset: AWS's own for S3_REGION). */
  S3_ENDPOINT: urlWithProtocol(['https:', 'http:']).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Path-style addressing (endpoint/bucket/key), which MinIO, Ceph and s3rver need. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * Where the public pages load a public ad's photos from: a CDN whose origin is the
   * site's /photos path (never the bucket), e.g. https://cdn.example.com/photos.
   * Photos that are not public are never linked there, and never answered to it.
   */
  PHOTO_PUBLIC_URL: urlWithProtocol(['https:', 'http:']).optional(),
  /**
   * Serves /metrics (Prometheus) on a port of its own, never the public one: off
   * unless said, and bound to this machine unless METRICS_HOST says otherwise.
   */
  METRICS: booleanFlag.default(false),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Signs the owners' and moderators' photo links; several servers must share one. */
  PHOTO_URL_SECRET: z
    .string()
    .trim()
    .min(32, { error: 'must be at least 32 characters (e.g. openssl rand -base64 32)' })
    .optional(),
  /**
   * The folder of pg_dump and pg_restore (the backup and restore commands); unset: the
   * PATH. E.g. /usr/lib/postgresql/16/bin when the PATH's are older than the server.
   */
  PG_BIN_DIR: z.string().trim().min(1).optional(),
});

type Env = z.infer<typeof envSchema>;
export type SettingName = keyof Env;

/** Every setting the server reads (docs/operations.md's table has one row for each). */
export const settingNames = Object.keys(envSchema.shape) as readonly SettingName[];

const DEFAULT_DATA_DIR = './data';

/**
 * One thing production needs of its settings. The refusal names every rule not
 * met, each on its own line starting with the settings it names; docs/operations.md
 * marks each of them in its Production column (a test reads both).
 */
export interface ProductionRule {
  readonly settings: readonly SettingName[];
  /** What production needs, as the refusal says it. */
  readonly needs: string;
  readonly met: (e: Env) => boolean;
}

const isSet = (value: unknown) => value !== undefined;

/** The public demo key in any spelling (vpub, tpub, or its mainnet re-encodings). */
function isDemoKey(key: string): boolean {
  const material = accountKeyMaterial(key);
  return material !== null && material === accountKeyMaterial(DEMO_BTC_XPUB);
}

/**
 * What production needs: real engines and transports, the keys several servers
 * share, and none of the development conveniences. Nothing here has a default
 * that production may fall back on.
 */
export const productionRules: readonly ProductionRule[] = [
  {
    settings: ['DATABASE_URL'],
    needs: 'a PostgreSQL server (no embedded database in production)',
    met: (e) => isSet(e.DATABASE_URL),
  },
  {
    settings: ['SMTP_URL'],
    needs: 'the mail server (no outbox in production)',
    met: (e) => isSet(e.SMTP_URL),
  },
  {
    settings: ['MAIL_FROM'],
    needs: "the sender of the site's mail",
    met: (e) => isSet(e.MAIL_FROM),
  },
  {
    settings: ['SMS_PROVIDER'],
    needs: 'twilio (no SMS outbox in production)',
    met: (e) => e.SMS_PROVIDER === 'twilio',
  },
  {
    settings: ['TWILIO_ACCOUNT_SID'],
    needs: "Twilio's account SID",
    met: (e) => isSet(e.TWILIO_ACCOUNT_SID),
  },
  {
    settings: ['TWILIO_AUTH_TOKEN'],
    needs: "Twilio's auth token",
    met: (e) => isSet(e.TWILIO_AUTH_TOKEN),
  },
  {
    settings: ['TWILIO_FROM'],
    needs: 'the SMS sender (a number or a Messaging Service SID)',
    met: (e) => isSet(e.TWILIO_FROM),
  },
  {
    settings: ['BTC_XPUB'],
    needs: "the site's own account key",
    met: (e) => isSet(e.BTC_XPUB),
  },
  {
    settings: ['BTC_XPUB'],
    needs: 'not the public demo key (its private key is known to everyone)',
    met: (e) => e.BTC_XPUB === undefined || !isDemoKey(e.BTC_XPUB),
  },
  {
    settings: ['ESPLORA_URL'],
    needs: 'the Esplora API the payments are watched on (no built-in fake chain in production)',
    met: (e) => isSet(e.ESPLORA_URL),
  },
  {
    settings: ['BTC_RATE_URL', 'BTC_FIXED_RATE'],
    needs: 'a rate source (no demo rate in production)',
    met: (e) => isSet(e.BTC_RATE_URL) || isSet(e.BTC_FIXED_RATE),
  },
  {
    settings: ['STORAGE'],
    needs: 'where photos live, said explicitly: s3 or local',
    met: (e) => isSet(e.STORAGE),
  },
  {
    settings: ['DATA_DIR'],
    needs: `with STORAGE=local, the folder of the photos, said explicitly (not ${DEFAULT_DATA_DIR})`,
    met: (e) => e.STORAGE !== 'local' || isSet(e.DATA_DIR),
  },
  {
    settings: ['S3_BUCKET'],
    needs: 'with STORAGE=s3, the bucket',
    met: (e) => e.STORAGE !== 's3' || isSet(e.S3_BUCKET),
  },
  {
    settings: ['S3_ACCESS_KEY_ID'],
    needs: "with STORAGE=s3, the bucket's access key id",
    met: (e) => e.STORAGE !== 's3' || isSet(e.S3_ACCESS_KEY_ID),
  },
  {
    settings: ['S3_SECRET_ACCESS_KEY'],
    needs: "with STORAGE=s3, the bucket's secret access key",
    met: (e) => e.STORAGE !== 's3' || isSet(e.S3_SECRET_ACCESS_KEY),
  },
  {
    settings: ['PHOTO_URL_SECRET'],
    needs: 'the key of the photo links, the same on every server (never generated in production)',
    met: (e) => isSet(e.PHOTO_URL_SECRET),
  },
  {
    settings: ['DEV_LOCAL_BACKLINKS'],
    needs: 'off (backlinks are fetched from public addresses only)',
    met: (e) => !e.DEV_LOCAL_BACKLINKS,
  },
  {
    settings: ['RATE_LIMIT_SCALE'],
    needs: '1 (the limits as designed)',
    met: (e) => e.RATE_LIMIT_SCALE === 1,
  },
];

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly port: number;
  /** PUBLIC_PORT: the port the development sites' links name; undefined: the port bound. */
  readonly publicPort: number | undefined;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** DATABASE_POOL_MAX: the pool's size, per process. */
  readonly databasePoolMax: number;
  readonly logLevel: string;
  /** `auto` is decided where the logs are written: pretty on a terminal, JSON otherwise. */
  readonly logFormat: 'auto' | 'pretty' | 'json';
  readonly trustProxy: number;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string | undefined };
  readonly sms: SmsSettings;
  readonly redisUrl: string | undefined;
  readonly bootstrapAdmin: { readonly email: string; readonly password: string } | undefined;
  readonly runJobs: boolean;
  readonly rateLimitScale: number;
  /** PUBLIC_PAGE_CACHE_MS: how long a public page is kept in memory; 0: never. */
  readonly publicPageCacheMs: number;
  /** AD_STATS: the public pages count appearances, views and taps (modules/ad-stats). */
  readonly adStats: boolean;
  /** Backlink pages named `*.test` are fetched from this machine (DEV_LOCAL_BACKLINKS; never in production). */
  readonly localBacklinks: boolean;
  /** Outside production, messages without a real transport are kept in the outbox. */
  readonly devOutbox: boolean;
  /** /api/openapi.json and /api/docs: always outside production, in it only with API_DOCS. */
  readonly apiDocs: boolean;
  readonly bitcoin: BitcoinSettings;
  /**
   * The key of the signed photo links (modules/photos/photo-links.ts); unset (never
   * in production), a generated one kept in DATA_DIR is used.
   */
  readonly photoUrlSecret: string | undefined;
  readonly storage: StorageSettings;
  /**
   * The S3-compatible store the S3_* settings reach (endpoint, region, keys): the photo
   * bucket's with STORAGE=s3, and where a backup to `s3://` goes either way.
   */
  readonly s3: S3Connection;
  /** PG_BIN_DIR, resolved: where pg_dump and pg_restore are; undefined: the PATH. */
  readonly pgBinDir: string | undefined;
  readonly metrics: MetricsSettings;
}

/** How an S3-compatible store is reached: the same for every bucket of it. */
export interface S3Connection {
  readonly endpoint: string | undefined;
  readonly region: string;
  readonly credentials:
    { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  readonly forcePathStyle: boolean;
}

/** Where this process serves its Prometheus metrics (METRICS, METRICS_PORT, METRICS_HOST). */
export interface MetricsSettings {
  readonly enabled: boolean;
  /** 0 picks a free port. */
  readonly port: number;
  readonly host: string;
}

/** Where photo files live (STORAGE). */
export type StorageSettings =
  | { readonly kind: 'local'; readonly publicUrl: string | undefined }
  | (S3Connection & {
      readonly kind: 's3';
      readonly bucket: string;
      /** Base URL of public photos (a CDN in front of the site's /photos), no trailing slash. */
      readonly publicUrl: string | undefined;
    });

export interface BitcoinSettings {
  /** The parsed account key; derives the receive addresses. */
  readonly account: BitcoinAccount;
  readonly network: BitcoinNetwork;
  /** True when the public demo key is in use (no BTC_XPUB, outside production). */
  readonly demoKey: boolean;
  /** Confirmations that complete a payment. */
  readonly confirmations: number;
  /** Esplora API base URL without a trailing slash; undefined: the built-in fake (not in production). */
  readonly esploraUrl: string | undefined;
  readonly rate: RateSettings;
}

/**
 * Where the BTC rate (fiat per BTC) comes from. Fixed: one number for every
 * currency the sites use. Provider: `GET {url}?currency=USD` answers
 * `{ "rate": 61234.56 }`; on failure the fallback is used, if set.
 */
export type RateSettings =
  | { readonly kind: 'fixed'; readonly value: number }
  | { readonly kind: 'provider'; readonly url: string; readonly fallback: number | undefined };

/** Outbox: SMS are only recorded (development). Twilio: sent through its Messages API. */
export type SmsSettings =
  | { readonly provider: 'outbox' }
  | {
      readonly provider: 'twilio';
      readonly accountSid: string;
      readonly authToken: string;
      /** E.164 sender number or Messaging Service SID (MG…). */
      readonly from: string;
      readonly apiUrl: string;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  // A whitespace-only value (`PORT= ` in a .env file) is unset too, not PORT 0.
  for (const [key, value] of Object.entries(env)) {
    out[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  return out;
}

/** Something wrong with the settings: the settings it is about, and the line that says it. */
interface Problem {
  readonly settings: readonly string[];
  readonly line: string;
}

/**
 * The settings as parsed, and the bad values. A bad value is left out and the rest
 * read again without it, so what else is wrong is named in the same message.
 */
function parseSettings(raw: Record<string, string | undefined>): { e: Env; invalid: Problem[] } {
  const parsed = envSchema.safeParse(raw);
  if (parsed.success) return { e: parsed.data, invalid: [] };
  const invalid = parsed.error.issues.map((issue) => ({
    settings: [String(issue.path[0])],
    line: `${issue.path.join('.')}: ${issue.message}`,
  }));
  const bad = new Set(invalid.flatMap((problem) => problem.settings));
  const rest = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  const again = envSchema.safeParse(rest);
  if (!again.success) throw new ConfigError(refusal(invalid, []));
  return { e: again.data, invalid };
}

function refusal(invalid: readonly Problem[], production: readonly Problem[]): string {
  const part = (title: string, problems: readonly Problem[]) =>
    problems.length === 0 ? [] : [title, ...problems.map((p) => `  ${p.line}`)];
  return [
    ...part('Invalid settings:', invalid),
    ...part('NODE_ENV=production needs:', production),
  ].join('\n');
}

type Attempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { e, invalid } = parseSettings(blankToUndefined(env));
  const isProduction = e.NODE_ENV === 'production';
  const problems: Problem[] = [...invalid];
  const named = new Set(invalid.flatMap((problem) => problem.settings));
  // Production: every rule not met, but never a setting already named as bad.
  const production: Problem[] = [];
  if (isProduction) {
    for (const rule of productionRules) {
      if (rule.met(e) || rule.settings.some((name) => named.has(name))) continue;
      production.push({
        settings: rule.settings,
        line: `${rule.settings.join(' or ')}: ${rule.needs}`,
      });
    }
    for (const problem of production) for (const name of problem.settings) named.add(name);
  }
  // Each part read from settings nothing has named yet (else its refusal would repeat it).
  const attempt = <T>(reads: readonly SettingName[], read: () => T): Attempt<T> => {
    if (reads.some((name) => named.has(name))) return { ok: false };
    try {
      return { ok: true, value: read() };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push({ settings: reads, line: error.message });
      for (const name of reads) named.add(name);
      return { ok: false };
    }
  };
  const sms = attempt(
    ['SMS_PROVIDER', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_URL'],
    () => smsSettings(e),
  );
  const bootstrapAdmin = attempt(['BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD'], () =>
    bootstrapAdminSettings(e),
  );
  const rate = attempt(['BTC_FIXED_RATE', 'BTC_RATE_URL', 'BTC_RATE_FALLBACK'], () =>
    rateSettings(e),
  );
  const bitcoin = attempt(['BTC_XPUB', 'BTC_NETWORK', 'BTC_CONFIRMATIONS', 'ESPLORA_URL'], () =>
    bitcoinSettings(e, isProduction),
  );
  const storage = attempt(
    [
      'STORAGE',
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'PHOTO_PUBLIC_URL',
    ],
    () => ({ storage: storageSettings(e), s3: s3Connection(e) }),
  );
  const metrics = attempt(['METRICS', 'METRICS_PORT', 'METRICS_HOST', 'PORT'], () =>
    metricsSettings(e),
  );
  // A part not read always has its problem named.
  const anyProblem = problems.length > 0 || production.length > 0;
  if (
    anyProblem ||
    !sms.ok ||
    !bootstrapAdmin.ok ||
    !rate.ok ||
    !bitcoin.ok ||
    !storage.ok ||
    !metrics.ok
  ) {
    throw new ConfigError(refusal(problems, production));
  }
  return Object.freeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    publicPort: e.PUBLIC_PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    mail: Object.freeze({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }),
    sms: sms.value,
    redisUrl: e.REDIS_URL,
    bootstrapAdmin: bootstrapAdmin.value,
    runJobs: e.RUN_JOBS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    publicPageCacheMs: e.PUBLIC_PAGE_CACHE_MS,
    adStats: e.AD_STATS,
    localBacklinks: e.DEV_LOCAL_BACKLINKS,
    devOutbox: !isProduction,
    apiDocs: !isProduction || e.API_DOCS,
    bitcoin: Object.freeze({ ...bitcoin.value, rate: rate.value }),
    photoUrlSecret: e.PHOTO_URL_SECRET,
    storage: storage.value.storage,
    s3: storage.value.s3,
    pgBinDir: e.PG_BIN_DIR === undefined ? undefined : path.resolve(e.PG_BIN_DIR),
    metrics: metrics.value,
  });
}

function metricsSettings(e: Env): MetricsSettings {
  // The public may reach PORT; the metrics are never served there (0 picks two free ports).
  if (e.METRICS && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'METRICS_PORT: must differ from PORT (the metrics are never served on the public port)',
    );
  }
  return Object.freeze({ enabled: e.METRICS, port: e.METRICS_PORT, host: e.METRICS_HOST });
}

function smsSettings(e: Env): SmsSettings {
  if (e.SMS_PROVIDER !== 'twilio') return Object.freeze({ provider: 'outbox' });
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
      (name) => !e[name],
    );
    throw new ConfigError(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  }
  return Object.freeze({
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
  });
}

function bootstrapAdminSettings(e: Env): Config['bootstrapAdmin'] {
  if (Boolean(e.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(e.BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together',
    );
  }
  return e.BOOTSTRAP_ADMIN_EMAIL && e.BOOTSTRAP_ADMIN_PASSWORD
    ? Object.freeze({ email: e.BOOTSTRAP_ADMIN_EMAIL, password: e.BOOTSTRAP_ADMIN_PASSWORD })
    : undefined;
}

function storageSettings(e: Env): StorageSettings {
  const publicUrl = e.PHOTO_PUBLIC_URL?.replace(/\/+$/, '');
  // Unset is local (development as ever); production refuses it unset (productionRules).
  if ((e.STORAGE ?? 'local') === 'local') return Object.freeze({ kind: 'local', publicUrl });
  if (!e.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET');
  return Object.freeze({ kind: 's3', ...s3Connection(e), bucket: e.S3_BUCKET, publicUrl });
}

function s3Connection(e: Env): S3Connection {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return Object.freeze({
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? Object.freeze({
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          })
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  });
}

/** The bitcoin settings but the rate (rateSettings). */
function bitcoinSettings(e: Env, isProduction: boolean): Omit<BitcoinSettings, 'rate'> {
  // Production runs on mainnet unless told otherwise; elsewhere the key's own
  // network (testnet for the demo key).
  const network: BitcoinNetwork =
    e.BTC_NETWORK ??
    (isProduction ? 'mainnet' : (e.BTC_XPUB && networkOfKeyPrefix(e.BTC_XPUB)) || 'testnet');
  if (!e.BTC_XPUB && network === 'mainnet') {
    throw new ConfigError(
      'BTC_NETWORK=mainnet needs BTC_XPUB: the built-in demo key is for testnet and regtest only',
    );
  }
  let account: BitcoinAccount;
  try {
    account = parseAccountKey(e.BTC_XPUB ?? DEMO_BTC_XPUB, network, 'BTC_XPUB');
  } catch (error) {
    if (error instanceof AccountKeyError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    account,
    network,
    demoKey: !e.BTC_XPUB,
    confirmations: e.BTC_CONFIRMATIONS,
    esploraUrl: e.ESPLORA_URL?.replace(/\/+$/, ''),
  };
}

function rateSettings(e: Env): RateSettings {
  if (e.BTC_RATE_URL && e.BTC_FIXED_RATE !== undefined) {
    throw new ConfigError(
      'BTC_RATE_URL and BTC_FIXED_RATE exclude each other: set one (BTC_RATE_FALLBACK is the rate used when the provider fails)',
    );
  }
  if (e.BTC_RATE_FALLBACK !== undefined && !e.BTC_RATE_URL) {
    throw new ConfigError(
      'BTC_RATE_FALLBACK needs BTC_RATE_URL (it is used when that provider fails)',
    );
  }
  return Object.freeze(
    e.BTC_RATE_URL
      ? { kind: 'provider', url: e.BTC_RATE_URL, fallback: e.BTC_RATE_FALLBACK }
      : { kind: 'fixed', value: e.BTC_FIXED_RATE ?? DEMO_BTC_RATE },
  );
}
