import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const productionEnv = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  MAIL_FROM: 'no-reply@velvetboard.example',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+15005550006',
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

  it('refuses a DATABASE_URL that is not PostgreSQL, naming it', () => {
    const error = configError({ DATABASE_URL: 'mysql://x' });
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain('PORT');
  });

  it('refuses production without real mail and SMS settings, naming each missing one', () => {
    const error = configError({ NODE_ENV: 'production' });
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SMS_PROVIDER']) {
      expect(error.message).toContain(name);
    }
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

  it('refuses an invalid flag value naming it', () => {
    expect(configError({ RUN_JOBS: 'maybe' }).message).toContain('RUN_JOBS');
    expect(loadConfig({ RUN_JOBS: 'false' }).runJobs).toBe(false);
    expect(loadConfig({}).runJobs).toBe(true);
  });
});
