import { expect, it } from 'vitest';
import { runAdLifecycle } from '../../src/modules/lifecycle/run-ad-lifecycle.js';
import { siteById } from '../../src/modules/sites/site-by-id.js';
import { registerVerified, type SignedIn } from './accounts.js';
import { adForm } from './ads.js';
import { pendingAd, as } from './moderation-fixtures.js';
import { call, type TestApp } from './test-app.js';

const HOST = { host: 'las-vegas.localhost:3000' };

/**
 * Where the changes of the page-change scenarios are made and where they must
 * show: one app for both (one process), or two apps on one database (two
 * servers). The reader's pages are cached far longer than the 5 s of the
 * server, so only an invalidation explains a page that changes.
 */
export interface PageChangeRig {
  /** Where owners and moderators act. */
  writer: TestApp;
  /** Whose cached public pages must change. */
  reader: TestApp;
  /** Where the lifecycle job runs (the worker): its announcements reach the reader. */
  worker: TestApp;
  moderator: SignedIn;
  admin: SignedIn;
  /** 'at once': the first read after the change shows it; 'soon': a message must travel first. */
  shows: 'at once' | 'soon';
}

let owners = 0;

async function freshOwner(rig: PageChangeRig): Promise<SignedIn> {
  owners += 1;
  return registerVerified(rig.writer.app, `page-owner-${owners}@example.com`, 'a long passphrase');
}

/** A pending ad of its own owner, with a phone of its own (a ban bars the owner's phone). */
async function pending(rig: PageChangeRig, owner: SignedIn, title: string): Promise<string> {
  return pendingAd(rig.writer, owner.token, {
    overrides: { title, phone: `702-208-${String(4700 + owners).padStart(4, '0')}` },
  });
}

async function approve(rig: PageChangeRig, id: string): Promise<void> {
  const res = await call(
    rig.writer.app,
    'POST',
    `/api/admin/posts/${id}/approve`,
    as(rig.moderator.token),
  );
  expect(res.status, res.text).toBe(200);
}

async function liveAd(rig: PageChangeRig, title: string): Promise<{ id: string; owner: SignedIn }> {
  const owner = await freshOwner(rig);
  const id = await pending(rig, owner, title);
  await approve(rig, id);
  return { id, owner };
}

/** The reader's city page and the ad's details page, read (and so cached) as the public would. */
async function readerPages(rig: PageChangeRig, id: string) {
  const city = await call(rig.reader.app, 'GET', '/', { headers: HOST });
  const ad = await call(rig.reader.app, 'GET', `/ads/details/${id}`, { headers: HOST });
  expect(city.status).toBe(200);
  return {
    listed: city.text.includes(`href="/en/ads/details/${id}"`),
    adStatus: ad.status,
    adText: ad.text,
  };
}

type Pages = Awaited<ReturnType<typeof readerPages>>;

/** Reads the reader's pages until they pass `check`: once ('at once'), or for a few seconds. */
async function expectPages(
  rig: PageChangeRig,
  id: string,
  check: (pages: Pages) => boolean,
  what: string,
): Promise<void> {
  const deadline = Date.now() + (rig.shows === 'at once' ? 0 : 4_000);
  for (;;) {
    const pages = await readerPages(rig, id);
    if (check(pages)) return;
    if (Date.now() >= deadline) {
      const title = /<title>([^<]*)<\/title>/.exec(pages.adText)?.[1];
      const seen = { listed: pages.listed, adStatus: pages.adStatus, title };
      throw new Error(`${what}: the reader's pages did not change (${JSON.stringify(seen)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const shown = (pages: Pages) => pages.listed && pages.adStatus === 200;
const gone = (pages: Pages) => !pages.listed && pages.adStatus === 404;

/**
 * Each change of an ad that the public sees (an approval, a rejection, an
 * approved edit, a deletion, a ban, an expiry by the job) takes its city page
 * and its details page out of the reader's cache, inside the cache's lifetime.
 */
export function pageChangeScenarios(rigOf: () => PageChangeRig): void {
  it('an approval lists the ad and opens its page', async () => {
    const rig = rigOf();
    const owner = await freshOwner(rig);
    const id = await pending(rig, owner, 'Waiting for approval');
    expect(await readerPages(rig, id)).toMatchObject({ listed: false, adStatus: 404 });
    await approve(rig, id);
    await expectPages(rig, id, shown, 'after the approval');
  });

  it('a rejection of a live ad takes it off', async () => {
    const rig = rigOf();
    const { id } = await liveAd(rig, 'Live, then rejected');
    await expectPages(rig, id, shown, 'before the rejection');
    const res = await call(rig.writer.app, 'POST', `/api/admin/posts/${id}/reject`, {
      ...as(rig.moderator.token),
      body: { code: 'illegal_or_scam', reason: 'Taken down for the test.' },
    });
    expect(res.status, res.text).toBe(200);
    await expectPages(rig, id, gone, 'after the rejection');
  });

  it('an approved edit shows its new words', async () => {
    const rig = rigOf();
    const { id, owner } = await liveAd(rig, 'Title before the edit');
    await expectPages(rig, id, (p) => p.adText.includes('Title before the edit'), 'before');
    const edited = await call(rig.writer.app, 'PATCH', '/api/post', {
      headers: { session: owner.token },
      body: { ...adForm, post_id: id, title: 'Title after the edit', phone: '702-208-4699' },
    });
    expect(edited.status, edited.text).toBe(200);
    await approve(rig, id);
    await expectPages(rig, id, (p) => p.adText.includes('Title after the edit'), 'after the edit');
  });

  it('a deletion by the owner takes it off', async () => {
    const rig = rigOf();
    const { id, owner } = await liveAd(rig, 'Live, then deleted');
    await expectPages(rig, id, shown, 'before the deletion');
    const res = await call(rig.writer.app, 'POST', '/api/post/delete', {
      headers: { session: owner.token },
      body: { postId: id },
    });
    expect(res.status, res.text).toBe(200);
    await expectPages(rig, id, gone, 'after the deletion');
  });

  it('a ban of the owner takes the ad off', async () => {
    const rig = rigOf();
    const { id, owner } = await liveAd(rig, 'Live, then its owner banned');
    await expectPages(rig, id, shown, 'before the ban');
    const res = await call(rig.writer.app, 'POST', `/api/admin/users/${owner.userId}/ban`, {
      ...as(rig.admin.token),
      body: { reason: 'Banned for the test.' },
    });
    expect(res.status, res.text).toBe(200);
    await expectPages(rig, id, gone, 'after the ban');
  });

  it('an expiry by the lifecycle job takes it off', async () => {
    const rig = rigOf();
    const { id } = await liveAd(rig, 'Live, then expired');
    // Its time ends in an hour: no page of it is cached past that on its own.
    await rig.writer.database.pool.query(
      "UPDATE ads SET expires_at = now() + interval '1 hour' WHERE id = $1",
      [id],
    );
    await expectPages(rig, id, shown, 'before the expiry');
    const worker = rig.worker;
    const run = await runAdLifecycle(
      { database: worker.database, queue: worker.queue, siteById, adChanges: worker.adChanges },
      new Date(Date.now() + 2 * 60 * 60 * 1000),
    );
    expect(run.expired).toBeGreaterThanOrEqual(1);
    await expectPages(rig, id, gone, 'after the expiry');
  });
}
