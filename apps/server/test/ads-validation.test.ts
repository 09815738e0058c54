import { adLimits, catalogueAreas, messagesOf } from '@adboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import {
  adForm,
  adRow,
  countAds,
  createAd,
  expectErrorBody,
  expectFieldError,
  postAd,
} from './support/ads.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const m = messagesOf(catalogueAreas.ads, 'en').form;

describe('the ad form rules of SPEC.md section 5, on create and update', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'rules@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Posts the form with `overrides` and expects one field refused with `message`, nothing stored. */
  async function refused(
    overrides: Record<string, unknown>,
    field: string,
    message: string,
    options: { type?: string; session?: string | null; email?: string } = {},
  ) {
    const before = await countAds(t);
    const res = await postAd(t.app, {
      ...(options.session === null ? {} : { session: options.session ?? session }),
      type: options.type ?? 'free_verified',
      ...(options.email ? { email: options.email } : {}),
      overrides,
    });
    expectFieldError(res, field, message);
    expect(await countAds(t)).toBe(before);
  }

  async function accepted(overrides: Record<string, unknown>, type = 'free_verified') {
    const res = await postAd(t.app, { session, type, overrides });
    expect(res.status, res.text).toBe(200);
    return (res.json as { post_id: string }).post_id;
  }

  describe('name', () => {
    it('is required', async () => {
      await refused({ name: undefined }, 'name', m.required);
      await refused({ name: '   ' }, 'name', m.required);
    });
    it('is at most 45 characters', async () => {
      expect(adLimits.nameMax).toBe(45);
      await refused({ name: 'n'.repeat(46) }, 'name', m.tooLong({ max: 45 }));
      const id = await accepted({ name: 'n'.repeat(45) });
      expect((await adRow(t, id)).name).toBe('n'.repeat(45));
    });
  });

  describe('title', () => {
    it('is required', async () => {
      await refused({ title: undefined }, 'title', m.required);
      await refused({ title: '' }, 'title', m.required);
    });
    it('is at most 80 characters', async () => {
      expect(adLimits.titleMax).toBe(80);
      await refused({ title: 't'.repeat(81) }, 'title', m.tooLong({ max: 80 }));
      await accepted({ title: 't'.repeat(80) });
    });
  });

  describe('description', () => {
    it('is required', async () => {
      await refused({ description: undefined }, 'description', m.required);
      await refused({ description: '' }, 'description', m.required);
    });
    it('with only tags counts as empty', async () => {
      await refused({ description: '<p></p><p><br></p>' }, 'description', m.required);
    });
    it('with only markup the server removes counts as empty', async () => {
      await refused(
        { description: '<p><img src="https://x.example/a.png"><script>alert(1)</script></p>' },
        'description',
        m.required,
      );
    });
    it('is at most 5000 characters of text', async () => {
      await refused({ description: 'a'.repeat(5001) }, 'description', m.tooLong({ max: 5000 }));
      await refused(
        { description: `<p>${'a'.repeat(5001)}</p>` },
        'description',
        m.tooLong({ max: adLimits.descriptionTextMax }),
      );
      await accepted({ description: `<p>${'a'.repeat(5000)}</p>` });
    });
    it('counts the text, not the markup: 4,000 characters in many <strong> tags pass', async () => {
      // 400 × 10 characters of text, each in its own <strong>: 10,800 characters of HTML.
      const words = Array.from(
        { length: 400 },
        (_, i) => `<strong>word${String(i % 10)} xxx </strong>`,
      );
      const description = `<p>${words.join('')}</p>`;
      expect(description.length).toBeGreaterThan(adLimits.descriptionTextMax);
      const id = await accepted({ description });
      const row = await adRow(t, id);
      expect(row.description_html).toBe(description);
      expect(String(row.description_text)).toHaveLength(3999);
    });
  });

  describe('age', () => {
    it('refuses under 19', async () => {
      await refused({ age: '18' }, 'age', m.age);
      await refused({ age: 18 }, 'age', m.age);
    });
    it('refuses text that is not a number', async () => {
      await refused({ age: 'abc' }, 'age', m.age);
      await refused({ age: '2 5' }, 'age', m.age);
      await refused({ age: '-25' }, 'age', m.age);
      await refused({ age: '25.5' }, 'age', m.age);
    });
    it('refuses more than 2 characters', async () => {
      await refused({ age: '123' }, 'age', m.age);
      await refused({ age: 123 }, 'age', m.age);
    });
    it('is required', async () => {
      await refused({ age: '' }, 'age', m.age);
      await refused({ age: undefined }, 'age', m.age);
    });
    it('accepts a number (19) and a string (25)', async () => {
      const asNumber = await accepted({ age: 19 });
      expect((await adRow(t, asNumber)).age).toBe(19);
      const asString = await accepted({ age: '25' });
      expect((await adRow(t, asString)).age).toBe(25);
    });
  });

  describe('phone', () => {
    it('is required', async () => {
      await refused({ phone: '' }, 'phone', m.required);
      await refused({ phone: undefined }, 'phone', m.required);
    });
    it('needs at least 10 digits', async () => {
      await refused({ phone: '702-208-456' }, 'phone', m.phone);
    });
    it('allows at most 15 digits', async () => {
      await refused({ phone: '1234567890123456' }, 'phone', m.phone);
    });
    it('is at most 32 characters, even with 10 digits', async () => {
      const phone = `702${'-'.repeat(23)}2084567`;
      expect(phone).toHaveLength(33);
      await refused({ phone }, 'phone', m.tooLong({ max: adLimits.phoneMax }));
    });
    it('must be dialable in the ad country: the fictional 555-0123 is refused by the server', async () => {
      await refused({ phone: '702-555-0123' }, 'phone', m.phoneNotDialable);
    });
    it('must belong to the ad country: a Toronto number on a US ad is refused', async () => {
      await refused({ phone: '416-555-2671' }, 'phone', m.phoneNotDialable);
    });
    it('stores the number as typed and its E.164 form', async () => {
      const id = await accepted({ phone: '(702) 208-4567' });
      const row = await adRow(t, id);
      expect(row.phone).toBe('(702) 208-4567');
      expect(row.phone_e164).toBe('+17022084567');
    });
  });

  describe('email (anonymous posting)', () => {
    it('must be an address', async () => {
      await refused({}, 'email', m.email, { session: null, email: 'not-an-email' });
    });
    it('is required without a session', async () => {
      await refused({}, 'email', m.email, { session: null });
    });
    it('is the account email when signed in, whatever the body says', async () => {
      const id = await accepted({ email: 'someone-else@example.com' });
      expect((await adRow(t, id)).email).toBe('rules@example.com');
    });
  });

  describe('selects', () => {
    it('refuse a value that is not an option', async () => {
      await refused({ ethnicity: 'martian' }, 'ethnicity', m.option);
      await refused({ business: 'brothel' }, 'business', m.option);
      await refused({ incalls: 'yes' }, 'incalls', m.option);
      await refused({ outcalls: 'anywhere' }, 'outcalls', m.option);
    });
    it('store the empty choice as none', async () => {
      const id = await accepted({ ethnicity: '', business: '', incalls: '', outcalls: '' });
      const row = await adRow(t, id);
      expect([row.ethnicity, row.business, row.incalls, row.outcalls]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    });
  });

  describe('backlink url rule', () => {
    it('lets ftp:// pass the syntax rule', async () => {
      const id = await accepted(
        { backlink: 'ftp://files.jade-companion.example/about.html' },
        'free',
      );
      expect((await adRow(t, id)).backlink).toBe('ftp://files.jade-companion.example/about.html');
    });
    it.each([
      'javascript:alert(1)',
      'http://localhost/',
      'http://localhost:3000/page',
      'http://10.0.0.1/',
      'http://192.168.1.10/page',
      'http://169.254.169.254/latest/meta-data',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://printer.local/',
      'mailto:jade@example.com',
      'not a url',
      'https://bit.ly/abc',
      'http://user:pass@jade.example/',
    ])('refuses %s', async (backlink) => {
      await refused({ backlink }, 'backlink', m.url, { type: 'free' });
    });
    it('is required for a free ad with a link', async () => {
      await refused({}, 'backlink', m.backlinkRequired, { type: 'free' });
      await refused({ backlink: '' }, 'backlink', m.backlinkRequired, { type: 'free' });
    });
    it('is at most 500 characters', async () => {
      const backlink = `https://jade.example/${'p'.repeat(500)}`;
      await refused({ backlink }, 'backlink', m.tooLong({ max: adLimits.backlinkMax }), {
        type: 'free',
      });
    });
  });

  describe('location and type', () => {
    it('refuses a city that does not exist', async () => {
      await refused({ city: 'atlantis' }, 'city', m.city);
    });
    it('refuses a city of another country', async () => {
      await refused({ city: 'toronto' }, 'city', m.city);
    });
    it('refuses a city that is not a slug', async () => {
      await refused({ city: '../etc' }, 'city', m.city);
    });
    it('refuses an unknown country with 400', async () => {
      const before = await countAds(t);
      const res = await postAd(t.app, { session, overrides: { country: 'FR' } });
      expectErrorBody(res, 400);
      expect((res.json as { fields: Record<string, string> }).fields).toHaveProperty('country');
      expect(await countAds(t)).toBe(before);
    });
    it('accepts a Canadian ad with a Canadian number', async () => {
      const id = await accepted({ country: 'CA', city: 'toronto', phone: '416-555-2671' });
      expect((await adRow(t, id)).phone_e164).toBe('+14165552671');
    });
    it('refuses a missing, unknown or premium type', async () => {
      await refused({ type: undefined }, 'type', m.type);
      await refused({ type: 'regular' }, 'type', m.type);
      await refused({ type: 'premium' }, 'type', m.type);
    });
  });

  it('names every wrong field at once', async () => {
    const before = await countAds(t);
    const res = await postAd(t.app, {
      session,
      overrides: { name: '', title: 'x'.repeat(81), age: '18' },
    });
    expectErrorBody(res, 400);
    expect(res.json).toMatchObject({
      fields: { name: m.required, title: m.tooLong({ max: 80 }), age: m.age },
    });
    expect(await countAds(t)).toBe(before);
  });

  it('applies the same rules to PATCH /api/post and changes nothing on refusal', async () => {
    const { postId: adId } = await createAd(t.app, { session });
    const before = await adRow(t, adId);
    const patch = (overrides: Record<string, unknown>) =>
      call(t.app, 'PATCH', '/api/post', {
        headers: { session },
        body: { ...adForm, post_id: adId, ...overrides },
      });
    expectFieldError(await patch({ name: 'n'.repeat(46) }), 'name', m.tooLong({ max: 45 }));
    expectFieldError(await patch({ title: '' }), 'title', m.required);
    expectFieldError(await patch({ description: '<p> </p>' }), 'description', m.required);
    expectFieldError(await patch({ age: '18' }), 'age', m.age);
    expectFieldError(await patch({ phone: '702-555-0123' }), 'phone', m.phoneNotDialable);
    expectFieldError(await patch({ backlink: 'http://10.0.0.1/' }), 'backlink', m.url);
    expectFieldError(await patch({ city: 'atlantis' }), 'city', m.city);
    expectFieldError(await patch({ ethnicity: 'martian' }), 'ethnicity', m.option);
    expect(await adRow(t, adId)).toEqual(before);
  });

  it('does not let a free ad with a link lose its link on PATCH', async () => {
    const { postId: adId } = await createAd(t.app, {
      session,
      type: 'free',
      overrides: { backlink: 'https://jade-keeps-link.example/' },
    });
    const res = await call(t.app, 'PATCH', '/api/post', {
      headers: { session },
      body: { ...adForm, post_id: adId, backlink: '' },
    });
    expectFieldError(res, 'backlink', m.backlinkRequired);
    expect((await adRow(t, adId)).backlink).toBe('https://jade-keeps-link.example/');
  });
});
