import {
  paymentMessages,
  photoMessages,
  type Photo,
  type Ad,
  catalogueAreas,
  messagesOf,
  sayIn,
} from '@adboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { locationHandlers, testPhoto, testAd } from '../../test/ad-fixtures';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  storeSession,
  testSite,
  testUser,
  type FetchCall,
} from '../../test/helpers';
import { fileOfSize, imageFile, mockObjectUrls, mockXhr } from '../../test/xhr';
import { formatPaperDate } from './photos-model';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

const photoPath = '/edit-post?id=100234&edit=auth&step=photos';

type Handler = (call: FetchCall) => Response | Promise<Response>;

/** Signed in; GET /api/post/100234 answers the ad (as it is at each call), plus `answers`. */
function serve(ad: Ad | (() => Ad), answers: Record<string, Handler> = {}) {
  storeSession();
  return mockFetch({
    ...locationHandlers,
    'GET /api/post/100234': () => jsonResponse(typeof ad === 'function' ? ad() : ad),
    ...answers,
  });
}

async function openPhotos(path = photoPath) {
  const app = renderApp(path);
  // The step of the address opens after 400 ms, once the ad has loaded.
  await screen.findByRole('heading', { name: 'Photos' });
  return app;
}

function button(name: string) {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

function buffered() {
  const list = screen.queryByRole('list', { name: 'Photos to upload' });
  return list ? within(list).getAllByRole('listitem') : [];
}

function current() {
  return within(screen.getByRole('list', { name: 'Current photos' })).getAllByRole('listitem');
}

function stepState(id: string) {
  const nav = screen.getByRole('navigation', { name: 'Ad steps' });
  return within(nav)
    .getAllByRole('listitem')
    .find((item) => item.dataset.step === id)?.dataset.state;
}

const three = [testPhoto(1, { primary: true }), testPhoto(2), testPhoto(3)];
/** The verification photo of a free verified ad: its own slot, never among the public photos. */
const sign = testPhoto(9, { verification: true });

describe('photos step: buffering', () => {
  it('buffers several images with a preview each; Remove and Clear revoke their URLs', async () => {
    const urls = mockObjectUrls();
    mockXhr();
    serve(testAd);
    const { user } = await openPhotos();

    expect(button('Update Photos').disabled).toBe(true);
    expect(button('Update Photos').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(sayIn('en', photoMessages.uploadHint))).toBeTruthy();
    expect(button('Clear temporary photos').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeTruthy();

    const input = screen.getByLabelText<HTMLInputElement>('Add photos');
    expect(input.multiple).toBe(true);
    // Exactly the formats the server takes, a phone's HEIC too (issue 24).
    expect(input.accept.split(',').sort()).toEqual(
      [
        ...['image/jpeg', '.jpg', '.jpeg', 'image/png', '.png'],
        ...['image/webp', '.webp', 'image/avif', '.avif'],
        ...['image/heic', 'image/heif', '.heic', '.heif', '.hif'],
      ].sort(),
    );
    expect(
      screen.getByText(/JPEG, PNG, WebP, AVIF or HEIC, up to 20 MB and 50 megapixels each/),
    ).toBeTruthy();

    await user.upload(input, [
      imageFile('one.jpg'),
      imageFile('two.png', 1024, 'image/png'),
      imageFile('three.webp', 1024, 'image/webp'),
    ]);
    expect(buffered()).toHaveLength(3);
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Preview of two.png' }).src).toBe(
      urls.created[1],
    );
    expect(button('Update Photos').disabled).toBe(false);
    expect(button('Clear temporary photos').disabled).toBe(false);

    const second = buffered()[1];
    if (!second) throw new Error('no second preview');
    await user.click(within(second).getByRole('button', { name: 'Remove' }));
    expect(buffered().map((item) => item.textContent)).toEqual([
      expect.stringContaining('one.jpg'),
      expect.stringContaining('three.webp'),
    ]);
    expect(urls.revoked).toEqual([urls.created[1]]);

    // More can be added to what is waiting.
    await user.upload(input, imageFile('four.jpg'));
    expect(buffered()).toHaveLength(3);

    await user.click(button('Clear temporary photos'));
    expect(buffered()).toHaveLength(0);
    expect(new Set(urls.revoked)).toEqual(new Set(urls.created));
    expect(button('Update Photos').disabled).toBe(true);
  });

  it('revokes the preview URLs when the view goes away', async () => {
    const urls = mockObjectUrls();
    mockXhr();
    serve(testAd);
    const { user } = await openPhotos();
    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('a.jpg'),
      imageFile('b.jpg'),
    ]);
    expect(urls.created).toHaveLength(2);
    const nav = screen.getByRole('navigation', { name: 'Ad steps' });
    await user.click(within(nav).getByRole('button', { name: 'Ad' }));
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    expect(new Set(urls.revoked)).toEqual(new Set(urls.created));
  });

  it('refuses files of another type, over 20 MB, or past 30 photos, with a message for each', async () => {
    mockObjectUrls();
    mockXhr();
    const full: Ad = {
      ...testAd,
      photos: Array.from({ length: 27 }, (_, index) => testPhoto(index + 1)),
    };
    serve(full);
    await openPhotos();
    // The file dialog would hide other types; a drop or an older browser does not.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('notes.pdf', 100, 'application/pdf'),
      fileOfSize('huge.jpg', 21 * 1024 * 1024),
      imageFile('a.jpg'),
      imageFile('IMG_0420.HEIC', 100, 'image/heic'),
      imageFile('b.avif', 100, ''),
      imageFile('c.jpg'),
    ]);
    const alert = screen.getByRole('alert');
    const items = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `notes.pdf: ${sayIn('en', photoMessages.notAnImage)}`,
      `huge.jpg: ${sayIn('en', photoMessages.tooLarge)}`,
      `c.jpg: ${sayIn('en', photoMessages.tooMany({ max: 30 }))}`,
    ]);
    // Three places were left: a.jpg, the phone's HEIC (issue 24) and the AVIF file (no
    // type, known extension).
    expect(
      buffered().map((item) => within(item).getByText(/\.(jpg|avif|HEIC)/).textContent),
    ).toEqual([
      expect.stringContaining('a.jpg'),
      expect.stringContaining('IMG_0420.HEIC'),
      expect.stringContaining('b.avif'),
    ]);
    // A browser that cannot show HEIC (Chrome, Firefox) gets 'No preview', not a broken image.
    const heic = buffered()[1];
    if (!heic) throw new Error('no HEIC card');
    fireEvent.error(within(heic).getByRole('img', { name: 'Preview of IMG_0420.HEIC' }));
    expect(within(heic).queryByRole('img')).toBeNull();
    expect(within(heic).getByText(sayIn('en', photoMessages.noPreview))).toBeTruthy();

    await user.click(button('Clear temporary photos'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('photos step: uploading', () => {
  it('sends one request per file with its own progress bar, then moves to Finalize Ad', async () => {
    mockObjectUrls();
    const xhr = mockXhr();
    const { calls } = serve({ ...testAd, photos: [sign] });
    const { user, location } = await openPhotos();
    expect(stepState('photos')).toBe('current');

    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('one.jpg', 1000),
      imageFile('two.jpg', 3000),
    ]);
    await user.click(button('Update Photos'));

    expect(button('Update Photos').disabled).toBe(true);
    expect(button('Clear temporary photos').disabled).toBe(true);
    expect(button('Choose photos').disabled).toBe(true);
    for (const item of buffered()) {
      expect(within(item).getByRole<HTMLButtonElement>('button', { name: 'Remove' }).disabled).toBe(
        true,
      );
    }
    // Both show a bar; only the first is being sent.
    const first = screen.getByRole<HTMLProgressElement>('progressbar', {
      name: 'Uploading one.jpg',
    });
    const second = screen.getByRole<HTMLProgressElement>('progressbar', {
      name: 'Uploading two.jpg',
    });
    expect(first.value).toBe(0);
    expect(second.value).toBe(0);
    expect(xhr.requests).toHaveLength(1);

    const request = xhr.requests[0];
    if (!request) throw new Error('no request');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/post/100234/photos');
    expect(request.headers.session).toBe(testUser.token);
    expect(request.headers['edit-token']).toBe('none');
    expect(request.headers['content-type']).toBeUndefined();
    expect(Object.keys(request.files())).toEqual(['0']);
    expect(request.files()['0']?.name).toBe('one.jpg');

    await request.progress(250, 1000);
    expect(first.value).toBe(250);
    expect(first.max).toBe(1000);
    expect(within(buffered()[0] ?? document.body).getByText('25%')).toBeTruthy();
    await request.progress(1000, 1000);
    expect(first.value).toBe(1000);

    await request.respond({ status: 200, body: [sign, three[0]] });
    // The answer replaces the list; the sent file leaves the buffer.
    expect(current()).toHaveLength(1);
    expect(buffered()).toHaveLength(1);
    expect(stepState('photos')).toBe('current');

    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    const next = xhr.requests[1];
    if (!next) throw new Error('no second request');
    expect(next.files()['0']?.name).toBe('two.jpg');
    await next.progress(1500);
    expect(second.value).toBe(1500);
    expect(second.max).toBe(3000);
    await next.respond({ status: 200, body: [sign, ...three.slice(0, 2)] });

    expect(await screen.findByRole('heading', { name: 'Finalize Ad' })).toBeTruthy();
    expect(stepState('photos')).toBe('done');
    await waitFor(() => expect(location()).toBe('/edit-post?id=100234&edit=auth&step=finalize'));
    expect(calls.some((call) => call.path.includes('photos'))).toBe(false);
  });

  it("shows the server's message next to a refused file and keeps it buffered for Remove", async () => {
    mockObjectUrls();
    const xhr = mockXhr();
    serve(testAd);
    const { user } = await openPhotos();
    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('good.jpg'),
      imageFile('broken.jpg'),
    ]);
    await user.click(button('Update Photos'));
    await xhr.requests[0]?.respond({ status: 200, body: [three[0]] });
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    await xhr.requests[1]?.respond({
      status: 400,
      body: { success: false, error: sayIn('en', photoMessages.corrupt) },
    });

    const items = buffered();
    expect(items).toHaveLength(1);
    const refused = items[0];
    if (!refused) throw new Error('no refused file');
    expect(within(refused).getByText('broken.jpg', { exact: false })).toBeTruthy();
    expect(within(refused).getByText(sayIn('en', photoMessages.corrupt))).toBeTruthy();
    expect(within(refused).queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(sayIn('en', photoMessages.uploadFailed));
    // The wizard stays; the good photo is listed.
    expect(screen.getByRole('heading', { name: 'Photos' })).toBeTruthy();
    expect(current()).toHaveLength(1);
    expect(button('Update Photos').disabled).toBe(false);

    await user.click(within(refused).getByRole('button', { name: 'Remove' }));
    expect(buffered()).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells the user when the server cannot be reached', async () => {
    mockObjectUrls();
    const xhr = mockXhr();
    serve(testAd);
    const { user } = await openPhotos();
    await user.upload(screen.getByLabelText('Add photos'), imageFile('one.jpg'));
    await user.click(button('Update Photos'));
    await xhr.requests[0]?.fail();
    expect(
      within(buffered()[0] ?? document.body).getByText(answersEn.http.networkError),
    ).toBeTruthy();
  });

  it('sends each photo with its own Idempotency-Key, and the same key when it is sent again', async () => {
    mockObjectUrls();
    const xhr = mockXhr();
    serve(testAd);
    const { user } = await openPhotos();
    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('one.jpg'),
      imageFile('two.jpg'),
    ]);
    await user.click(button('Update Photos'));
    // Both answers are lost: the server may have added them, or not.
    await xhr.requests[0]?.fail();
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    await xhr.requests[1]?.fail();
    const keys = xhr.requests.map((request) => request.headers['idempotency-key']);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(2);

    await user.click(button('Update Photos'));
    await xhr.requests[2]?.respond({ status: 200, body: [three[0]] });
    await waitFor(() => expect(xhr.requests).toHaveLength(4));
    expect(xhr.requests.slice(2).map((request) => request.headers['idempotency-key'])).toEqual(
      keys,
    );
  });

  it('moves a paid ad to the payment view after the upload', async () => {
    mockObjectUrls();
    mockXhr(() => ({ status: 200, body: [testPhoto(1, { primary: true })] }));
    serve({ ...testAd, type: 'paid' });
    const { user } = await openPhotos();
    await user.upload(screen.getByLabelText('Add photos'), imageFile('one.jpg'));
    await user.click(button('Update Photos'));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
    ).toBeTruthy();
    expect(stepState('photos')).toBe('done');
    expect(stepState('payment')).toBe('current');
    const nav = screen.getByRole('navigation', { name: 'Ad steps' });
    await user.click(within(nav).getByRole('button', { name: 'Photos' }));
    expect(await screen.findByRole('heading', { name: 'Photos' })).toBeTruthy();
  });

  it('continues without uploading when nothing is buffered, except for a verified ad without photos', async () => {
    mockObjectUrls();
    mockXhr();
    serve(testAd);
    await openPhotos();
    expect(screen.queryByRole('button', { name: /^Continue/ })).toBeNull();
    expect(screen.getByText('Your ad has no photos yet.')).toBeTruthy();
    expect(screen.getByText(sayIn('en', photoMessages.verificationSlot.missing))).toBeTruthy();
  });

  it('offers Continue with existing photos and nothing buffered', async () => {
    mockObjectUrls();
    mockXhr();
    serve({ ...testAd, photos: [sign, ...three] });
    const { user } = await openPhotos();
    expect(button('Update Photos').disabled).toBe(true);
    await user.upload(screen.getByLabelText('Add photos'), imageFile('one.jpg'));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await user.click(button('Clear temporary photos'));
    await user.click(button('Continue'));
    expect(await screen.findByRole('heading', { name: 'Finalize Ad' })).toBeTruthy();
  });

  it('lets a free ad with a link continue without photos', async () => {
    mockObjectUrls();
    mockXhr();
    serve({ ...testAd, type: 'free', backlink: 'https://my-site.example.com/' });
    const { user } = await openPhotos();
    await user.click(button('Continue without photos'));
    expect(await screen.findByRole('heading', { name: 'Finalize Ad' })).toBeTruthy();
  });
});

