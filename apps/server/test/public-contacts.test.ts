import { adMessages, previewLinkSchema, sayIn } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, adRow, createAd, expectFieldError, postAd } from './support/ads.js';
import { makeAdPublic } from './support/moderation.js';
import { addPhotos, addVerificationPhoto, jpegFile } from './support/photos.js';
import { call, createTestApp, makeWebDist, type TestApp } from './support/test-app.js';

const VEGAS = 'las-vegas.localhost:3000';
/** The account email of the poster: personal, never on a public page unless chosen. */
const ACCOUNT_EMAIL = 'private.account@example.com';
/** The form's phone (702-208-4567) as the links dial it (E.164). */
const DIAL = '+17022084567';
/** The same phone as the page prints it for reading. */
const READ = '(702) 208-4567';

describe('the public page shows only the contacts the poster chose', () => {
  let t: TestApp;
  let poster: SignedIn;

  const page = (id: string) =>
    call(t.app, 'GET', `/ads/details/${id}`, { headers: { host: VEGAS } });

  /** A public (approved) ad of the signed-in poster; `contacts` left out when undefined. */
  async function publicAd(contacts?: unknown): Promise<string> {
    const { postId: adId } = await createAd(t.app, {
      session: poster.token,
      overrides: contacts === undefined ? {} : { contacts },
    });
    await makeAdPublic(t, adId);
    return adId;
  }

  /** The ad's page through a preview link (uncached, any state). */
  async function preview(id: string): Promise<string> {
    const res = await call(t.app, 'POST', `/api/post/${id}/preview`, {
      headers: { session: poster.token },
    });
    expect(res.status).toBe(200);
    const url = new URL(previewLinkSchema.parse(res.json).url);
    const opened = await call(t.app, 'GET', `${url.pathname}${url.search}`, {
      headers: { host: url.host },
    });
    expect(opened.status).toBe(200);
    return opened.text;
  }

  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter(), webDist: await makeWebDist() });
    poster = await registerVerified(t.app, ACCOUNT_EMAIL, 'a long enough passphrase');
  });
  afterAll(async () => {
    await t.close();
  });

  it('an ad posted without a choice shows the phone to call, and no email', async () => {
    const id = await publicAd();
    expect(await adRow(t, id)).toMatchObject({ public_contacts: ['call'] });
    const res = await page(id);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`href="tel:${DIAL}"`);
    expect(res.text).toContain(READ);
    expect(res.text).not.toContain('sms:');
    expect(res.text).not.toContain(ACCOUNT_EMAIL);
    expect(res.text).not.toContain(`mailto:${ACCOUNT_EMAIL}`);
  });

  it('text and email chosen: an sms: and a mailto: link, and no tel: link', async () => {
    const id = await publicAd(['text', 'email']);
    const res = await page(id);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`href="sms:${DIAL}"`);
    expect(res.text).toContain(`href="mailto:${ACCOUNT_EMAIL}"`);
    expect(res.text).not.toContain('tel:');
  });

  it('email alone: the mailto: link and not the phone number at all', async () => {
    const id = await publicAd(['email']);
    const res = await page(id);
    expect(res.text).toContain(`href="mailto:${ACCOUNT_EMAIL}"`);
    expect(res.text).not.toContain('tel:');
    expect(res.text).not.toContain('sms:');
    expect(res.text).not.toContain(READ);
    expect(res.text).not.toContain('208-4567');
  });

  it('the preview shows what the public would see: no email unless chosen, no verification photo', async () => {
    const { postId: adId } = await createAd(t.app, { session: poster.token });
    await addPhotos(t.app, adId, [await jpegFile('first.jpg', [20, 120, 200])], {
      session: poster.token,
    });
    const uploaded = await addVerificationPhoto(t.app, adId, await jpegFile('sign.jpg'), {
      session: poster.token,
    });
    const verification = uploaded.find((photo) => photo.verification)?.photo_id ?? 'missing';
    expect(verification).not.toBe('missing');
    const html = await preview(adId);
    expect(html).toContain(`href="tel:${DIAL}"`);
    expect(html).not.toContain(ACCOUNT_EMAIL);
    expect(html).not.toContain(verification);
  });

  it('the owner reads the choice back, changes it on update, and keeps it when an update leaves it out', async () => {
    const { postId: adId } = await createAd(t.app, { session: poster.token });
    const read = () =>
      call(t.app, 'GET', `/api/post/${adId}`, { headers: { session: poster.token } });
    expect((await read()).json).toMatchObject({ contacts: ['call'] });

    const update = (extra: Record<string, unknown>) =>
      call(t.app, 'PATCH', '/api/post', {
        headers: { session: poster.token },
        body: { ...adForm, post_id: adId, ...extra },
      });
    // Sent in any order, stored and answered in the order call, text, email.
    const changed = await update({ contacts: ['email', 'call'] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ post: { contacts: ['call', 'email'] } });
    const html = await preview(adId);
    expect(html).toContain(`href="tel:${DIAL}"`);
    expect(html).toContain(`href="mailto:${ACCOUNT_EMAIL}"`);

    expect((await update({ title: 'Another title for the same ad' })).status).toBe(200);
    expect((await read()).json).toMatchObject({ contacts: ['call', 'email'] });
  });

  it('an anonymous poster’s email is not shown either unless chosen', async () => {
    const typed = 'typed.anonymous@example.com';
    const { postId: adId } = await createAd(t.app, { email: typed });
    // Public once its poster has an account (DECISIONS.md): give it this poster.
    await t.database.pool.query('UPDATE ads SET owner_id = $2 WHERE id = $1', [
      adId,
      poster.userId,
    ]);
    await makeAdPublic(t, adId);
    const res = await page(adId);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(typed);
  });

  it('refuses an empty choice or an unknown kind, naming the field', async () => {
    expectFieldError(
      await postAd(t.app, { session: poster.token, overrides: { contacts: [] } }),
      'contacts',
      sayIn('en', adMessages.form.contactsRequired),
    );
    expectFieldError(
      await postAd(t.app, { session: poster.token, overrides: { contacts: ['call', 'fax'] } }),
      'contacts',
      sayIn('en', adMessages.form.contactOption),
    );
  });

  it('the database holds only non-empty subsets of call, text and email', async () => {
    const id = await publicAd();
    for (const bad of ['{}', '{fax}', '{call,NULL}']) {
      await expect(
        t.database.pool.query('UPDATE ads SET public_contacts = $2::text[] WHERE id = $1', [
          id,
          bad,
        ]),
      ).rejects.toThrow(/public_contacts/);
    }
    await t.database.pool.query(
      "UPDATE ads SET public_contacts = '{call,text,email}' WHERE id = $1",
      [id],
    );
  });
});
