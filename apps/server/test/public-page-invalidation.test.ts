import { afterAll, beforeAll, describe } from 'vitest';
import { relaxedLimiter } from './support/accounts.js';
import { signedInWithRole } from './support/moderation.js';
import { pageChangeScenarios, type PageChangeRig } from './support/page-changes.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/*
 * Without REDIS_URL one process serves the pages and runs the jobs: a change
 * drops its own cached pages directly, so the next read shows it.
 */
describe('one process: a change drops its own cached pages at once', () => {
  let t: TestApp;
  let rig: PageChangeRig;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), publicPageTtlMs: 60_000 });
    rig = {
      writer: t,
      reader: t,
      worker: t,
      moderator: await signedInWithRole(t, 'pages-mod@example.com', 'moderator'),
      admin: await signedInWithRole(t, 'pages-admin@example.com', 'admin'),
      shows: 'at once',
    };
  });
  afterAll(async () => {
    await t.close();
  });

  pageChangeScenarios(() => rig);
});
