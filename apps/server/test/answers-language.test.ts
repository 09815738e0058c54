import { catalogueAreas, durationText, messagesOf, type Language } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limiterWith, login, registerVerified } from './support/accounts.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/*
 * The API's error answers keep their `error` text in the request's language (issue 30):
 * the `lang` cookie of the language menu, else Accept-Language (the app sends its own),
 * else the brand's. The same rule chooses the app page's language.
 */

const answers = (language: Language) => messagesOf(catalogueAreas.answers, language);

describe("the API's answers in the request's language", () => {
  let t: TestApp;
  const email = 'answers.language@example.com';
  const password = 'a long enough passphrase';

  beforeAll(async () => {
    t = await createTestApp({
      limiter: limiterWith({
        resetPassword: {
          ip: { max: 1, windowMs: 60 * 60_000 },
          account: { max: 1, windowMs: 60 * 60_000 },
        },
      }),
    });
    await registerVerified(t.app, email, password);
  });
  afterAll(async () => {
    await t.close();
  });

  const wrongLogin = (headers: Record<string, string>) =>
    call(t.app, 'POST', '/api/user/login', { body: { email, password: 'wrong!' }, headers });

  it('says a refusal in the language Accept-Language names, English without one', async () => {
    const french = await wrongLogin({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    const spanish = await wrongLogin({ 'accept-language': 'es-MX' });
    const none = await wrongLogin({});
    expect(french.status).toBe(401);
    expect(french.json).toEqual({
      success: false,
      error: answers('fr-CA').auth.invalidCredentials,
    });
    expect(spanish.json).toEqual({ success: false, error: answers('es').auth.invalidCredentials });
    expect(none.json).toEqual({ success: false, error: answers('en').auth.invalidCredentials });
    expect(answers('fr-CA').auth.invalidCredentials).not.toBe(
      answers('en').auth.invalidCredentials,
    );
  });

  it("follows the language menu's cookie over the browser's languages", async () => {
    const res = await wrongLogin({ 'accept-language': 'fr-CA', cookie: 'lang=es' });
    expect(res.json).toEqual({ success: false, error: answers('es').auth.invalidCredentials });
  });

  it("says each field's problem of a refused body in that language, its placeholders filled", async () => {
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: { email: 'not an email', password: 'x'.repeat(300) },
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(res.status).toBe(400);
    const french = answers('fr-CA');
    expect(res.json).toEqual({
      success: false,
      error: french.http.validationFailed,
      fields: {
        email: french.rules.invalidEmail,
        password: french.auth.passwordTooLong({ maxLength: 256 }),
      },
    });
  });

  it('says a body that is not JSON, an unknown address and a bad address in that language', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: {
        host: 'localhost:3000',
        'content-type': 'application/json',
        'accept-language': 'es',
      },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, error: answers('es').http.invalidJson });
    const unknown = await call(t.app, 'GET', '/api/no-such-thing', {
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ success: false, error: answers('es').http.notFound });
    const bad = await call(t.app, 'GET', '/api/ads/%E0%A4%A', {
      headers: { 'accept-language': 'fr-CA' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ success: false, error: answers('fr-CA').http.badAddress });
  });

  it("says a limit's wait in words of that language", async () => {
    const ask = () =>
      call(t.app, 'POST', '/api/user/resetpassword', {
        body: { email },
        headers: { 'accept-language': 'fr-CA' },
      });
    expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    const minutes = Math.ceil(seconds / 60);
    expect(limited.json).toEqual({
      success: false,
      error: answers('fr-CA').http.tooManyRequests({
        wait: durationText('fr-CA').minutes({ n: minutes }),
      }),
    });
    expect((limited.json as { error: string }).error).toContain('minutes');
  });

  it('refuses another site in that language', async () => {
    const res = await call(t.app, 'POST', '/api/user/login', {
      body: { email, password },
      headers: { origin: 'https://elsewhere.example', 'accept-language': 'fr-CA' },
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, error: answers('fr-CA').http.originRefused });
  });

  it('signs in whatever the language', async () => {
    expect((await login(t.app, email, password)).status).toBe(200);
  });
});
