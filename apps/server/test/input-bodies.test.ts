import { photoMessages, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, relaxedLimiter, type SignedIn } from './support/accounts.js';
import { adForm, countAds, createAd, credentials, expectErrorBody } from './support/ads.js';
import { jpegFile, multipartBody, photoFiles, photoRows } from './support/photos.js';
import { rawRequest } from './support/raw-request.js';
import { call, createTestApp, type TestApp } from './support/test-app.js';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/**
 * Finding 7 of issue 15: a malformed body answers 400 (an oversized one 413, one of a
 * type the address does not take 415) with a catalogue message, never a 500, and
 * changes nothing stored.
 */
describe('a malformed or oversized body gets a 4xx with a catalogue message', () => {
  let t: TestApp;
  let owner: SignedIn;
  let adId: string;
  beforeAll(async () => {
    t = await createTestApp({ limiter: relaxedLimiter() });
    owner = await registerVerified(t.app, 'bodies@example.com', 'a long enough passphrase');
    adId = (await createAd(t.app, { session: owner.token })).postId;
  });
  afterAll(async () => {
    // Nothing here made a server error.
    expect(t.logText()).not.toMatch(/"level":50/);
    await t.close();
  });

  const asOwner = () => credentials({ session: owner.token });

  async function send(
    method: 'POST' | 'PATCH',
    url: string,
    contentType: string | null,
    payload: string | Buffer,
  ) {
    return call(t.app, method, url, {
      headers: { ...asOwner(), ...(contentType ? { 'content-type': contentType } : {}) },
      body: payload,
    });
  }

  it('answers a JSON body over 1 MiB with 413 and says it is too large, storing nothing', async () => {
    const before = await countAds(t);
    const huge = JSON.stringify({ ...adForm, type: 'free', description: 'x'.repeat(1_100_000) });
    for (const [method, url] of [
      ['POST', '/api/posts'],
      ['PATCH', '/api/post'],
      ['POST', '/api/user/register'],
    ] as const) {
      const res = await send(method, url, 'application/json', huge);
      expectErrorBody(res, 413);
      expect(res.json).toEqual({ success: false, error: answersEn.http.bodyTooLarge });
    }
    expect(await countAds(t)).toBe(before);
  });

  it('answers valid JSON that is not an object of fields with 400 and says so', async () => {
    for (const payload of ['[]', '[[[[[]]]]]', '"text"', '42', 'true']) {
      const res = await send('POST', '/api/posts', 'application/json', payload);
      expectErrorBody(res, 400);
      expect(res.json).toMatchObject({ error: answersEn.http.bodyNotObject });
    }
  });

  it('answers JSON nested a hundred thousand deep with 400, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expectErrorBody(await send('POST', '/api/posts', 'application/json', deep), 400);
    const object = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    expectErrorBody(await send('POST', '/api/user/login', 'application/json', object), 400);
  });

  it('answers a body of a type the address does not take with 415 and says so', async () => {
    for (const contentType of [null, 'text/xml', 'application/octet-stream']) {
      const res = await send('POST', '/api/user/login', contentType, '{"email":"a@b.c"}');
      expectErrorBody(res, 415);
      expect(res.json).toEqual({ success: false, error: answersEn.http.unsupportedMediaType });
    }
  });

  /** Every kind of malformed multipart upload, each with the message it gets. */
  async function malformedUploads() {
    const jpeg = (await jpegFile()).data;
    const { body: good, contentType: goodType } = multipartBody([await jpegFile()]);
    const boundary = goodType.split('boundary=')[1] ?? '';
    const part = (head: string, data: Buffer | string) =>
      Buffer.concat([
        Buffer.from(`--xyz\r\n${head}\r\n\r\n`),
        Buffer.from(data),
        Buffer.from('\r\n'),
      ]);
    const close = Buffer.from('--xyz--\r\n');
    const fileHead =
      'Content-Disposition: form-data; name="0"; filename="a.jpg"\r\nContent-Type: image/jpeg';
    const field = (name: string, value: string, type?: string) =>
      part(
        `Content-Disposition: form-data; name="${name}"${type ? `\r\nContent-Type: ${type}` : ''}`,
        value,
      );
    const xyz = 'multipart/form-data; boundary=xyz';
    const unreadable = sayIn('en', photoMessages.unreadableUpload);
    const cases: { name: string; type: string; body: Buffer | string; message: string }[] = [
      { name: 'no boundary', type: 'multipart/form-data', body: good, message: unreadable },
      {
        name: 'an empty boundary',
        type: 'multipart/form-data; boundary=',
        body: good,
        message: sayIn('en', photoMessages.noFiles),
      },
      {
        name: 'a boundary cut short',
        type: goodType,
        body: good.subarray(0, good.length - 8),
        message: unreadable,
      },
      {
        name: 'only the start of the first boundary',
        type: goodType,
        body: `--${boundary.slice(0, 5)}`,
        message: unreadable,
      },
      { name: 'a JSON body', type: xyz, body: '{"0":"not a file"}', message: unreadable },
      {
        name: 'a JSON body and no boundary',
        type: 'multipart/form-data',
        body: '{"0":"x"}',
        message: unreadable,
      },
      {
        name: 'a part without headers',
        type: xyz,
        body: Buffer.concat([Buffer.from('--xyz\r\n\r\n'), jpeg, Buffer.from('\r\n'), close]),
        message: sayIn('en', photoMessages.noFiles),
      },
      {
        name: 'a part whose headers never end',
        type: xyz,
        body: '--xyz\r\nContent-Disposition: form-data; name="0"; filena',
        message: unreadable,
      },
      {
        name: 'a header line without a colon',
        type: xyz,
        body: Buffer.concat([part('not a header', jpeg), close]),
        message: sayIn('en', photoMessages.noFiles),
      },
      {
        name: 'line feeds without carriage returns',
        type: xyz,
        body: `--xyz\nContent-Disposition: form-data; name="0"; filename="a.jpg"\n\nabc\n--xyz--\n`,
        message: unreadable,
      },
      {
        name: 'a field named __proto__',
        type: xyz,
        body: Buffer.concat([field('__proto__', 'x'), part(fileHead, jpeg), close]),
        message: unreadable,
      },
      {
        name: 'a file named constructor',
        type: xyz,
        body: Buffer.concat([
          part(fileHead.replace('name="0"', 'name="constructor"'), jpeg),
          close,
        ]),
        message: unreadable,
      },
      {
        name: 'a field declared JSON that is not',
        type: xyz,
        body: Buffer.concat([
          field('meta', '{bad', 'application/json'),
          part(fileHead, jpeg),
          close,
        ]),
        message: unreadable,
      },
      {
        name: 'garbage in place of a boundary',
        type: xyz,
        body: Buffer.concat([part(fileHead, jpeg), Buffer.from('--xyzgarbage\r\n')]),
        message: unreadable,
      },
      {
        name: 'text and no boundary at all',
        type: xyz,
        body: 'just some text',
        message: unreadable,
      },
      // Issue 24: these four answered 500 when sent over a connection.
      {
        name: 'a part header of 200 KB',
        type: xyz,
        body: Buffer.concat([
          part(`${fileHead}\r\nX-Padding: ${'a'.repeat(200_000)}`, jpeg),
          close,
        ]),
        message: unreadable,
      },
      {
        name: 'a file name of 200 KB',
        type: xyz,
        body: Buffer.concat([part(fileHead.replace('a.jpg', 'a'.repeat(200_000)), jpeg), close]),
        message: unreadable,
      },
      {
        name: 'a part header of 200 KB that never ends',
        type: xyz,
        body: `--xyz\r\nContent-Disposition: form-data; name="0"; filename="${'a'.repeat(200_000)}`,
        message: unreadable,
      },
      {
        name: 'a body without its final boundary',
        type: xyz,
        body: part(fileHead, jpeg),
        message: unreadable,
      },
      {
        name: 'a boundary other than the declared one',
        type: 'multipart/form-data; boundary=declared',
        body: Buffer.concat([part(fileHead, jpeg), close]),
        message: unreadable,
      },
      {
        name: 'JSON sent with a multipart content type',
        type: goodType,
        body: JSON.stringify({ 0: jpeg.toString('base64') }),
        message: unreadable,
      },
    ];
    return cases;
  }

  /** Sends every malformed upload one way; lists the answers that are not 400 with their message. */
  async function refusedEach(
    sendOne: (
      type: string,
      body: Buffer | string,
    ) => Promise<{ status: number; json: unknown; text: string }>,
  ) {
    const rowsBefore = await photoRows(t);
    const filesBefore = await photoFiles(t);
    const wrong: string[] = [];
    for (const { name, type, body, message } of await malformedUploads()) {
      const res = await sendOne(type, body);
      if (
        res.status !== 400 ||
        JSON.stringify(res.json) !== JSON.stringify({ success: false, error: message })
      ) {
        wrong.push(`${name}: ${res.status} ${res.text}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await photoRows(t)).toEqual(rowsBefore);
    expect(await photoFiles(t)).toEqual(filesBefore);
  }

  it('refuses every kind of malformed multipart upload with 400 and a catalogue message', async () => {
    await refusedEach((type, body) => send('POST', `/api/post/${adId}/photos`, type, body));
  });

  it('refuses them the same when they come over a real connection, storing nothing (issue 24)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await refusedEach((type, body) =>
      rawRequest(port, {
        method: 'POST',
        path: `/api/post/${adId}/photos`,
        headers: { ...asOwner(), 'content-type': type },
        body: Buffer.from(body),
      }),
    );
  });

  it('refuses more than 10 text fields in an upload with 413 and a catalogue message', async () => {
    const fields = Array.from({ length: 11 }, (_, i) => ({ field: `note${i}`, value: 'x' }));
    const { body, contentType } = multipartBody([...fields, await jpegFile()]);
    const res = await send('POST', `/api/post/${adId}/photos`, contentType, body);
    expectErrorBody(res, 413);
    expect(res.json).toEqual({
      success: false,
      error: sayIn('en', photoMessages.unreadableUpload),
    });
  });

  it('answers multipart/mixed with 415 and says the body is not taken', async () => {
    const { body, contentType } = multipartBody([await jpegFile()]);
    const res = await send(
      'POST',
      `/api/post/${adId}/photos`,
      contentType.replace('form-data', 'mixed'),
      body,
    );
    expectErrorBody(res, 415);
    expect(res.json).toEqual({ success: false, error: answersEn.http.unsupportedMediaType });
  });

  it('ignores what follows the closing boundary (the epilogue, RFC 2046) and takes the photo', async () => {
    const ad = await createAd(t.app, { session: owner.token });
    const { body, contentType } = multipartBody([await jpegFile()]);
    const res = await send(
      'POST',
      `/api/post/${ad.postId}/photos`,
      contentType,
      Buffer.concat([body, Buffer.from('garbage\r\n--more garbage')]),
    );
    expect(res.status).toBe(200);
    expect(await photoRows(t, ad.postId)).toHaveLength(1);
  });
});
