import { photoMessages, catalogueAreas, messagesOf, sayIn } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { testPhoto } from '../test/ad-fixtures';
import { storeSession, testUser } from '../test/helpers';
import { imageFile, mockXhr } from '../test/xhr';
import { writeActiveAd } from './active-ad';
import { ApiError, errorMessage } from './api';
import { uploadPhoto, UploadAbortedError } from './photo-upload';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('uploadPhoto', () => {
  it('posts one file as field 0 with the session and edit-token headers and reports progress', async () => {
    storeSession();
    writeActiveAd({ post_id: '100234', token: 'edit-tok' });
    const { requests } = mockXhr();
    const seen: number[] = [];
    const done = uploadPhoto({
      postId: '100234',
      file: imageFile('one.jpg', 400),
      onProgress: ({ loaded, total }) => seen.push(loaded / total),
    });
    const request = requests[0];
    if (!request) throw new Error('no request');
    expect(request.url).toBe('/api/post/100234/photos');
    expect(request.headers).toMatchObject({ session: testUser.token, 'edit-token': 'edit-tok' });
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.files()['0']?.name).toBe('one.jpg');
    await request.progress(100, 400);
    await request.progress(400, 400);
    await request.respond({ status: 200, body: [testPhoto(1, { primary: true })] });
    await expect(done).resolves.toEqual([testPhoto(1, { primary: true })]);
    expect(seen).toEqual([0.25, 1]);
  });

  it("rejects with the server's message, the network message, or a stop", async () => {
    const { requests } = mockXhr();
    const refused = uploadPhoto({ postId: '1', file: imageFile('a.jpg') }).catch((e: unknown) => e);
    await requests[0]?.respond({
      status: 413,
      body: { success: false, error: sayIn('en', photoMessages.tooLarge) },
    });
    const error = await refused;
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'fallback')).toBe(sayIn('en', photoMessages.tooLarge));

    const offline = uploadPhoto({ postId: '1', file: imageFile('b.jpg') }).catch((e: unknown) => e);
    await requests[1]?.fail();
    expect(errorMessage(await offline, 'x')).toBe(answersEn.http.networkError);

    const garbled = uploadPhoto({ postId: '1', file: imageFile('c.jpg') }).catch((e: unknown) => e);
    await requests[2]?.respond({ status: 200, body: { not: 'a list' } });
    expect(await garbled).toBeInstanceOf(ApiError);

    const controller = new AbortController();
    const stopped = uploadPhoto({
      postId: '1',
      file: imageFile('d.jpg'),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    controller.abort();
    expect(await stopped).toBeInstanceOf(UploadAbortedError);
    expect(requests[3]?.aborted).toBe(true);
  });
});
