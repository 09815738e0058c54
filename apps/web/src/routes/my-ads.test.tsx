import {
  adMessages,
  lifecycleMessages,
  paymentMessages,
  storageKeys,
  type AdListRow,
  catalogueAreas,
  messagesOf,
  sayIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testRow } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

function card(title: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: title });
  const item = heading.closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return item;
}

function badges(element: HTMLElement): string[] {
  return Array.from(element.querySelectorAll('.badge'), (badge) => badge.textContent ?? '');
}

describe('/posts', () => {
  it('sends a signed-out visitor to /login', async () => {
    const { actionCalls } = mockFetch();
    const { location } = renderApp('/posts');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    expect(actionCalls()).toEqual([]);
  });

  it('shows a loading overlay, then the empty message and the new-ad link', async () => {
    storeSession();
    let release: () => void = () => undefined;
    const { calls } = mockFetch({
      'GET /api/posts': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse([]));
        }),
    });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'My Posts' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();

    release();
    expect(await screen.findByText(answersEn.posts.noPosts)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByRole('link', { name: answersEn.posts.postNewAd }).getAttribute('href')).toBe(
      '/edit-post',
    );
    expect(calls.find((call) => call.path === '/api/posts')?.headers.get('session')).toBe(
      testUser.token,
    );
  });

  it('shows each ad as a card with its facts, links and badges', async () => {
    storeSession();
    mockFetch({ 'GET /api/posts': () => jsonResponse([testRow]) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    const item = card(testRow.title);
    const facts = Object.fromEntries(
      Array.from(item.querySelectorAll('dt'), (dt) => [
        dt.textContent,
        dt.nextElementSibling?.textContent,
      ]),
    );
    expect(facts).toEqual({
      Headline: testRow.title,
      'Ad ID': testRow.postId,
      Posted: 'Jan 2, 2025',
      Location: 'Las Vegas, NV',
      Status: 'PENDING',
      'Expiry Status': '30 days',
      'Ad type': 'Free',
    });
    const edit = '/edit-post?id=100234&edit=auth';
    expect(within(item).getByRole('link', { name: testRow.postId }).getAttribute('href')).toBe(
      edit,
    );
    expect(within(item).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(edit);
    expect(within(item).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByText(answersEn.posts.noPosts)).toBeNull();
  });

  it('shows the status, expiry and type badges of every kind with their tones', async () => {
    storeSession();
    const rows: AdListRow[] = [
      {
        ...testRow,
        postId: '1',
        title: 'A',
        status: 'active',
        type: 'paid',
        product: 'DAYS_30',
        paid: true,
      },
      {
        ...testRow,
        postId: '2',
        title: 'B',
        status: 'payment_pending',
        type: 'paid',
        product: 'DAYS_180',
        paid: true,
        daysLeft: null,
        posted: null,
      },
      {
        ...testRow,
        postId: '3',
        title: 'C',
        status: 'rejected',
        type: 'premium',
        daysLeft: 0,
      },
      {
        ...testRow,
        postId: '4',
        title: 'D',
        status: 'incomplete',
        type: 'free_verified',
        daysLeft: 1,
      },
      {
        ...testRow,
        postId: '5',
        title: 'E',
        status: 'expired',
        type: 'regular',
        daysLeft: 60,
      },
      { ...testRow, postId: '6', title: 'F', status: 'pending', type: 'other' },
    ];
    mockFetch({ 'GET /api/posts': () => jsonResponse(rows) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'A' });
    expect(badges(card('A'))).toEqual(['APPROVED', '30 days', 'VIP 30 days']);
    expect(badges(card('B'))).toEqual(['PAYMENT PENDING', 'VIP 6 months']);
    expect(badges(card('C'))).toEqual(['NOT APPROVED', 'expired', 'Premium']);
    expect(badges(card('D'))).toEqual(['INCOMPLETE', '1 day', 'Free']);
    expect(badges(card('E'))).toEqual(['PENDING', '2 months', 'Standard']);
    expect(badges(card('F'))).toEqual(['PENDING', '30 days', 'Unknown']);

    const tones = (title: string) =>
      Array.from(card(title).querySelectorAll('.badge'), (badge) =>
        Array.from(badge.classList).find((name) => name.startsWith('badge--')),
      );
    expect(tones('A')).toEqual(['badge--success', 'badge--success', 'badge--default']);
    expect(tones('B')).toEqual(['badge--warning', 'badge--default']);
    expect(tones('C')).toEqual(['badge--danger', 'badge--danger', 'badge--default']);
    expect(tones('D')).toEqual(['badge--default', 'badge--default', 'badge--default']);
    expect(within(card('B')).getByText('—')).toBeTruthy();
  });

  it("offers 'Feature this ad' where the lifecycle says the ad can be featured, opening the premium options", async () => {
    storeSession();
    // Each row carries the server's answer (the lifecycle table), whatever its status says.
    const rows: AdListRow[] = [
      { ...testRow, postId: '1', title: 'Live', status: 'active', featurable: true },
      { ...testRow, postId: '2', title: 'Waiting', status: 'pending', featurable: true },
      {
        ...testRow,
        postId: '3',
        title: 'Incomplete',
        type: 'free_verified',
        status: 'incomplete',
        daysLeft: null,
        featurable: false,
      },
      {
        ...testRow,
        postId: '4',
        title: 'Unpaid VIP',
        type: 'paid',
        status: 'payment_pending',
        daysLeft: null,
        featurable: false,
      },
      { ...testRow, postId: '5', title: 'Rejected', status: 'rejected', featurable: false },
      {
        ...testRow,
        postId: '6',
        title: 'Expired',
        status: 'expired',
        daysLeft: 0,
        featurable: false,
      },
    ];
    mockFetch({ 'GET /api/posts': () => jsonResponse(rows) });
    const { user, location } = renderApp('/posts');
    await screen.findByRole('heading', { name: 'Live' });
    const feature = (title: string) =>
      within(card(title)).queryByRole('link', { name: sayIn('en', paymentMessages.featureThisAd) });
    expect(feature('Live')?.getAttribute('href')).toBe(
      '/edit-post?id=1&edit=auth&step=payment&product=premium',
    );
    expect(feature('Live')?.getAttribute('aria-describedby')).toBe(
      screen.getByRole('heading', { name: 'Live' }).id,
    );
    expect(feature('Waiting')).toBeTruthy();
    expect(feature('Incomplete')).toBeNull();
    expect(feature('Unpaid VIP')).toBeNull();
    expect(feature('Rejected')).toBeNull();
    expect(feature('Expired')).toBeNull();

    await user.click(feature('Live') ?? document.body);
    await waitFor(() =>
      expect(location()).toBe('/edit-post?id=1&edit=auth&step=payment&product=premium'),
    );
  });

  it('shows the Premium badge while the premium placement lasts', async () => {
    storeSession();
    const day = 86_400_000;
    const rows: AdListRow[] = [
      {
        ...testRow,
        postId: '1',
        title: 'Featured',
        status: 'active',
        type: 'paid',
        product: 'DAYS_30',
        paid: true,
        premiumUntil: new Date(Date.now() + 3 * day).toISOString(),
      },
      {
        ...testRow,
        postId: '2',
        title: 'Was featured',
        status: 'active',
        premiumUntil: new Date(Date.now() - day).toISOString(),
      },
      { ...testRow, postId: '3', title: 'Never featured', status: 'active' },
    ];
    mockFetch({ 'GET /api/posts': () => jsonResponse(rows) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'Featured' });
    expect(badges(card('Featured'))).toEqual(['APPROVED', '30 days', 'VIP 30 days', 'Premium']);
    expect(badges(card('Was featured'))).toEqual(['APPROVED', '30 days', 'Free']);
    expect(badges(card('Never featured'))).toEqual(['APPROVED', '30 days', 'Free']);
  });

  it('shows an unpaid VIP ad as not paid, the held paid time, and an edit waiting for review', async () => {
    storeSession();
    const rows: AdListRow[] = [
      {
        ...testRow,
        postId: '1',
        title: 'Refunded',
        status: 'rejected',
        type: 'paid',
        product: 'DAYS_30',
      },
      {
        ...testRow,
        postId: '2',
        title: 'Held',
        status: 'pending',
        type: 'paid',
        product: 'DAYS_30',
        paid: true,
        heldPaidDays: 30,
      },
      { ...testRow, postId: '3', title: 'Revised', status: 'active', pendingRevision: true },
    ];
    mockFetch({ 'GET /api/posts': () => jsonResponse(rows) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'Refunded' });
    expect(badges(card('Refunded'))).toEqual(['NOT APPROVED', '30 days', 'VIP (not paid)']);
    expect(within(card('Refunded')).queryByText(/from approval/)).toBeNull();

    expect(badges(card('Held'))).toEqual(['PENDING', '30 days', 'VIP 30 days']);
    expect(within(card('Held')).getByText('VIP, 30 days from approval')).toBeTruthy();

    expect(badges(card('Revised'))).toEqual([
      'APPROVED',
      '30 days',
      'Free',
      sayIn('en', lifecycleMessages.pendingRevision),
    ]);
    const revised = within(card('Revised')).getByText(
      sayIn('en', lifecycleMessages.pendingRevision),
    );
    expect(revised.classList.contains('badge--warning')).toBe(true);
    expect(
      within(card('Held')).queryByText(sayIn('en', lifecycleMessages.pendingRevision)),
    ).toBeNull();
  });

  it('View asks for the preview link and opens it in a tab opened on the click', async () => {
    storeSession();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const url = 'http://las-vegas.localhost:3000/ads/details/100234?preview=true&token=t0k3n';
    const { calls } = mockFetch({
      'GET /api/posts': () => jsonResponse([testRow]),
      'POST /api/post/100234/preview': () => jsonResponse({ url }),
    });
    const { user } = renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    await user.click(within(card(testRow.title)).getByRole('button', { name: 'View' }));

    // Opened blank at once (popup blockers allow that), then sent to the link.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(url));
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    const preview = calls.find((call) => call.path === '/api/post/100234/preview');
    expect(preview?.method).toBe('POST');
    expect(preview?.headers.get('session')).toBe(testUser.token);
    expect(preview?.headers.get('edit-token')).toBe('none');
  });

  it('View closes its tab and only logs when the preview link is refused', async () => {
    storeSession();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockFetch({
      'GET /api/posts': () => jsonResponse([testRow]),
      'POST /api/post/100234/preview': () =>
        jsonResponse({ success: false, error: 'Not found.' }, 404),
    });
    const { user } = renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    await user.click(within(card(testRow.title)).getByRole('button', { name: 'View' }));

    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before deleting, and Cancel closes the dialog without deleting', async () => {
    storeSession();
    const { calls } = mockFetch({ 'GET /api/posts': () => jsonResponse([testRow]) });
    const { user } = renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    const deleteButton = within(card(testRow.title)).getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);

    const dialog = screen.getByRole('dialog', { name: sayIn('en', adMessages.posts.deleteTitle) });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(sayIn('en', adMessages.posts.deleteBody))).toBeTruthy();
    const cancel = within(dialog).getByRole('button', {
      name: sayIn('en', adMessages.posts.deleteCancel),
    });
    expect(document.activeElement).toBe(cancel);
    expect(
      within(dialog).getByRole('button', { name: sayIn('en', adMessages.posts.deleteConfirm) }),
    ).toBeTruthy();

    await user.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(deleteButton);
    expect(calls.some((call) => call.path === '/api/post/delete')).toBe(false);

    await user.click(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes after confirmation with the buttons disabled meanwhile, then reloads the list', async () => {
    storeSession();
    let rows = [testRow];
    let finish: () => void = () => undefined;
    const { calls } = mockFetch({
      'GET /api/posts': () => jsonResponse(rows),
      'POST /api/post/delete': () =>
        new Promise<Response>((resolve) => {
          finish = () => {
            rows = [];
            resolve(jsonResponse({ success: true }));
          };
        }),
    });
    const { user } = renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    await user.click(within(card(testRow.title)).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    await user.click(
      within(dialog).getByRole('button', { name: sayIn('en', adMessages.posts.deleteConfirm) }),
    );

    await waitFor(() =>
      expect(
        within(card(testRow.title)).getByRole<HTMLButtonElement>('button', { name: 'Delete' })
          .disabled,
      ).toBe(true),
    );
    expect(
      within(card(testRow.title)).getByRole('link', { name: 'Edit', hidden: true }),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', {
        name: sayIn('en', adMessages.posts.deleteCancel),
      }).disabled,
    ).toBe(true);
    const remove = calls.find((call) => call.path === '/api/post/delete');
    expect(remove?.body).toEqual({ postId: testRow.postId });
    expect(remove?.headers.get('edit-token')).toBe('none');
    expect(remove?.headers.get('session')).toBe(testUser.token);

    const listCalls = calls.filter((call) => call.path === '/api/posts').length;
    finish();
    expect(await screen.findByText(answersEn.posts.noPosts)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/posts').length).toBe(listCalls + 1);
  });

  it('only logs a failed delete, closes the dialog and reloads', async () => {
    storeSession();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = mockFetch({
      'GET /api/posts': () => jsonResponse([testRow]),
      'POST /api/post/delete': () => new Response('', { status: 500 }),
    });
    const { user } = renderApp('/posts');
    await screen.findByRole('heading', { name: testRow.title });
    await user.click(within(card(testRow.title)).getByRole('button', { name: 'Delete' }));
    await user.click(
      screen.getByRole('button', { name: sayIn('en', adMessages.posts.deleteConfirm) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/posts').length).toBe(2);
  });

  it('signs out and goes to /login on a 401', async () => {
    storeSession();
    mockFetch({
      'GET /api/posts': () => jsonResponse({ success: false, error: 'Please log in.' }, 401),
    });
    const { location } = renderApp('/posts');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(location()).toBe('/login');
    await waitFor(() => expect(window.localStorage.getItem(storageKeys.session)).toBeNull());
  });
});
