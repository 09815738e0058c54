import { lifecycleMessages, type Ad, sayIn } from '@adboard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { locationHandlers, testAd } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

/** Editing a live ad: the edit waits for a moderator while the approved version stays public. */

const liveAd: Ad = {
  ...testAd,
  status: 'active',
  approved: true,
  posted: '2025-01-02T10:00:00.000Z',
  expiry: '2099-01-02T10:00:00.000Z',
  photos: [],
  lifecycle: { ...testAd.lifecycle, editNeedsReview: true, submittable: false },
};

function button(name: string) {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

/** The notices of the form, in their order, before its save button. */
function formNotices(): string[] {
  const form = button('Update').closest('form');
  if (!form) throw new Error('no form');
  return Array.from(form.querySelectorAll('.notice'), (notice) => notice.textContent ?? '');
}

describe('/edit-post: a live ad', () => {
  it('warns above Update that the changes are reviewed, then says the saved edit waits', async () => {
    storeSession();
    const saved: Ad = {
      ...liveAd,
      lifecycle: { ...liveAd.lifecycle, pendingRevision: true },
    };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(liveAd),
      'PATCH /api/post': () => jsonResponse({ success: true, post: saved, awaitingReview: true }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });

    const warning = screen.getByText(sayIn('en', lifecycleMessages.editLive));
    const update = button('Update');
    // The warning comes before the save button.
    expect(warning.compareDocumentPosition(update) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(formNotices()).toEqual([sayIn('en', lifecycleMessages.editLive)]);

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Evening companionship uptown');
    await user.click(update);

    expect(await screen.findByText(sayIn('en', lifecycleMessages.editSavedForReview))).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('shows no warning and no review toast for an ad that is not live', async () => {
    storeSession();
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () => jsonResponse({ success: true, post: testAd }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    expect(screen.queryByText(sayIn('en', lifecycleMessages.editLive))).toBeNull();
    expect(formNotices()).toEqual([]);

    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(screen.queryByText(sayIn('en', lifecycleMessages.editSavedForReview))).toBeNull();
  });

  it('shows an edit waiting for review and why the last one was not approved', async () => {
    storeSession();
    const reason = 'The title repeats the phone number.';
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () =>
        jsonResponse({
          ...liveAd,
          lifecycle: { ...liveAd.lifecycle, pendingRevision: true, revisionRejection: reason },
        }),
    });
    renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    const form = button('Update').closest('form');
    if (!form) throw new Error('no form');
    expect(within(form).getByText(sayIn('en', lifecycleMessages.pendingRevision))).toBeTruthy();
    expect(
      within(form).getByText(sayIn('en', lifecycleMessages.revisionRejected({ reason }))),
    ).toBeTruthy();
    expect(formNotices()).toEqual([
      sayIn('en', lifecycleMessages.revisionRejected({ reason })),
      sayIn('en', lifecycleMessages.pendingRevision),
      sayIn('en', lifecycleMessages.editLive),
    ]);
  });
});