describe('photos step: the current photos', () => {
  it('shows thumbnails, Primary on the primary photo and Make Primary on the others', async () => {
    mockXhr();
    serve({ ...testAd, photos: three });
    await openPhotos();
    const items = current();
    expect(items).toHaveLength(3);
    const image = within(items[0] ?? document.body).getByRole<HTMLImageElement>('img');
    expect(image.getAttribute('src')).toBe(three[0]?.url.replace('-1600.webp', '-400.webp'));
    expect(within(items[0] ?? document.body).getByText('Primary')).toBeTruthy();
    expect(
      within(items[0] ?? document.body).queryByRole('button', { name: 'Make Primary' }),
    ).toBeNull();
    expect(
      within(items[2] ?? document.body).getByRole('button', { name: 'Make Primary' }),
    ).toBeTruthy();
    expect(screen.getByText('(3 of 30)')).toBeTruthy();
  });

  it('makes a photo primary with POST /photo/primary and shows the answered list', async () => {
    mockXhr();
    const moved: Photo[] = [testPhoto(1), testPhoto(2), testPhoto(3, { primary: true })];
    const { calls } = serve(
      { ...testAd, photos: three },
      { 'POST /photo/primary': () => jsonResponse(moved) },
    );
    const { user } = await openPhotos();
    await user.click(
      within(current()[2] ?? document.body).getByRole('button', { name: 'Make Primary' }),
    );
    await waitFor(() =>
      expect(within(current()[2] ?? document.body).getByText('Primary')).toBeTruthy(),
    );
    expect(within(current()[0] ?? document.body).queryByText('Primary')).toBeNull();
    const call = calls.find((candidate) => candidate.path === '/photo/primary');
    expect(call?.body).toEqual({ postId: '100234', photoId: three[2]?.photo_id });
    expect(call?.headers.get('edit-token')).toBe('none');
    expect(call?.headers.get('session')).toBe(testUser.token);
  });

  it('disables Delete while that delete runs, then shows the answered list', async () => {
    mockXhr();
    let answer: (response: Response) => void = () => undefined;
    const { calls } = serve(
      { ...testAd, photos: three },
      {
        'POST /photo/delete': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    const { user } = await openPhotos();
    const second = current()[1];
    if (!second) throw new Error('no second photo');
    const remove = within(second).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    await user.click(remove);
    expect(remove.disabled).toBe(true);
    expect(second.getAttribute('aria-busy')).toBe('true');
    // Other photos' Delete stays usable.
    const third = within(current()[2] ?? document.body);
    expect(third.getByRole<HTMLButtonElement>('button', { name: 'Delete' }).disabled).toBe(false);
    expect(calls.find((call) => call.path === '/photo/delete')?.body).toEqual({
      postId: '100234',
      photoId: three[1]?.photo_id,
    });

    answer(jsonResponse([three[0], three[2]]));
    await waitFor(() => expect(current()).toHaveLength(2));
    expect(screen.queryByText('Photo 3')).toBeNull();
  });

  it('only logs a failed change and loads the list again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockXhr();
    let ad: Ad = { ...testAd, photos: three };
    let gets = 0;
    serve(
      () => {
        gets += 1;
        return ad;
      },
      {
        'POST /photo/delete': () => {
          // The server deleted it after all, then failed to answer.
          ad = { ...ad, photos: three.slice(0, 2) };
          return jsonResponse({ success: false, error: 'Try again later.' }, 500);
        },
      },
    );
    const { user } = await openPhotos();
    const before = gets;
    await user.click(within(current()[2] ?? document.body).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Photo delete failed', expect.anything()),
    );
    await waitFor(() => expect(current()).toHaveLength(2));
    expect(gets).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('photos step: the verification photo', () => {
  const slot = () =>
    screen.getByRole('region', { name: sayIn('en', photoMessages.verificationSlot.heading) });

  it('has its own slot saying what the paper shows: the site, today and the code made for the ad', async () => {
    mockXhr();
    serve({ ...testAd, photos: [sign, ...three] });
    await openPhotos();
    const region = within(slot());
    expect(region.getByText(sayIn('en', photoMessages.verificationSlot.neverPublic))).toBeTruthy();
    expect(region.getByText(testSite.name)).toBeTruthy();
    expect(region.getByText(formatPaperDate(new Date(), 'en'))).toBeTruthy();
    expect(region.getByText(testAd.verification_photo_code ?? 'missing')).toBeTruthy();
    // The verification photo is in the slot, not among the public photos.
    const image = region.getByRole<HTMLImageElement>('img', {
      name: sayIn('en', photoMessages.verificationSlot.currentAlt),
    });
    expect(image.getAttribute('src')).toBe(sign.url.replace('-1600.webp', '-400.webp'));
    expect(current()).toHaveLength(3);
    expect(screen.getByText('(3 of 30)')).toBeTruthy();
    const publicList = screen.getByRole('list', { name: 'Current photos' });
    expect(within(publicList).queryByText(sayIn('en', photoMessages.verificationBadge))).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use as verification photo' })).toBeNull();
    expect(screen.queryByText(sayIn('en', photoMessages.verificationSlot.missing))).toBeNull();
  });

  it('sends the chosen verification photo first, to its slot, then the public photos, then moves on', async () => {
    const urls = mockObjectUrls();
    const xhr = mockXhr();
    serve(testAd);
    const { user } = await openPhotos();
    expect(
      within(slot()).getByText(sayIn('en', photoMessages.verificationSlot.empty)),
    ).toBeTruthy();
    const input = within(slot()).getByLabelText<HTMLInputElement>(
      sayIn('en', photoMessages.verificationSlot.inputLabel),
    );
    expect(input.multiple).toBe(false);
    await user.upload(input, imageFile('old-sign.jpg'));
    // A second choice replaces the first: the slot takes one photo.
    await user.upload(input, imageFile('sign.jpg'));
    expect(within(slot()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(slot()).getByRole('img', { name: 'Preview of sign.jpg' })).toBeTruthy();
    expect(urls.revoked).toEqual([urls.created[0]]);
    expect(buffered()).toHaveLength(0);
    expect(screen.queryByText(sayIn('en', photoMessages.verificationSlot.missing))).toBeNull();

    await user.upload(screen.getByLabelText('Add photos'), imageFile('face.jpg'));
    await user.click(button('Update Photos'));
    const first = xhr.requests[0];
    if (!first) throw new Error('no request');
    expect(first.url).toBe('/api/post/100234/photos?slot=verification');
    expect(first.files()['0']?.name).toBe('sign.jpg');
    await first.respond({ status: 200, body: [sign] });
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    const second = xhr.requests[1];
    expect(second?.url).toBe('/api/post/100234/photos');
    expect(second?.files()['0']?.name).toBe('face.jpg');
    await second?.respond({ status: 200, body: [sign, three[0]] });
    expect(await screen.findByRole('heading', { name: 'Finalize Ad' })).toBeTruthy();
  });

  it('stays on Photos after public photos alone and says the verification photo is missing', async () => {
    mockObjectUrls();
    const xhr = mockXhr();
    serve(testAd);
    const { user } = await openPhotos();
    await user.upload(screen.getByLabelText('Add photos'), imageFile('face.jpg'));
    await user.click(button('Update Photos'));
    expect(xhr.requests[0]?.url).toBe('/api/post/100234/photos');
    await xhr.requests[0]?.respond({ status: 200, body: [three[0]] });
    await waitFor(() => expect(current()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Photos' })).toBeTruthy();
    expect(screen.getByText(sayIn('en', photoMessages.verificationSlot.missing))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Continue/ })).toBeNull();
  });

  it('deletes the verification photo from its slot', async () => {
    mockXhr();
    const { calls } = serve(
      { ...testAd, photos: [sign, ...three] },
      { 'POST /photo/delete': () => jsonResponse(three) },
    );
    const { user } = await openPhotos();
    await user.click(within(slot()).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        within(slot()).getByText(sayIn('en', photoMessages.verificationSlot.empty)),
      ).toBeTruthy(),
    );
    expect(calls.find((call) => call.path === '/photo/delete')?.body).toEqual({
      postId: '100234',
      photoId: sign.photo_id,
    });
    expect(current()).toHaveLength(3);
  });

  it('shows no slot for the other types', async () => {
    mockXhr();
    serve({ ...testAd, type: 'paid', verification_photo_code: null, photos: three });
    await openPhotos();
    expect(
      screen.queryByRole('region', { name: sayIn('en', photoMessages.verificationSlot.heading) }),
    ).toBeNull();
    expect(screen.queryByText(sayIn('en', photoMessages.verificationSlot.missing))).toBeNull();
    expect(screen.queryByText(sayIn('en', photoMessages.verificationBadge))).toBeNull();
  });
});
