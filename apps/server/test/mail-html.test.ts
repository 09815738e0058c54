import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

/**
 * The HTML part of every mail is a whole document: the W3C validator asks for a
 * <title> in a <head> and a language on <html>. Every mail shares one frame
 * (brandedMail), so the register mail stands for them all.
 */
describe('the HTML of a mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names its language and has a head with the charset and the subject as title', async () => {
    const email = 'html.mail@example.com';
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'correct horse battery' },
    });
    expect(res.status).toBe(200);
    const [mail] = await readOutbox(t.app, email);
    const html = mail?.html ?? '';
    expect(html).toMatch(/^<!doctype html><html lang="en">/i);
    const head = html.match(/<head>(.*?)<\/head>/s)?.[1] ?? '';
    expect(head).toContain('<meta charset="utf-8">');
    const title = head.match(/<title>(.*?)<\/title>/s)?.[1];
    expect(title).toBe(mail?.subject);
    expect(html.indexOf('</head><body')).toBeGreaterThan(0);
  });
});
