import { createHash } from 'node:crypto';
import path from 'node:path';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_BTC_XPUB, loadConfig } from './config.js';
import { deriveReceiveAddress } from './modules/payments/xpub.js';

/** BIP84's test vector account key (the 'abandon … about' mnemonic): public, for tests. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** The private key of the same account: must be refused. */
const BIP84_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';

/** The testnet account key m/84'/1'/0' of the same public 'abandon … about' mnemonic. */
const ABANDON_VPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(`${'abandon '.repeat(11)}about`), {
  public: 0x045f1cf6,
  private: 0x045f18bc,
}).derive("m/84'/1'/0'").publicExtendedKey;

const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()),
);

/** The same testnet account key spelt as a tpub (other version bytes, same key). */
function asTpub(vpub: string): string {
  const bytes = base58check.decode(vpub);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, 0x043587cf, false);
  return base58check.encode(bytes);
}

const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://adboard@db.example:5432/adboard',
  STORAGE: 's3',
  S3_BUCKET: 'adboard-photos',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLEEXAMPLE',
  S3_SECRET_ACCESS_KEY: 's3-secret-access-key-example',
  PHOTO_URL_SECRET: 'photo-url-secret-0123456789abcdefghij',
  SMTP_URL: 'smtp://mail.example:587',
  MAIL_FROM: 'no-reply@velvetboard.example',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+15005550006',
  BTC_XPUB: BIP84_ZPUB,
  ESPLORA_URL: 'https://esplora.example/api',
  BTC_RATE_URL: 'https://rates.example/btc',
  BTC_RATE_FALLBACK: '60000',
};

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('loadConfig', () => {
  it('runs with no settings at all: port 3000 on 127.0.0.1, data in ./data, dev outbox on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.env).toBe('development');
    expect(config.isProduction).toBe(false);
    expect(config.devOutbox).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(0);
    expect(config.bootstrapAdmin).toBeUndefined();
    expect(config.sms).toEqual({ provider: 'outbox' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('treats blank settings as unset', () => {
    const config = loadConfig({ PORT: '', HOST: ' ', DATABASE_URL: '', TRUST_PROXY: '  ' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(0);
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/adboard',
      DATABASE_URL: 'postgres://u:p@db:5432/adboard',
      TRUST_PROXY: '1',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/var/lib/adboard');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/adboard');
    expect(config.trustProxy).toBe(1);
  });

  it.each(['abc', '70000', '-1', '30.5'])('refuses PORT=%s naming PORT', (port) => {
    expect(configError({ PORT: port }).message).toContain('PORT');
  });

  it('reads PUBLIC_PORT, the port people reach the development sites at; unset, none is named', () => {
    expect(loadConfig({ PORT: '3100', PUBLIC_PORT: '8080' }).publicPort).toBe(8080);
    expect(loadConfig({ PORT: '3100' }).publicPort).toBeUndefined();
    expect(loadConfig({ PUBLIC_PORT: ' ' }).publicPort).toBeUndefined();
  });

  it.each(['abc', '0', '70000', '-1', '80.5'])('refuses PUBLIC_PORT=%s naming it', (port) => {
    expect(configError({ PUBLIC_PORT: port }).message).toContain('PUBLIC_PORT');
  });

  it('serves no metrics unless METRICS says so; then on 127.0.0.1:9464 unless told otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS: 'true' }).metrics).toEqual({
      enabled: true,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(
      loadConfig({ METRICS: 'yes', METRICS_PORT: '9100', METRICS_HOST: '10.0.0.2' }).metrics,
    ).toEqual({ enabled: true, port: 9100, host: '10.0.0.2' });
  });

  it.each(['abc', '70000', '-1'])('refuses METRICS_PORT=%s naming it', (port) => {
    expect(configError({ METRICS_PORT: port }).message).toContain('METRICS_PORT');
  });

  it('refuses metrics on the public port: never served to the public', () => {
    const error = configError({ METRICS: 'true', PORT: '8080', METRICS_PORT: '8080' });
    expect(error.message).toMatch(/^ {2}METRICS_PORT: .*PORT/m);
    // Off, the port is not used: nothing to refuse.
    expect(loadConfig({ PORT: '9464' }).metrics.enabled).toBe(false);
    // 0 picks a free port for each.
    expect(loadConfig({ METRICS: 'true', PORT: '0', METRICS_PORT: '0' }).metrics.port).toBe(0);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming it', () => {
    const error = configError({ DATABASE_URL: 'mysql://x' });
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain('PORT');
  });

  it('serves the API reference outside production, and in production only with API_DOCS', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(productionEnv).apiDocs).toBe(false);
    expect(loadConfig({ ...productionEnv, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('fetches backlink pages of this machine only when DEV_LOCAL_BACKLINKS says so, never in production', () => {
    expect(loadConfig({}).localBacklinks).toBe(false);
    expect(loadConfig({ DEV_LOCAL_BACKLINKS: 'true' }).localBacklinks).toBe(true);
    expect(() => loadConfig({ DEV_LOCAL_BACKLINKS: 'maybe' })).toThrow(/DEV_LOCAL_BACKLINKS/);
    expect(loadConfig(productionEnv).localBacklinks).toBe(false);
    expect(configError({ ...productionEnv, DEV_LOCAL_BACKLINKS: 'true' }).message).toMatch(
      /NODE_ENV=production needs:\n(.*\n)* {2}DEV_LOCAL_BACKLINKS: off/,
    );
  });

  it('refuses production without real mail and SMS settings, naming each missing one', () => {
    const error = configError({ NODE_ENV: 'production' });
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SMS_PROVIDER', 'BTC_XPUB', 'ESPLORA_URL']) {
      expect(error.message).toContain(name);
    }
    expect(error.message).toContain('BTC_RATE_URL or BTC_FIXED_RATE');
    const outboxSms = configError({ ...productionEnv, SMS_PROVIDER: 'outbox' });
    expect(outboxSms.message).toContain('SMS_PROVIDER');
    expect(outboxSms.message).not.toContain('SMTP_URL');
    const onlyToken = configError({ ...productionEnv, TWILIO_AUTH_TOKEN: '' });
    expect(onlyToken.message).toContain('TWILIO_AUTH_TOKEN');
    expect(onlyToken.message).not.toContain('SMTP_URL');
    expect(onlyToken.message).not.toContain('TWILIO_FROM');
  });

  describe('production refuses to start half-configured, naming everything at once', () => {
    /** The settings named at the start of each line of the refusal's production part. */
    function namedInProduction(message: string): string[] {
      const [, part = ''] = message.split('NODE_ENV=production needs:\n');
      return part
        .split('\n')
        .map((line) => /^ {2}([A-Z0-9_]+(?: or [A-Z0-9_]+)*):/.exec(line)?.[1])
        .filter((names): names is string => names !== undefined)
        .flatMap((names) => names.split(' or '));
    }

    it('names every required setting in one message when none is given', () => {
      const named = namedInProduction(configError({ NODE_ENV: 'production' }).message);
      expect(named.sort()).toEqual(
        [
          'DATABASE_URL',
          'SMTP_URL',
          'MAIL_FROM',
          'SMS_PROVIDER',
          'TWILIO_ACCOUNT_SID',
          'TWILIO_AUTH_TOKEN',
          'TWILIO_FROM',
          'BTC_XPUB',
          'ESPLORA_URL',
          'BTC_RATE_URL',
          'BTC_FIXED_RATE',
          'STORAGE',
          'PHOTO_URL_SECRET',
        ].sort(),
      );
    });

    it('names the unsafe values with the missing ones, and bad values with both', () => {
      const error = configError({
        NODE_ENV: 'production',
        PORT: 'abc',
        SMTP_URL: 'http://mail.example',
        DEV_LOCAL_BACKLINKS: 'true',
        RATE_LIMIT_SCALE: '100',
        BTC_XPUB: DEMO_BTC_XPUB,
        BTC_NETWORK: 'testnet',
        STORAGE: 'local',
      });
      expect(error.message).toMatch(
        /^Invalid settings:\n {2}PORT: .*\n {2}SMTP_URL: must be a URL/,
      );
      const named = namedInProduction(error.message);
      for (const name of [
        'DATABASE_URL',
        'MAIL_FROM',
        'DEV_LOCAL_BACKLINKS',
        'RATE_LIMIT_SCALE',
        'BTC_XPUB',
        'DATA_DIR',
        'PHOTO_URL_SECRET',
      ]) {
        expect(named).toContain(name);
      }
      // A bad value is named once, as bad, not also as missing.
      expect(named).not.toContain('SMTP_URL');
      expect(named).not.toContain('STORAGE');
    });

    it('names settings that contradict each other with what production misses', () => {
      const error = configError({
        NODE_ENV: 'production',
        BTC_RATE_URL: 'https://rates.example/btc',
        BTC_FIXED_RATE: '60000',
        BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
      });
      expect(error.message).toContain('BTC_RATE_URL and BTC_FIXED_RATE exclude each other');
      expect(error.message).toContain('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD');
      expect(namedInProduction(error.message)).toContain('DATABASE_URL');
    });

    it('needs a database of its own: no embedded one in production', () => {
      const error = configError({ ...productionEnv, DATABASE_URL: undefined });
      expect(namedInProduction(error.message)).toEqual(['DATABASE_URL']);
      expect(error.message).toContain('no embedded database in production');
    });

    it('needs the photo link key from the settings: never generated per process', () => {
      const error = configError({ ...productionEnv, PHOTO_URL_SECRET: undefined });
      expect(namedInProduction(error.message)).toEqual(['PHOTO_URL_SECRET']);
      expect(loadConfig(productionEnv).photoUrlSecret).toBe(productionEnv.PHOTO_URL_SECRET);
    });

    it('needs STORAGE said explicitly: local with its own DATA_DIR, or s3 with a bucket and keys', () => {
      const noStorage = configError({ ...productionEnv, STORAGE: undefined });
      expect(namedInProduction(noStorage.message)).toEqual(['STORAGE']);
      const localDefaultDir = configError({ ...productionEnv, STORAGE: 'local' });
      expect(namedInProduction(localDefaultDir.message)).toEqual(['DATA_DIR']);
      const local = loadConfig({ ...productionEnv, STORAGE: 'local', DATA_DIR: '/srv/adboard' });
      expect(local.storage.kind).toBe('local');
      expect(local.dataDir).toBe('/srv/adboard');
      const bare = configError({
        ...productionEnv,
        S3_BUCKET: undefined,
        S3_ACCESS_KEY_ID: undefined,
        S3_SECRET_ACCESS_KEY: undefined,
      });
      expect(namedInProduction(bare.message).sort()).toEqual(
        ['S3_ACCESS_KEY_ID', 'S3_BUCKET', 'S3_SECRET_ACCESS_KEY'].sort(),
      );
      const s3 = loadConfig(productionEnv);
      expect(s3.storage).toMatchObject({ kind: 's3', bucket: 'adboard-photos' });
    });

    it('reaches the S3 store of the S3_* settings for a backup, whatever STORAGE says', () => {
      const s3Settings = {
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'backup-key',
        S3_SECRET_ACCESS_KEY: 'backup-secret',
        S3_FORCE_PATH_STYLE: 'true',
      };
      const local = loadConfig({ STORAGE: 'local', ...s3Settings });
      expect(local.storage.kind).toBe('local');
      expect(local.s3).toEqual({
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'backup-key', secretAccessKey: 'backup-secret' },
        forcePathStyle: true,
      });
      expect(loadConfig(productionEnv).s3).toMatchObject({
        credentials: { accessKeyId: expect.any(String) },
      });
      expect(configError({ S3_ACCESS_KEY_ID: 'only-half' }).message).toContain(
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      );
    });

    it('finds pg_dump and pg_restore in PG_BIN_DIR, made absolute, or else on the PATH', () => {
      expect(loadConfig({}).pgBinDir).toBeUndefined();
      expect(loadConfig({ PG_BIN_DIR: '/usr/lib/postgresql/16/bin' }).pgBinDir).toBe(
        '/usr/lib/postgresql/16/bin',
      );
      expect(loadConfig({ PG_BIN_DIR: 'tools/pg' }).pgBinDir).toBe(path.resolve('tools/pg'));
    });

    it('keeps development as it was: no settings, photos in ./data', () => {
      const config = loadConfig({});
      expect(config.storage.kind).toBe('local');
      expect(config.dataDir).toBe(path.resolve('./data'));
      expect(configError({ STORAGE: 's3' }).message).toContain('S3_BUCKET');
    });

    /** What production must never run on, whatever else the settings say. */
    function expectNothingDemo(config: ReturnType<typeof loadConfig>) {
      expect(config.isProduction).toBe(true);
      expect(config.databaseUrl).toBeDefined();
      expect(config.devOutbox).toBe(false);
      expect(config.mail.smtpUrl).toBeDefined();
      expect(config.mail.from).toBeDefined();
      expect(config.sms.provider).toBe('twilio');
      expect(config.bitcoin.demoKey).toBe(false);
      expect(config.bitcoin.account.fingerprint).not.toBe(
        loadConfig({}).bitcoin.account.fingerprint,
      );
      expect(config.bitcoin.esploraUrl).toBeDefined();
      expect(config.photoUrlSecret).toBeDefined();
      expect(config.localBacklinks).toBe(false);
      expect(config.rateLimitScale).toBe(1);
    }

    it('never ends up on demo data, the demo key, the fake chain, the demo rate or the outbox', () => {
      const required = [
        'DATABASE_URL',
        'SMTP_URL',
        'MAIL_FROM',
        'TWILIO_ACCOUNT_SID',
        'TWILIO_AUTH_TOKEN',
        'TWILIO_FROM',
        'BTC_XPUB',
        'ESPLORA_URL',
        'STORAGE',
        'PHOTO_URL_SECRET',
      ] as const;
      const changes = fc.record(
        {
          removed: fc.subarray([...required, 'SMS_PROVIDER', 'BTC_RATE_URL', 'DATA_DIR']),
          SMS_PROVIDER: fc.constantFrom('outbox', 'twilio'),
          BTC_XPUB: fc.constantFrom(DEMO_BTC_XPUB, asTpub(DEMO_BTC_XPUB), ABANDON_VPUB, BIP84_ZPUB),
          BTC_NETWORK: fc.constantFrom(undefined, 'mainnet', 'testnet', 'regtest'),
          STORAGE: fc.constantFrom('local', 's3'),
          DATA_DIR: fc.constantFrom(undefined, '/srv/adboard'),
          DEV_LOCAL_BACKLINKS: fc.constantFrom(undefined, 'false', 'true'),
          RATE_LIMIT_SCALE: fc.constantFrom(undefined, '1', '1000'),
        },
        { requiredKeys: ['removed'] },
      );
      fc.assert(
        fc.property(changes, ({ removed, ...set }) => {
          const env: Record<string, string | undefined> = { ...productionEnv, ...set };
          for (const name of removed) env[name] = undefined;
          let config;
          try {
            config = loadConfig(env);
          } catch (error) {
            if (!(error instanceof ConfigError)) throw error;
            const named = namedInProduction(error.message);
            for (const name of removed) {
              if ((required as readonly string[]).includes(name)) expect(named).toContain(name);
            }
            return;
          }
          expectNothingDemo(config);
          for (const name of required) expect(removed).not.toContain(name);
        }),
        { numRuns: 300 },
      );
    });
  });

  it('keeps SMS in the outbox by default and refuses Twilio without its settings, naming them', () => {
    expect(loadConfig({ SMS_PROVIDER: 'outbox', TWILIO_FROM: '+15005550006' }).sms).toEqual({
      provider: 'outbox',
    });
    const error = configError({ SMS_PROVIDER: 'twilio' });
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']) {
      expect(error.message).toContain(name);
    }
    const noFrom = configError({ ...productionEnv, NODE_ENV: 'development', TWILIO_FROM: ' ' });
    expect(noFrom.message).toContain('TWILIO_FROM');
    expect(noFrom.message).not.toContain('TWILIO_ACCOUNT_SID');
  });

  it('reads the Twilio settings, with the API URL defaulting to Twilio', () => {
    const config = loadConfig({ ...productionEnv, NODE_ENV: 'development' });
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'twilio-auth-token',
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
    });
    const service = loadConfig({
      ...productionEnv,
      TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef',
      TWILIO_API_URL: 'http://127.0.0.1:4010/',
    });
    expect(service.sms).toMatchObject({
      from: 'MG0123456789abcdef0123456789abcdef',
      apiUrl: 'http://127.0.0.1:4010',
    });
  });

  it.each([
    ['SMS_PROVIDER', 'nexmo'],
    ['TWILIO_ACCOUNT_SID', 'SK0123456789abcdef0123456789abcdef'],
    ['TWILIO_FROM', '7022084567'],
    ['TWILIO_FROM', 'MG123'],
    ['TWILIO_API_URL', 'ftp://api.twilio.com'],
  ])('refuses %s=%s naming it', (name, value) => {
    expect(configError({ ...productionEnv, [name]: value }).message).toContain(name);
  });

  it('starts production with every setting given, with the dev outbox off', () => {
    const config = loadConfig(productionEnv);
    expect(config.isProduction).toBe(true);
    expect(config.devOutbox).toBe(false);
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mail.example:587',
      from: 'no-reply@velvetboard.example',
    });
    expect(config.sms.provider).toBe('twilio');
    expect(Object.isFrozen(config.sms)).toBe(true);
  });

  it('refuses an SMTP_URL that is not smtp or smtps', () => {
    expect(configError({ ...productionEnv, SMTP_URL: 'http://mail.example' }).message).toContain(
      'SMTP_URL',
    );
  });

  it('needs the bootstrap admin email and password together', () => {
    expect(configError({ BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com' }).message).toMatch(
      /BOOTSTRAP_ADMIN_PASSWORD/,
    );
    expect(configError({ BOOTSTRAP_ADMIN_PASSWORD: 'a long operator pass' }).message).toMatch(
      /BOOTSTRAP_ADMIN_EMAIL/,
    );
    const config = loadConfig({
      BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: 'a long operator pass',
    });
    expect(config.bootstrapAdmin).toEqual({
      email: 'ops@example.com',
      password: 'a long operator pass',
    });
  });

  it('reads PHOTO_URL_SECRET, and refuses a short one naming it without quoting it', () => {
    expect(loadConfig({}).photoUrlSecret).toBeUndefined();
    const secret = 'k'.repeat(31) + 'Q';
    expect(loadConfig({ PHOTO_URL_SECRET: secret }).photoUrlSecret).toBe(secret);
    const error = configError({ PHOTO_URL_SECRET: 'short-secret-value' });
    expect(error.message).toContain('PHOTO_URL_SECRET');
    expect(error.message).not.toContain('short-secret-value');
  });

  it('refuses an invalid flag value naming it', () => {
    expect(configError({ RUN_JOBS: 'maybe' }).message).toContain('RUN_JOBS');
    expect(loadConfig({ RUN_JOBS: 'false' }).runJobs).toBe(false);
    expect(loadConfig({}).runJobs).toBe(true);
  });

  describe('bitcoin settings', () => {
    it('runs with no settings on testnet with the public demo key and a fixed demo rate', () => {
      const { bitcoin } = loadConfig({});
      expect(bitcoin.network).toBe('testnet');
      expect(bitcoin.demoKey).toBe(true);
      expect(bitcoin.account.keyType).toBe('vpub');
      expect(DEMO_BTC_XPUB.startsWith('vpub')).toBe(true);
      expect(deriveReceiveAddress(bitcoin.account, 0)).toMatch(/^tb1q/);
      expect(bitcoin.confirmations).toBe(1);
      expect(bitcoin.esploraUrl).toBeUndefined();
      expect(bitcoin.rate).toEqual({ kind: 'fixed', value: 60000 });
      expect(Object.isFrozen(bitcoin)).toBe(true);
    });

    it('uses the demo key on regtest too, with bcrt1 addresses', () => {
      const { bitcoin } = loadConfig({ BTC_NETWORK: 'regtest' });
      expect(bitcoin.network).toBe('regtest');
      expect(deriveReceiveAddress(bitcoin.account, 0)).toMatch(/^bcrt1q/);
    });

    it('reads the key, network, confirmations and Esplora URL it is given', () => {
      const { bitcoin } = loadConfig({
        BTC_XPUB: BIP84_ZPUB,
        BTC_NETWORK: 'mainnet',
        BTC_CONFIRMATIONS: '3',
        ESPLORA_URL: 'http://127.0.0.1:3002/api/',
      });
      expect(bitcoin.demoKey).toBe(false);
      expect(bitcoin.network).toBe('mainnet');
      expect(deriveReceiveAddress(bitcoin.account, 0)).toBe(
        'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      );
      expect(bitcoin.confirmations).toBe(3);
      expect(bitcoin.esploraUrl).toBe('http://127.0.0.1:3002/api');
    });

    it("outside production, follows the key's network when BTC_NETWORK is not set", () => {
      expect(loadConfig({ BTC_XPUB: BIP84_ZPUB }).bitcoin.network).toBe('mainnet');
      expect(loadConfig({ BTC_XPUB: DEMO_BTC_XPUB }).bitcoin.network).toBe('testnet');
      expect(loadConfig({ BTC_XPUB: DEMO_BTC_XPUB, BTC_NETWORK: 'regtest' }).bitcoin.network).toBe(
        'regtest',
      );
    });

    it('defaults to mainnet in production', () => {
      const config = loadConfig(productionEnv);
      expect(config.bitcoin.network).toBe('mainnet');
      expect(config.bitcoin.account.keyType).toBe('zpub');
      expect(config.bitcoin.esploraUrl).toBe('https://esplora.example/api');
    });

    it('refuses a private key, naming BTC_XPUB and never quoting the key', () => {
      for (const env of [
        { BTC_XPUB: BIP84_ZPRV, BTC_NETWORK: 'mainnet' },
        { ...productionEnv, BTC_XPUB: BIP84_ZPRV },
      ]) {
        const error = configError(env);
        expect(error.message).toContain(
          "BTC_XPUB holds a private key: give the account's extended PUBLIC key",
        );
        expect(error.message).not.toContain(BIP84_ZPRV.slice(4, 24));
      }
    });

    it('refuses a malformed key or one for another network, naming BTC_XPUB', () => {
      expect(configError({ BTC_XPUB: 'xpub-not-a-key' }).message).toContain('BTC_XPUB');
      const mismatch = configError({ BTC_XPUB: BIP84_ZPUB, BTC_NETWORK: 'testnet' });
      expect(mismatch.message).toContain('BTC_XPUB');
      expect(mismatch.message).toContain('BTC_NETWORK is testnet');
      expect(configError({ BTC_XPUB: DEMO_BTC_XPUB, BTC_NETWORK: 'mainnet' }).message).toContain(
        'BTC_NETWORK is mainnet',
      );
    });

    it('refuses mainnet without a key of its own', () => {
      expect(configError({ BTC_NETWORK: 'mainnet' }).message).toMatch(
        /BTC_NETWORK=mainnet needs BTC_XPUB/,
      );
    });

    it('refuses production without a key, a chain source and a rate source, naming each', () => {
      const noKey = configError({ ...productionEnv, BTC_XPUB: '' });
      expect(noKey.message).toContain("BTC_XPUB: the site's own account key");
      const noEsplora = configError({ ...productionEnv, ESPLORA_URL: undefined });
      expect(noEsplora.message).toContain('ESPLORA_URL');
      expect(noEsplora.message).not.toContain('BTC_XPUB');
      const noRate = configError({
        ...productionEnv,
        BTC_RATE_URL: undefined,
        BTC_RATE_FALLBACK: undefined,
      });
      expect(noRate.message).toContain('BTC_RATE_URL or BTC_FIXED_RATE');
      expect(noRate.message).not.toContain('ESPLORA_URL');
    });

    it('runs production on a fixed rate, or on testnet with a key of its own when told to', () => {
      const fixed = loadConfig({
        ...productionEnv,
        BTC_RATE_URL: undefined,
        BTC_RATE_FALLBACK: undefined,
        BTC_FIXED_RATE: '61234.56',
      });
      expect(fixed.bitcoin.rate).toEqual({ kind: 'fixed', value: 61234.56 });
      const staging = loadConfig({
        ...productionEnv,
        BTC_XPUB: ABANDON_VPUB,
        BTC_NETWORK: 'testnet',
      });
      expect(staging.bitcoin.network).toBe('testnet');
      expect(staging.bitcoin.demoKey).toBe(false);
    });

    it('refuses the public demo key in production on any network and in any spelling', () => {
      for (const key of [DEMO_BTC_XPUB, asTpub(DEMO_BTC_XPUB)]) {
        for (const network of ['testnet', 'regtest']) {
          const error = configError({ ...productionEnv, BTC_XPUB: key, BTC_NETWORK: network });
          expect(error.message).toContain('BTC_XPUB: not the public demo key');
        }
      }
      expect(loadConfig({ BTC_XPUB: asTpub(DEMO_BTC_XPUB) }).bitcoin.network).toBe('testnet');
    });

    it('reads the rate provider with its fallback, or a fixed rate', () => {
      expect(loadConfig(productionEnv).bitcoin.rate).toEqual({
        kind: 'provider',
        url: 'https://rates.example/btc',
        fallback: 60000,
      });
      expect(loadConfig({ BTC_RATE_URL: 'http://127.0.0.1:4020/rate' }).bitcoin.rate).toEqual({
        kind: 'provider',
        url: 'http://127.0.0.1:4020/rate',
        fallback: undefined,
      });
      expect(loadConfig({ BTC_FIXED_RATE: '45000' }).bitcoin.rate).toEqual({
        kind: 'fixed',
        value: 45000,
      });
    });

    it('refuses a fixed rate with a provider, and a fallback without one', () => {
      const both = configError({ BTC_FIXED_RATE: '60000', BTC_RATE_URL: 'https://rates.example' });
      expect(both.message).toMatch(/BTC_RATE_URL and BTC_FIXED_RATE/);
      expect(configError({ BTC_RATE_FALLBACK: '60000' }).message).toMatch(
        /BTC_RATE_FALLBACK needs BTC_RATE_URL/,
      );
    });

    it.each([
      ['BTC_NETWORK', 'signet'],
      ['BTC_CONFIRMATIONS', '0'],
      ['BTC_CONFIRMATIONS', '1.5'],
      ['BTC_CONFIRMATIONS', 'many'],
      ['ESPLORA_URL', 'ftp://esplora.example'],
      ['ESPLORA_URL', 'not a url'],
      ['BTC_FIXED_RATE', '0'],
      ['BTC_FIXED_RATE', '-60000'],
      ['BTC_FIXED_RATE', 'abc'],
      ['BTC_FIXED_RATE', '60000.123'],
      ['BTC_FIXED_RATE', '1e5'],
      ['BTC_RATE_URL', 'file:///etc/rate'],
      ['BTC_RATE_FALLBACK', '0.00'],
    ])('refuses %s=%s naming it', (name, value) => {
      expect(configError({ [name]: value }).message).toContain(name);
    });
  });
});
