import { catalogueAreas, messagesOf, waitInWords } from '@adboard/shared';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, storeSession, testSite, testUser } from '../test/helpers';
import { testAd } from '../test/ad-fixtures';
import { writeActiveAd } from './active-ad';
import { ApiError, errorMessage } from './api';
import { accountApi } from './account-api';
import { adApi } from './ad-api';
import { getSite } from './site-api';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

describe('api client', () => {
  it('sends the stored session in the session header', async () => {
    storeSession();
    const { calls } = mockFetch();
    await adApi.getMyAds();
    expect(calls[0]?.headers.get('session')).toBe(testUser.token);
  });

  it('omits the session header when signed out', async () => {
    const { calls } = mockFetch();
    await getSite();
    expect(calls[0]?.headers.has('session')).toBe(false);
  });

  it('sends JSON bodies and parses the site with the shared schema', async () => {
    const { calls } = mockFetch({
      'POST /api/user/register': () => jsonResponse({ success: true }),
    });
    await expect(getSite()).resolves.toEqual(testSite);
    await accountApi.register({ email: 'a@example.com', password: 'long enough' });
    const register = calls.find((call) => call.path === '/api/user/register');
    expect(register?.method).toBe('POST');
    expect(register?.headers.get('content-type')).toBe('application/json');
    expect(register?.body).toEqual({ email: 'a@example.com', password: 'long enough' });
  });

  it('turns an error body into an ApiError with the server text and fields', async () => {
    mockFetch({
      'POST /api/user/register': () =>
        jsonResponse(
          { success: false, error: 'Some fields are not valid.', fields: { email: 'Bad email' } },
          400,
        ),
    });
    const error = await accountApi.register({ email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.serverError).toBe('Some fields are not valid.');
    expect(apiError.fields).toEqual({ email: 'Bad email' });
  });

  it('reads Retry-After on a 429 and falls back to the catalogue wait message', async () => {
    mockFetch({
      'POST /api/user/login': () =>
        new Response('', { status: 429, headers: { 'Retry-After': '42' } }),
    });
    const error = (await accountApi
      .login({ email: 'a@example.com', password: 'pw' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterSeconds).toBe(42);
    expect(errorMessage(error, 'fallback')).toBe(
      answersEn.http.tooManyRequests({ wait: waitInWords(42) }),
    );
  });

  it('flags the 403 of an unverified email on login', async () => {
    mockFetch({
      'POST /api/user/login': () =>
        jsonResponse(
          { success: false, error: answersEn.auth.emailNotVerified, verifyEmail: true },
          403,
        ),
    });
    const error = (await accountApi
      .login({ email: 'a@example.com', password: 'pw' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.verifyEmail).toBe(true);
    expect(error.status).toBe(403);
  });

  it('surfaces a network failure as the catalogue network message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await getSite().catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(errorMessage(error, 'fallback')).toBe(answersEn.http.networkError);
  });

  it('rejects an answer that does not match the schema', async () => {
    mockFetch({ 'GET /api/site': () => jsonResponse({ name: 'half a site' }) });
    await expect(getSite()).rejects.toThrow(answersEn.http.internalError);
  });

  it('uses the fallback when the server sent no error text', async () => {
    mockFetch({ 'POST /api/user/register': () => new Response('oops', { status: 500 }) });
    const error = await accountApi
      .register({ email: 'a@example.com', password: 'pw' })
      .catch((e: unknown) => e);
    expect(errorMessage(error, answersEn.auth.registerFailed)).toBe(answersEn.auth.registerFailed);
  });

  it('returns the user of a successful login', async () => {
    mockFetch({ 'POST /api/user/login': () => jsonResponse({ success: true, data: testUser }) });
    await expect(accountApi.login({ email: testUser.email, password: 'pw' })).resolves.toEqual({
      user: testUser,
    });
  });
  it('returns the challenge when the account has a second factor: no user, no session', async () => {
    mockFetch({
      'POST /api/user/login': () =>
        jsonResponse({
          success: true,
          challenge: 'a-challenge-of-the-second-step',
          factorKinds: ['passkey'],
        }),
    });
    await expect(accountApi.login({ email: testUser.email, password: 'pw' })).resolves.toEqual({
      challenge: 'a-challenge-of-the-second-step',
      factorKinds: ['passkey'],
    });
  });
  it("sends the ad's edit-token on ad calls: the stored token, or 'none'", async () => {
    const ad = { success: true, post: testAd };
    const { calls } = mockFetch({
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () => jsonResponse(ad),
      'POST /api/post/delete': () => jsonResponse({ success: true }),
    });
    await adApi.getAd('100234');
    writeActiveAd({ post_id: '100234', token: 'edit-tok' });
    await adApi.getAd('100234');
    await adApi.deleteAd('100234');
    await adApi.getMyAds().catch(() => undefined);
    expect(calls.map((call) => call.headers.get('edit-token'))).toEqual([
      'none',
      'edit-tok',
      'edit-tok',
      null,
    ]);
  });

  it('treats a 2xx answer with success false as a failure for ad actions', async () => {
    mockFetch({
      'POST /api/post/100234/submit': () =>
        jsonResponse({ success: false, error: 'Already submitted.' }),
      'POST /api/posts': () => jsonResponse({ success: false, error: 'No.' }),
    });
    const submit = (await adApi.submitAd('100234').catch((e: unknown) => e)) as ApiError;
    expect(submit).toBeInstanceOf(ApiError);
    expect(submit.serverError).toBe('Already submitted.');
    const create = (await adApi
      .createAd({
        name: 'a',
        title: 'b',
        description: '<p>c</p>',
        age: '25',
        phone: '7022084567',
        country: 'US',
        city: 'boston',
        type: 'paid',
      })
      .catch((e: unknown) => e)) as ApiError;
    expect(create.serverError).toBe('No.');
  });

  it('asks for the cities of a country in the query', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/cities': () => jsonResponse([]) });
    await adApi.getCities('CA');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/cities?country=CA');
  });

  it('only logs a failed analytics event', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/event': () => new Response('', { status: 500 }) });
    adApi.sendEvent({ event: 'post_created', postId: '1' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});
