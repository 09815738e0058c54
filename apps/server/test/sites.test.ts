import { publicSiteSchema } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { latestResetLink, readOutbox } from './support/outbox.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('the site (brand) is chosen by the Host header', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
  });
  afterAll(async () => {
    await t.close();
  });

  const siteFor = (host: string) => call(t.app, 'GET', '/api/site', { headers: { host } });

  it.each([
    ['localhost:3000', 'local'],
    ['127.0.0.1:3000', 'local'],
    ['POST.VelvetBoard.example', 'velvet'],
    ['post.velvetboard.example.', 'velvet'],
    ['post.velvetboard.example.:8443', 'velvet'],
    ['post.nightlist.example', 'nightlist'],
    ['post-v2.nightlist.example:8443', 'nightlist'],
    ['las-vegas.velvetboard.example', 'velvet'],
    ['unknown.test', 'network'],
    ['velvetboard.example.evil.test', 'network'],
  ])('%s → %s', async (host, id) => {
    const res = await siteFor(host);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id });
  });

  it('shows the public part of the site only: no host list', async () => {
    const res = await siteFor('post.nightlist.example');
    const body = res.json as Record<string, unknown>;
    expect(body).not.toHaveProperty('hosts');
    expect(publicSiteSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ id: 'nightlist', name: 'Nightlist', usesTier2: false });
  });

  it('brands the mails with the site the request came to', async () => {
    const email = 'night.owl@example.com';
    const res = await call(t.app, 'POST', '/api/user/register', {
      body: { email, password: 'a long enough passphrase' },
      headers: { host: 'post.nightlist.example' },
    });
    expect(res.status).toBe(200);
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain('Nightlist');
    expect(mail?.subject).not.toContain('Adboard');
    expect(mail?.text).toContain('Nightlist');
  });

  it('points emailed links at the host asked when the site owns it', async () => {
    const email = 'velvet.user@example.com';
    await registerVerified(t.app, email, 'a long enough passphrase');
    await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email },
      headers: { host: 'POST.velvetboard.example' },
    });
    const link = await latestResetLink(t.app, email);
    expect(link.origin).toBe('https://post.velvetboard.example');
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain('Velvet Board');
  });

  it('never points an emailed link at a host the registry does not know', async () => {
    const email = 'poisoned.host@example.com';
    await registerVerified(t.app, email, 'a long enough passphrase');
    await call(t.app, 'POST', '/api/user/resetpassword', {
      body: { email },
      headers: { host: 'attacker.example:3000' },
    });
    const link = await latestResetLink(t.app, email);
    expect(link.origin).toBe('https://adboard-network.example');
  });
});
