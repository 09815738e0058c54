import { catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('an address that is not a valid URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gets a 400 with the catalogue message, for a page and for the API alike', async () => {
    for (const url of ['/%E0%A4%A', '/api/post/%E0%A4%A', '/photos/1/%ZZ-800.webp']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ success: false, error: answersEn.http.badAddress });
    }
  });
});
