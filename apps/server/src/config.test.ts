import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_BTC_XPUB, loadConfig } from './config.js';
import { deriveReceiveAddress } from './modules/payments/xpub.js';

/** BIP84's test vector account key (the 'abandon … about' mnemonic): public, for tests. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** The private key of the same account: must be refused. */
const BIP84_ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';

const productionEnv = {
  NODE_ENV: 'production',
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
    expect(() => loadConfig({ ...productionEnv, DEV_LOCAL_BACKLINKS: 'true' })).toThrow(
      /DEV_LOCAL_BACKLINKS must be off in production/,
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
      expect(configError({ ...productionEnv, BTC_XPUB: DEMO_BTC_XPUB }).message).toContain(
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
      expect(noKey.message).toContain('missing: BTC_XPUB');
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

    it('runs production on a fixed rate or on testnet when told to', () => {
      const fixed = loadConfig({
        ...productionEnv,
        BTC_RATE_URL: undefined,
        BTC_RATE_FALLBACK: undefined,
        BTC_FIXED_RATE: '61234.56',
      });
      expect(fixed.bitcoin.rate).toEqual({ kind: 'fixed', value: 61234.56 });
      const staging = loadConfig({
        ...productionEnv,
        BTC_XPUB: DEMO_BTC_XPUB,
        BTC_NETWORK: 'testnet',
      });
      expect(staging.bitcoin.network).toBe('testnet');
      expect(staging.bitcoin.demoKey).toBe(false);
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
