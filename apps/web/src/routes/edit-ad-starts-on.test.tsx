import { adToolLimits, catalogueAreas, messagesOf, utcDateOf, type Ad } from '@adboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { locationHandlers, testAd } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, type FetchCall } from '../test/helpers';
import { button } from '../test/wizard-steps';

/* The ad form's start date (issue 29): given before approval, the ad goes public on it. */

const m = messagesOf(catalogueAreas.adTools, 'en').startsOn;
const tooFar = m.tooFar({ maxDays: adToolLimits.startsOnMaxDaysAhead });
const DAY_MS = 86_400_000;
const day = (n: number) => utcDateOf(new Date(Date.now() + n * DAY_MS));

function patchBody(calls: FetchCall[]): Record<string, unknown> | undefined {
  const call = calls.find((c) => c.method === 'PATCH' && c.path === '/api/post');
  return call?.body as Record<string, unknown> | undefined;
}

/** An existing ad open in the form, its update answered with the ad as sent back. */
async function editAd(ad: Ad = testAd) {
  storeSession();
  const { calls } = mockFetch({
    ...locationHandlers,
    'GET /api/post/100234': () => jsonResponse(ad),
    'PATCH /api/post': () => jsonResponse({ success: true, post: ad }),
  });
  const view = renderApp('/edit-post?id=100234&edit=link-token-123');
  await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
  return { ...view, calls };
}

const startField = () => screen.getByLabelText<HTMLInputElement>(m.label);

function typeDate(value: string) {
  fireEvent.change(startField(), { target: { value } });
  fireEvent.blur(startField());
}

describe('/edit-post: the start date', () => {
  it('sends the date chosen, and null when it is left empty (public at approval)', async () => {
    const { user, calls } = await editAd();
    expect(startField().value).toBe('');
    expect(startField().type).toBe('date');
    typeDate(day(5));
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({ starts_on: day(5) });
  });

  it('shows the saved date and sends null once it is cleared', async () => {
    const { user, calls } = await editAd({ ...testAd, starts_on: day(3) });
    expect(startField().value).toBe(day(3));
    typeDate('');
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({ starts_on: null });
  });

  it('refuses a date in the past or too far ahead under the field, and saves nothing', async () => {
    const { user, calls } = await editAd();
    typeDate(day(-1));
    expect(await screen.findByText(m.past)).toBeTruthy();
    typeDate(day(adToolLimits.startsOnMaxDaysAhead + 1));
    expect(await screen.findByText(tooFar)).toBeTruthy();
    await user.click(button('Update'));
    expect(startField().getAttribute('aria-invalid')).toBe('true');
    expect(patchBody(calls)).toBeUndefined();
    typeDate(day(adToolLimits.startsOnMaxDaysAhead));
    await waitFor(() => expect(screen.queryByText(tooFar)).toBeNull());
  });

  it("shows the server's refusal under the field", async () => {
    storeSession();
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () =>
        jsonResponse({ success: false, error: m.notNow, fields: { starts_on: m.notNow } }, 400),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=link-token-123');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    typeDate(day(2));
    await user.click(button('Update'));
    await waitFor(() => expect(startField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(m.notNow).length).toBeGreaterThan(0);
  });

  it('is not offered on a live ad, whose edit leaves its start as it was', async () => {
    const live: Ad = {
      ...testAd,
      status: 'active',
      approved: true,
      posted: '2025-01-02T10:00:00.000Z',
      expiry: '2099-01-02T10:00:00.000Z',
      lifecycle: { ...testAd.lifecycle, editNeedsReview: true, submittable: false },
    };
    const { user, calls } = await editAd(live);
    expect(screen.queryByLabelText(m.label)).toBeNull();
    await user.click(button('Update'));
    await waitFor(() => expect(patchBody(calls)).toBeDefined());
    expect(patchBody(calls)).not.toHaveProperty('starts_on');
  });
});
