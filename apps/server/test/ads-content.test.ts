import { adForm, adRow, createAd } from './support/ads.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter } from './support/accounts.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

describe('rich-text descriptions are sanitised on the server', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'writer@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  async function stored(description: string): Promise<{ html: string; text: string }> {
    const { postId: adId } = await createAd(t.app, { session, overrides: { description } });
    const row = await adRow(t, adId);
    const read = await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } });
    expect((read.json as { description: string }).description).toBe(row.description_html);
    return { html: String(row.description_html), text: String(row.description_text) };
  }

  it('keeps <p>, <strong>, <em>, <ul><li> as they are', async () => {
    const description =
      '<p>Hello <strong>bold</strong> and <em>soft</em></p><ul><li>one</li><li>two</li></ul>';
    expect((await stored(description)).html).toBe(description);
  });

  it('removes <script> with its content', async () => {
    const { html } = await stored('<p>Hi</p><script>alert(1)</script>');
    expect(html).toBe('<p>Hi</p>');
  });

  it('removes onclick and every other attribute', async () => {
    const { html } = await stored('<p onclick="steal()" class="x" id="y">Hi</p>');
    expect(html).toBe('<p>Hi</p>');
  });

  it('removes style attributes and <style> elements', async () => {
    const { html } = await stored(
      '<style>p { color: red }</style><p style="position:fixed;top:0">Hi</p>',
    );
    expect(html).toBe('<p>Hi</p>');
  });

  it('removes <img>, <iframe> and <object>', async () => {
    const { html } = await stored(
      '<p>Hi<img src="https://x.example/a.png" onerror="alert(1)"></p><iframe src="https://x.example"></iframe><object data="x"></object>',
    );
    expect(html).toBe('<p>Hi</p>');
  });

  it('removes javascript: and data: links', async () => {
    const { html } = await stored(
      '<p>Hi <a href="javascript:alert(1)">one</a> <a href="data:text/html,x">two</a> <a href="JaVaScRiPt:alert(1)">three</a></p>',
    );
    expect(html).not.toMatch(/javascript|data:|<a/i);
    expect(html).toMatch(/^<p>Hi/);
  });

  it('keeps a safe link, with rel nofollow and nothing else', async () => {
    const { html } = await stored(
      '<p>See <a href="https://x.example" target="_blank" onclick="y()" rel="follow">my site</a></p>',
    );
    expect(html).toBe(
      '<p>See <a href="https://x.example" rel="nofollow noopener ugc">my site</a></p>',
    );
  });

  it('keeps the text of tags it drops and stores the plain text apart', async () => {
    const { html, text } = await stored('<div><h1>Title</h1><p>Body &amp; more</p></div>');
    expect(html).toContain('<p>Body &amp; more</p>');
    expect(html).not.toMatch(/<div|<h1/);
    expect(text).toContain('Body & more');
  });

  it('sanitises on PATCH too', async () => {
    const { postId: adId } = await createAd(t.app, { session });
    const res = await call(t.app, 'PATCH', '/api/post', {
      headers: { session },
      body: {
        ...adForm,
        post_id: adId,
        description: '<p onmouseover="x()">New</p><script>alert(2)</script>',
      },
    });
    expect(res.status).toBe(200);
    expect((res.json as { post: { description: string } }).post.description).toBe('<p>New</p>');
    expect((await adRow(t, adId)).description_html).toBe('<p>New</p>');
  });
});

describe('refused words flag an ad for moderators, never change it', () => {
  let t: TestApp;
  let session: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    session = (await registerVerified(t.app, 'flagged@example.com', 'a long enough passphrase'))
      .token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves an ad with "full service" unchanged, lists the word in its flags and shows it flagged', async () => {
    const description = '<p>Upscale companion, full service available.</p>';
    const { postId: adId } = await createAd(t.app, { session, overrides: { description } });
    const row = await adRow(t, adId);
    expect(row.description_html).toBe(description);
    expect(row.description_text).toContain('full service');
    expect(row.flags).toEqual([{ kind: 'refused_words', words: ['full service'] }]);

    const read = await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } });
    expect(read.json).toMatchObject({ flagged: true, description });
  });

  it('finds words in the title and name too, across markup and any case', async () => {
    const { postId: adId } = await createAd(t.app, {
      session,
      overrides: {
        title: 'GREEK goddess in town',
        description: '<p>Full <strong>Service</strong> and more.</p>',
      },
    });
    const row = await adRow(t, adId);
    expect(row.title).toBe('GREEK goddess in town');
    expect(row.flags).toEqual([{ kind: 'refused_words', words: ['full service', 'greek'] }]);
  });

  it('does not flag a clean ad, nor a word inside another word', async () => {
    const { postId: adId } = await createAd(t.app, {
      session,
      overrides: { description: '<p>Canal walks and cucumber sandwiches.</p>' },
    });
    expect((await adRow(t, adId)).flags).toEqual([]);
    const read = await call(t.app, 'GET', `/api/post/${adId}`, { headers: { session } });
    expect(read.json).toMatchObject({ flagged: false });
  });

  it('re-checks on every edit: adding a word flags, removing it clears the flag', async () => {
    const { postId: adId } = await createAd(t.app, { session });
    const patch = (description: string) =>
      call(t.app, 'PATCH', '/api/post', {
        headers: { session },
        body: { ...adForm, post_id: adId, description },
      });
    const flagged = await patch('<p>bbfs</p><p>Friendly.</p>');
    expect(flagged.status).toBe(200);
    expect((flagged.json as { post: { flagged: boolean } }).post.flagged).toBe(true);
    expect((await adRow(t, adId)).flags).toEqual([{ kind: 'refused_words', words: ['bbfs'] }]);

    const clean = await patch('<p>Friendly.</p>');
    expect((clean.json as { post: { flagged: boolean } }).post.flagged).toBe(false);
    expect((await adRow(t, adId)).flags).toEqual([]);
  });
});
