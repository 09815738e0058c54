import os from 'node:os';

/**
 * Settings that let the app start with NODE_ENV=production (nothing is reached: the
 * test app runs on its own test database, photo folder, fake chain and transports).
 */
export const productionEnv: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://adboard@127.0.0.1:1/not-used-by-the-test-app',
  STORAGE: 'local',
  DATA_DIR: os.tmpdir(),
  PHOTO_URL_SECRET: 'production-test-photo-link-secret-0123456789',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'no-reply@velvetboard.example',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+15005550006',
  // The public BIP84 test vector key: never used for money.
  BTC_XPUB:
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  ESPLORA_URL: 'http://127.0.0.1:1',
  BTC_FIXED_RATE: '60000',
};
