import path from 'node:path';
import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Multiplies every rate limit; for load tests on a private machine only. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: string;
  readonly trustProxy: number;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string | undefined };
  readonly sms: SmsSettings;
  readonly redisUrl: string | undefined;
  readonly bootstrapAdmin: { readonly email: string; readonly password: string } | undefined;
  readonly runJobs: boolean;
  readonly rateLimitScale: number;
  /** Outside production, messages without a real transport are kept in the outbox. */
  readonly devOutbox: boolean;
}

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
    if (missing.length > 0) {
      throw new ConfigError(
        `NODE_ENV=production needs real mail and SMS settings; missing: ${missing.join(', ')}`,
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
  if (isProduction && e.RATE_LIMIT_SCALE > 1) {
    throw new ConfigError('RATE_LIMIT_SCALE must be 1 in production');
  }
  if (Boolean(e.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(e.BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD must be set together',
    );
  }
  return Object.freeze({
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
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
    devOutbox: !isProduction,
  });
}
