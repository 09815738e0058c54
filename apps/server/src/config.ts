import path from 'node:path';
import { z } from 'zod';
import {
  AccountKeyError,
  bitcoinNetworks,
  networkOfKeyPrefix,
  parseAccountKey,
  type BitcoinAccount,
  type BitcoinNetwork,
} from './modules/payments/xpub.js';

/**
 * The only reader of the environment. Parsed once at start, frozen, and any
 * bad setting stops the start with a message naming it.
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
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
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
  /** The site's BIP84 account extended public key (zpub/xpub; vpub/tpub off mainnet). */
  BTC_XPUB: z.string().trim().min(1).optional(),
  BTC_NETWORK: z.enum(bitcoinNetworks).optional(),
  BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(1),
  ESPLORA_URL: urlWithProtocol(['https:', 'http:']).optional(),
  BTC_FIXED_RATE: fiatRate.optional(),
  BTC_RATE_URL: urlWithProtocol(['https:', 'http:']).optional(),
  BTC_RATE_FALLBACK: fiatRate.optional(),
  /** Where photo files live: `local` (DATA_DIR/photos) or `s3` (a bucket, S3_* below). */
  STORAGE: z.enum(['local', 's3']).default('local'),
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
   * A public base URL in front of the bucket (a CDN) for photos of public ads; photos
   * that are not public are never served from it.
   */
  PHOTO_PUBLIC_URL: urlWithProtocol(['https:', 'http:']).optional(),
  /** Signs the owners' and moderators' photo links; several servers must share one. */
  PHOTO_URL_SECRET: z
    .string()
    .trim()
    .min(32, { error: 'must be at least 32 characters (e.g. openssl rand -base64 32)' })
    .optional(),
});

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly port: number;
  /** PUBLIC_PORT: the port the development sites' links name; undefined: the port bound. */
  readonly publicPort: number | undefined;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
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
  /** Backlink pages named `*.test` are fetched from this machine (DEV_LOCAL_BACKLINKS; never in production). */
  readonly localBacklinks: boolean;
  /** Outside production, messages without a real transport are kept in the outbox. */
  readonly devOutbox: boolean;
  /** /api/openapi.json and /api/docs: always outside production, in it only with API_DOCS. */
  readonly apiDocs: boolean;
  readonly bitcoin: BitcoinSettings;
  /**
   * The key of the signed photo links (modules/photos/photo-links.ts); unset, a
   * generated one kept in DATA_DIR is used.
   */
  readonly photoUrlSecret: string | undefined;
  readonly storage: StorageSettings;
}

/** Where photo files live (STORAGE). */
export type StorageSettings =
  | { readonly kind: 'local'; readonly publicUrl: string | undefined }
  | {
      readonly kind: 's3';
      readonly endpoint: string | undefined;
      readonly bucket: string;
      readonly region: string;
      readonly credentials:
        { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
      readonly forcePathStyle: boolean;
      /** Base URL of public photos (a CDN in front of the bucket), without a trailing slash. */
      readonly publicUrl: string | undefined;
    };

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const twilioMissing =
    e.SMS_PROVIDER === 'twilio'
      ? (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
          (name) => !e[name],
        )
      : [];
  if (isProduction) {
    const missing: string[] = [];
    if (!e.SMTP_URL) missing.push('SMTP_URL');
    if (!e.MAIL_FROM) missing.push('MAIL_FROM');
    if (e.SMS_PROVIDER !== 'twilio') missing.push('SMS_PROVIDER=twilio');
    missing.push(...twilioMissing);
    if (!e.BTC_XPUB) missing.push('BTC_XPUB');
    if (!e.ESPLORA_URL) missing.push('ESPLORA_URL');
    if (!e.BTC_RATE_URL && e.BTC_FIXED_RATE === undefined) {
      missing.push('BTC_RATE_URL or BTC_FIXED_RATE');
    }
    if (missing.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production needs real mail, SMS and payment settings; missing: ${missing.join(', ')}`,
      );
    }
  }
  if (twilioMissing.length > 0) {
    throw new ConfigError(`SMS_PROVIDER=twilio needs ${twilioMissing.join(', ')}`);
  }
  const sms: SmsSettings =
    e.SMS_PROVIDER === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
      ? {
          provider: 'twilio',
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN,
          from: e.TWILIO_FROM,
          apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
        }
      : { provider: 'outbox' };
  if (isProduction && e.DEV_LOCAL_BACKLINKS) {
    throw new ConfigError(
      'DEV_LOCAL_BACKLINKS must be off in production: backlinks are fetched from public addresses only',
    );
  }
  if (isProduction && e.RATE_LIMIT_SCALE > 1) {
    throw new ConfigError('RATE_LIMIT_SCALE must be 1 in production');
  }
  if (Boolean(e.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(e.BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together',
    );
  }
  const bitcoin = bitcoinSettings(e, isProduction);
  const storage = storageSettings(e);
  return Object.freeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    publicPort: e.PUBLIC_PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    mail: Object.freeze({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }),
    sms: Object.freeze(sms),
    redisUrl: e.REDIS_URL,
    bootstrapAdmin:
      e.BOOTSTRAP_ADMIN_EMAIL && e.BOOTSTRAP_ADMIN_PASSWORD
        ? Object.freeze({ email: e.BOOTSTRAP_ADMIN_EMAIL, password: e.BOOTSTRAP_ADMIN_PASSWORD })
        : undefined,
    runJobs: e.RUN_JOBS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    localBacklinks: e.DEV_LOCAL_BACKLINKS,
    devOutbox: !isProduction,
    apiDocs: !isProduction || e.API_DOCS,
    bitcoin,
    photoUrlSecret: e.PHOTO_URL_SECRET,
    storage,
  });
}

function storageSettings(e: z.infer<typeof envSchema>): StorageSettings {
  const publicUrl = e.PHOTO_PUBLIC_URL?.replace(/\/+$/, '');
  if (e.STORAGE === 'local') return Object.freeze({ kind: 'local', publicUrl });
  if (!e.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return Object.freeze({
    kind: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? Object.freeze({
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          })
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl,
  });
}

function bitcoinSettings(e: z.infer<typeof envSchema>, isProduction: boolean): BitcoinSettings {
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
    if (error instanceof AccountKeyError) {
      throw new ConfigError(`Invalid settings:\n  ${error.message}`);
    }
    throw error;
  }
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
  const rate: RateSettings = e.BTC_RATE_URL
    ? { kind: 'provider', url: e.BTC_RATE_URL, fallback: e.BTC_RATE_FALLBACK }
    : { kind: 'fixed', value: e.BTC_FIXED_RATE ?? DEMO_BTC_RATE };
  return Object.freeze({
    account,
    network,
    demoKey: !e.BTC_XPUB,
    confirmations: e.BTC_CONFIRMATIONS,
    esploraUrl: e.ESPLORA_URL?.replace(/\/+$/, ''),
    rate: Object.freeze(rate),
  });
}
