import { catalogueAreas, messagesOf, type Language } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { adRow, createAd } from './support/ads.js';
import { latestCode, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/*
 * The reader's language kept (issue 30): a new account starts with the language it
 * registered in, the language menu's choice while signed in is kept on the account,
 * and the account's language answers its requests when the browser chose none. An ad
 * keeps the language it was posted in, for a poster without an account.
 */

const answers = (language: Language) => messagesOf(catalogueAreas.answers, language);
const mails = (language: Language) => messagesOf(catalogueAreas.mails, language);

/** The newest mail to `to`, once the account mails asked for are written. */
async function newestMail(t: TestApp, to: string) {
  const [mail] = await readOutbox(t.app, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

describe("the account's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const storedLanguage = async (email: string) => {
    const result = await t.database.pool.query<{ language: string | null }>(
      'SELECT language FROM users WHERE email_normalized = $1',
      [email],
    );
    return result.rows[0]?.language;
  };

  /** Registers with `accept-language` and signs in with the mailed code; the session. */
  async function registerIn(email: string, acceptLanguage: string): Promise<string> {
    const headers = { 'accept-language': acceptLanguage };
    const body = { email, password: 'a long enough passphrase' };
    const reg = await call(t.app, 'POST', '/api/user/register', { body, headers });
    expect(reg.status).toBe(200);
    const code = await latestCode(t.app, email);
    const res = await call(t.app, 'POST', '/api/user/verifyemail', {
      body: { email, code },
      headers,
    });
    expect(res.status).toBe(200);
    return (res.json as { user: { token: string } }).user.token;
  }

  const keep = (session: string, language: unknown, headers: Record<string, string> = {}) =>
    call(t.app, 'PUT', '/api/account/language', {
      body: { language },
      headers: { session, ...headers },
    });

  it('starts a new account with the language it registered in, and the status says it', async () => {
    const email = 'french.registrant@example.com';
    await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'a long enough passphrase' },
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    // The registration code's mail, the account's first, is in French.
    const codeMail = await newestMail(t, email);
    const code = codeMail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(codeMail.subject).toContain(mails('fr-CA').verificationCode.subject({ code }));
    expect(codeMail.html).toContain('<html lang="fr-CA">');
    const session = await registerIn(email, 'fr-CA,fr;q=0.9');
    expect(await storedLanguage('french.registrant@example.com')).toBe('fr-CA');
    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session } });
    expect(status.json).toMatchObject({ ok: true, language: 'fr-CA' });
  });

  it("keeps the menu's choice on the account, and answers the account in it when the browser chose none", async () => {
    const email = 'switching.reader@example.com';
    const session = await registerIn(email, 'en-US');
    expect(await storedLanguage(email)).toBe('en');

    const kept = await keep(session, 'es');
    expect(kept.status).toBe(200);
    expect(await storedLanguage(email)).toBe('es');
    const status = await call(t.app, 'GET', '/api/user/status', { headers: { session } });
    expect(status.json).toMatchObject({ language: 'es' });

    // A refusal to this account, with no language of the browser's: in Spanish.
    const refused = await keep(session, 'de');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: answers('es').rules.languageNotOffered });
    expect(await storedLanguage(email)).toBe('es');
    // The browser's own choice (the menu's cookie) still comes first.
    const french = await keep(session, 'de', { cookie: 'lang=fr-CA' });
    expect(french.json).toMatchObject({ error: answers('fr-CA').rules.languageNotOffered });

    // Its mails follow the account, whatever language the asking browser speaks.
    const reset = await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email },
      headers: { 'accept-language': 'en-US' },
    });
    expect(reset.status).toBe(200);
    const resetMail = await newestMail(t, email);
    expect(resetMail.subject).toContain(mails('es').passwordReset.subject);
    expect(resetMail.html).toContain('<html lang="es">');
  });

  it('keeps nothing for a stranger', async () => {
    const res = await call(t.app, 'PUT', '/api/account/language', { body: { language: 'es' } });
    expect(res.status).toBe(401);
  });

  it('keeps on an ad the language it was posted in', async () => {
    const spanish = await createAd(t.app, {
      email: 'anonymous.poster@example.com',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    const english = await createAd(t.app, { email: 'anonymous.poster@example.com' });
    expect((await adRow(t, spanish.postId)).language).toBe('es');
    expect((await adRow(t, english.postId)).language).toBe('en');
    const [englishMail, spanishMail] = await readOutbox(t.app, 'anonymous.poster@example.com');
    expect(spanishMail?.subject).toContain(mails('es').adCreated.subject({ adId: spanish.postId }));
    expect(englishMail?.subject).toContain(mails('en').adCreated.subject({ adId: english.postId }));
  });
});
