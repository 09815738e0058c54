import { lifecycleMessages, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxOnlyTransport } from '../src/adapters/mail/mail-transport.js';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { adRow, createAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { readOutbox } from './support/outbox.js';
import { createTestApp, type TestApp } from './support/test-app.js';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the ad-lifecycle job on the queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Workers run with an outbox-only mail transport (the job's mails stay readable).
    t = await createTestApp({ limiter: relaxedLimiter(), mail: createOutboxOnlyTransport() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is scheduled every minute once the workers are registered', async () => {
    const result = await t.database.pool.query<{ cron: string }>(
      "SELECT cron FROM pgboss.schedule WHERE name = 'ad-lifecycle'",
    );
    expect(result.rows).toEqual([{ cron: '* * * * *' }]);
  });

  it('expires an ad whose time is up and mails its owner when the job runs', async () => {
    const email = 'lifecycle-job@example.com';
    const owner = await registerVerified(t.app, email, 'a long enough passphrase');
    const ad = await createAd(t.app, { session: owner.token });
    await makeAdPublic(t, ad.postId, { expiresInDays: -1 });

    await t.database.transaction((tx) => t.queue.send(tx, 'ad-lifecycle', {}));

    const row = await until(
      () => adRow(t, ad.postId),
      (value) => value.status === 'expired',
    );
    expect(row.status).toBe('expired');
    const [mail] = await readOutbox(t.app, email);
    expect(mail?.subject).toContain(
      sayIn('en', lifecycleMessages.mail.expiredSubject({ adId: ad.postId })),
    );
    expect(mail?.text).toContain(`http://localhost:3000/edit-post?id=${ad.postId}&renew=1`);
  });
});
