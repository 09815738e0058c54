import {
  lifecycleMessages,
  consoleMessages,
  moderationMessages,
  type AdReview,
  sayIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  adReview,
  queuePage,
  queueItem,
  statusWithRole,
  testDashboard,
} from '../test/admin-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const text = consoleMessages.review;
const reviewPath = '/api/admin/posts/100234';

function setUp(ad: AdReview = adReview(), handlers: Parameters<typeof mockFetch>[0] = {}) {
  storeSession();
  return mockFetch({
    'GET /api/user/status': statusWithRole('moderator'),
    'GET /api/admin/dashboard': () => jsonResponse(testDashboard),
    'GET /api/admin/queue': () => jsonResponse(queuePage([queueItem()])),
    [`GET ${reviewPath}`]: () => jsonResponse(ad),
    ...handlers,
  });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('/admin/posts/:id', () => {
  it('shows the ad as the public sees it, and what only moderators need', async () => {
    setUp();
    renderApp('/admin/posts/100234');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Evening companionship downtown' }),
    ).toBeTruthy();

    const ad = section(text.adHeading);
    const facts = Object.fromEntries(
      Array.from(ad.querySelectorAll('dt'), (dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(facts).toMatchObject({
      [text.facts.postId]: '100234',
      [text.facts.status]: 'Waiting for review',
      [text.facts.type]: 'Free verified',
      [text.facts.location]: 'Las Vegas, United States',
      [text.facts.age]: '25',
      [text.facts.ethnicity]: 'Mixed',
      [text.facts.business]: 'Independent Escort',
      [text.facts.incalls]: '—',
      [text.facts.outcalls]: 'Hotels only',
      [text.facts.phone]: '702-208-4567 (not verified)',
      [text.facts.email]: 'ada@example.com (verified)',
    });
    // The server's sanitised HTML, rendered.
    expect(within(ad).getByText('good').tagName).toBe('STRONG');

    const photos = section(text.photosHeading);
    const images = within(photos).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/photos/100234/p1-400.webp',
      '/photos/100234/p2-400.webp',
    ]);
    const verification = within(photos).getByText(text.verificationPhoto).closest('li');
    expect(verification?.className).toContain('review-photo--verification');
    expect(
      within(verification ?? photos)
        .getByRole('img')
        .getAttribute('src'),
    ).toBe('/photos/100234/p2-400.webp');
    expect(
      within(photos)
        .getByRole('link', { name: text.samePhotoAd('100999', 'other@example.com') })
        .getAttribute('href'),
    ).toBe('/admin/posts/100999');

    expect(
      within(section(text.flagsHeading))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Phone used on 2 ads of other accounts', 'Refused words: deposit']);
    expect(
      within(section(text.ownerHeading))
        .getByRole('link', { name: text.ownerSearch })
        .getAttribute('href'),
    ).toBe('/admin/users?q=ada%40example.com');
    expect(
      within(section(text.otherAdsHeading))
        .getByRole('link', { name: 'Older ad' })
        .getAttribute('href'),
    ).toBe('/admin/posts/100111');
    expect(within(section(text.paymentsHeading)).getByText(text.noPayments)).toBeTruthy();
    expect(within(section(text.reportsHeading)).getByText('Scam or fraud')).toBeTruthy();
    expect(
      within(section(text.historyHeading)).getByText(
        consoleMessages.audit.actions['report.dismiss'],
      ),
    ).toBeTruthy();
  });

  it('shows no edit section for an ad without a waiting edit', async () => {
    setUp();
    renderApp('/admin/posts/100234');
    await screen.findByRole('heading', { level: 1, name: 'Evening companionship downtown' });
    expect(screen.queryByRole('region', { name: text.revisionHeading })).toBeNull();
    expect(screen.queryByText(text.pendingPhoto)).toBeNull();
  });

  it('shows what an edit of a live ad changes, and the photo that came with it', async () => {
    const base = adReview();
    setUp(
      adReview({
        status: 'active',
        decisions: { approvable: true, rejectable: true, onRevision: true },
        photos: [
          ...base.photos,
          {
            photoId: 'p3',
            url: '/photos/100234/p3-1600.webp',
            thumbUrl: '/photos/100234/p3-400.webp',
            primary: false,
            verification: false,
            uploadedAt: '2025-01-03T10:00:00.000Z',
            sameOnAds: [],
            pending: true,
          },
        ],
        revision: {
          savedAt: '2025-01-03T10:00:00.000Z',
          changes: [
            {
              field: text.facts.title,
              before: 'Evening companionship downtown',
              after: 'Dinner dates downtown',
            },
            { field: text.facts.ethnicity, before: null, after: 'Mixed' },
          ],
          newPhotos: 1,
        },
      }),
    );
    renderApp('/admin/posts/100234');
    const edit = await screen.findByRole('region', { name: text.revisionHeading });
    const rows = within(edit)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      [text.facts.title, 'Evening companionship downtown', 'Dinner dates downtown'],
      [text.facts.ethnicity, text.revisionEmpty, 'Mixed'],
    ]);
    expect(within(edit).getByText(text.revisionNewPhotos(1))).toBeTruthy();
    // Approve and Reject act on the edit.
    expect(
      within(section(text.decisionHeading)).getByRole('button', { name: text.approve }),
    ).toBeTruthy();
    const pending = within(section(text.photosHeading)).getByText(text.pendingPhoto).closest('li');
    expect(pending?.querySelector('img')?.getAttribute('alt')).toBe(text.photoAlt(3));
  });

  it('approves, then says so and goes back to the queue it came from', async () => {
    const { calls } = setUp(adReview(), {
      [`POST ${reviewPath}/approve`]: () => jsonResponse({ success: true, status: 'active' }),
    });
    const { user, location } = renderApp('/admin?type=free_verified');
    await user.click(await screen.findByRole('link', { name: 'Evening companionship downtown' }));
    await user.click(await screen.findByRole('button', { name: text.approve }));

    expect(await screen.findByText(text.approved('100234'))).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/admin?type=free_verified'));
    const approve = calls.find((call) => call.path === `${reviewPath}/approve`);
    expect(approve?.method).toBe('POST');
    expect(approve?.headers.get('session')).toBe(testUser.token);
  });

  it('will not reject without a reason from the list and a message', async () => {
    const { calls } = setUp();
    const { user } = renderApp('/admin/posts/100234');
    await user.click(await screen.findByRole('button', { name: text.reject }));

    expect(screen.getByText(moderationMessages.reasonCodeUnknown)).toBeTruthy();
    expect(screen.getByText(moderationMessages.reasonRequired)).toBeTruthy();
    expect(screen.getByLabelText(text.rejectReasonText).getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText(text.rejectReasonText), ' x ');
    await user.click(screen.getByRole('button', { name: text.reject }));
    expect(screen.getByText(moderationMessages.reasonRequired)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/reject'))).toBe(false);
  });

  it('rejects with the chosen reason and the message, and tells of the refunds', async () => {
    const { calls } = setUp(adReview({ type: 'paid', paid: true }), {
      [`POST ${reviewPath}/reject`]: () =>
        jsonResponse({ success: true, status: 'rejected', refunds: 1 }),
    });
    const { user, location } = renderApp('/admin/posts/100234');
    await user.selectOptions(await screen.findByLabelText(text.rejectReasonCode), 'not_the_person');
    await user.type(
      screen.getByLabelText(text.rejectReasonText),
      '  The photos show someone else.  ',
    );
    await user.click(screen.getByRole('button', { name: text.reject }));

    expect(await screen.findByText(text.rejected('100234', 1))).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(calls.find((call) => call.path === `${reviewPath}/reject`)?.body).toEqual({
      code: 'not_the_person',
      reason: 'The photos show someone else.',
    });
  });

  it("shows the server's refusal and stays on the ad", async () => {
    setUp(adReview(), {
      [`POST ${reviewPath}/approve`]: () =>
        jsonResponse(
          { success: false, error: sayIn('en', lifecycleMessages.refused.approve) },
          409,
        ),
    });
    const { user, location } = renderApp('/admin/posts/100234');
    await user.click(await screen.findByRole('button', { name: text.approve }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', lifecycleMessages.refused.approve),
    );
    expect(location()).toBe('/admin/posts/100234');
  });

  it('offers only the decisions the server says the ad can take', async () => {
    setUp(
      adReview({
        status: 'active',
        decisions: { approvable: false, rejectable: true, onRevision: false },
      }),
    );
    renderApp('/admin/posts/100234');
    expect(await screen.findByRole('button', { name: text.reject })).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.approve })).toBeNull();
  });

  it('says so when the ad waits for nothing', async () => {
    setUp(
      adReview({
        status: 'incomplete',
        decisions: { approvable: false, rejectable: false, onRevision: false },
      }),
    );
    renderApp('/admin/posts/100234');
    expect(await screen.findByText(text.cannotDecide)).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.reject })).toBeNull();
  });

  it('opens the preview link in a new tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const url = 'http://las-vegas.localhost:3000/ads/details/100234?preview=true&token=abc';
    const { calls } = setUp(adReview(), {
      'POST /api/post/100234/preview': () => jsonResponse({ url }),
    });
    const { user } = renderApp('/admin/posts/100234');
    await user.click(await screen.findByRole('button', { name: text.view }));

    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const preview = calls.find((call) => call.path === '/api/post/100234/preview');
    expect(preview?.method).toBe('POST');
    expect(preview?.headers.get('session')).toBe(testUser.token);
  });

  it('dismisses a report', async () => {
    const { calls } = setUp(adReview(), {
      'POST /api/admin/reports/5a0c8f5e-0000-4000-8000-000000000001/dismiss': () =>
        jsonResponse({ success: true }),
    });
    const { user } = renderApp('/admin/posts/100234');
    await user.click(
      await within(await screen.findByRole('table', { name: text.reportsHeading })).findByRole(
        'button',
        { name: /Dismiss/ },
      ),
    );
    expect(await screen.findByText(consoleMessages.reports.dismissed)).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/dismiss'))).toHaveLength(1);
    // The ad is read again, with the report resolved.
    expect(calls.filter((call) => call.path === reviewPath).length).toBeGreaterThan(1);
  });

  it('says when the ad does not exist', async () => {
    setUp(adReview(), {
      [`GET /api/admin/posts/999`]: () => jsonResponse({ success: false, error: 'x' }, 404),
    });
    renderApp('/admin/posts/999');
    expect((await screen.findByRole('alert')).textContent).toBe(text.notFound);
  });
});
