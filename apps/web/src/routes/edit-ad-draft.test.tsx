import { adMessages, type Ad, type SessionUser, sayIn } from '@adboard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { draftMaxAgeMs } from '../features/wizard/ad-draft';
import { draftKey } from '../features/wizard/draft-keys';
import { locationHandlers, testAd } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, testSite } from '../test/helpers';
import { button, openForm } from '../test/wizard-steps';

const otherUser: SessionUser = {
  token: 'other-session-token-0123',
  email: 'bo@example.com',
  user_id: 'user-2',
};

const validateOk = () => jsonResponse({ phone: true, backlink: true });

function draftKeys(): string[] {
  return Object.keys(window.localStorage).filter((key) => key.startsWith('adDraft:'));
}

function signOut(): void {
  for (const key of ['session', 'email', 'userId']) window.localStorage.removeItem(key);
}

/** A reload: the page is hidden and goes, then the app starts again at the address. */
function reload(view: { unmount: () => void }, path: string) {
  window.dispatchEvent(new Event('pagehide'));
  view.unmount();
  return renderApp(path);
}

function field(label: string) {
  return screen.getByLabelText<HTMLInputElement>(label);
}

function restoredNote() {
  return screen.queryByText(/^Restored your unsaved draft from /);
}

/** Fires the page's beforeunload: true when the page asked to stay. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function mainMenuLink(name: string) {
  return screen
    .getByRole('navigation', { name: 'Main' })
    .querySelector<HTMLAnchorElement>(`a[href="${name}"]`);
}

describe('/edit-post: the local draft', () => {
  it('brings back what was typed after a reload, at the step it was at, with a note', async () => {
    mockFetch(locationHandlers);
    const first = renderApp('/edit-post');
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
    await openForm(first.user, 'paid');
    await first.user.type(field('Name'), 'Ada');
    await first.user.type(field('Title'), 'Evening companionship');

    const second = reload(first, '/edit-post?step=ad');
    expect(await screen.findByRole('heading', { name: /^Posting on Las Vegas/ })).toBeTruthy();
    expect(field('Name').value).toBe('Ada');
    expect(field('Title').value).toBe('Evening companionship');
    expect(restoredNote()?.textContent).toBe(
      sayIn('en', adMessages.wizard.draftRestored({ age: 'less than a minute ago' })),
    );
    expect(button(sayIn('en', adMessages.wizard.draftDiscard))).toBeTruthy();

    // A new visit to Post New Ad (no step in the address) opens the draft too.
    reload(second, '/edit-post');
    expect(await screen.findByRole('heading', { name: /^Posting on Las Vegas/ })).toBeTruthy();
    expect(field('Name').value).toBe('Ada');
  });

  it('reopens the type step when the draft was left there', async () => {
    mockFetch(locationHandlers);
    const first = renderApp('/edit-post');
    await first.user.click(
      await screen.findByLabelText(sayIn('en', adMessages.wizard.rulesAccept)),
    );
    await first.user.click(button(sayIn('en', adMessages.wizard.agree)));
    await screen.findByRole('option', { name: 'Las Vegas' });
    await first.user.selectOptions(screen.getByLabelText('City'), 'las-vegas');

    reload(first, '/edit-post?step=type');
    expect(await screen.findByText('1. Choose location')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('City').value).toBe('las-vegas');
    expect(restoredNote()).toBeTruthy();
  });

  it('keeps each account’s draft to itself, and the anonymous one apart', async () => {
    storeSession();
    mockFetch(locationHandlers);
    let view = renderApp('/edit-post');
    await openForm(view.user, 'paid');
    await view.user.type(field('Name'), 'Ada');

    storeSession(otherUser);
    view = reload(view, '/edit-post?step=ad');
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(restoredNote()).toBeNull();

    signOut();
    view = reload(view, '/edit-post?step=ad');
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(restoredNote()).toBeNull();

    storeSession();
    reload(view, '/edit-post?step=ad');
    expect(await screen.findByRole('heading', { name: /^Posting on Las Vegas/ })).toBeTruthy();
    expect(field('Name').value).toBe('Ada');
    expect(restoredNote()).toBeTruthy();
    expect(draftKeys()).toEqual([draftKey({ siteId: testSite.id, userId: 'user-1' }, null)]);
  });

  it('never stores a session or an edit token in a draft', async () => {
    storeSession();
    window.localStorage.setItem('activePost', JSON.stringify({ post_id: '7', token: 'tok-7' }));
    mockFetch(locationHandlers);
    const view = renderApp('/edit-post');
    await openForm(view.user, 'paid');
    await view.user.type(field('Name'), 'Ada');
    await waitFor(() => expect(draftKeys()).toHaveLength(1));
    const stored = draftKeys()
      .map((key) => window.localStorage.getItem(key))
      .join('');
    expect(stored).toContain('Ada');
    expect(stored).not.toContain('session-token');
    expect(stored).not.toContain('tok-7');
  });

  it('Discard draft forgets it and starts the ad afresh', async () => {
    mockFetch(locationHandlers);
    const first = renderApp('/edit-post');
    await openForm(first.user, 'paid');
    await first.user.type(field('Name'), 'Ada');

    const second = reload(first, '/edit-post?step=ad');
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    await second.user.click(button(sayIn('en', adMessages.wizard.draftDiscard)));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(restoredNote()).toBeNull();
    expect(draftKeys()).toEqual([]);
    expect(unloadAsks()).toBe(false);

    reload(second, '/edit-post');
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(restoredNote()).toBeNull();
  });

  it('clears the draft once the ad is created', async () => {
    mockFetch({
      ...locationHandlers,
      'POST /validate/ad': validateOk,
      'POST /api/posts': () => jsonResponse({ success: true, post_id: '100240', token: 'tok' }),
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100240': () => jsonResponse({ ...testAd, post_id: '100240', type: 'paid' }),
    });
    const view = renderApp('/edit-post');
    await openForm(view.user, 'paid');
    await view.user.type(field('Name'), 'Ada');
    await view.user.type(field('Phone'), '702-208-4567');
    await view.user.type(screen.getByRole('textbox', { name: 'Email' }), 'anon@example.com');
    await view.user.type(field('Title'), 'Evening companionship downtown');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await view.user.click(description);
    await view.user.type(description, 'Relaxed evenings');
    await view.user.type(field('Age'), '25');
    await waitFor(() => expect(draftKeys()).toHaveLength(1));

    await view.user.click(button('Save and continue'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(draftKeys()).toEqual([]);
    expect(unloadAsks()).toBe(false);

    reload(view, '/edit-post');
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(restoredNote()).toBeNull();
  });

  it('keeps an edit of a saved ad across a reload, and clears it once updated', async () => {
    storeSession();
    const vipAd: Ad = { ...testAd, type: 'paid' };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(vipAd),
      'PATCH /api/post': () =>
        jsonResponse({ success: true, post: { ...vipAd, title: 'A new title' } }),
    });
    const path = '/edit-post?id=100234&edit=auth';
    const first = renderApp(path);
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    expect(unloadAsks()).toBe(false);
    await first.user.clear(field('Title'));
    await first.user.type(field('Title'), 'A new title');

    const second = reload(first, path);
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    expect(field('Title').value).toBe('A new title');
    expect(restoredNote()).toBeTruthy();

    await second.user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      title: 'A new title',
    });
    expect(draftKeys()).toEqual([]);
    expect(unloadAsks()).toBe(false);
  });

  it('drops the draft of a saved ad that changed since (saved from another device)', async () => {
    storeSession();
    let served: Ad = testAd;
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(served) });
    const path = '/edit-post?id=100234&edit=auth';
    const first = renderApp(path);
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    await first.user.type(field('Name'), ' Lovelace');

    served = { ...testAd, title: 'Changed elsewhere' };
    reload(first, path);
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    expect(field('Title').value).toBe('Changed elsewhere');
    expect(field('Name').value).toBe('Ada');
    expect(restoredNote()).toBeNull();
    expect(draftKeys()).toEqual([]);
  });

  it.each([
    [
      'expired',
      () => JSON.stringify({ ...storedDraft(), savedAt: Date.now() - draftMaxAgeMs - 1 }),
    ],
    ['broken', () => '{"version":1,"savedAt":'],
    ['of an older format', () => JSON.stringify({ ...storedDraft(), version: 0 })],
    ['with a field of the wrong kind', () => JSON.stringify({ ...storedDraft(), type: 'gold' })],
  ])('ignores and removes a draft that is %s', async (_kind, stored) => {
    const key = draftKey({ siteId: testSite.id, userId: null }, null);
    window.localStorage.setItem(key, stored());
    mockFetch(locationHandlers);
    renderApp('/edit-post?step=ad');
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(restoredNote()).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('restores a valid draft written by hand, with its age in words', async () => {
    const key = draftKey({ siteId: testSite.id, userId: null }, null);
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...storedDraft(), savedAt: Date.now() - 2 * 60 * 60 * 1000 }),
    );
    mockFetch(locationHandlers);
    renderApp('/edit-post');
    expect(await screen.findByRole('heading', { name: /^Posting on Las Vegas/ })).toBeTruthy();
    expect(restoredNote()?.textContent).toBe(
      sayIn('en', adMessages.wizard.draftRestored({ age: '2 hours ago' })),
    );
    expect(field('Name').value).toBe('Ada');
  });
});

describe('/edit-post: leaving with unsaved changes', () => {
  it('asks before the page unloads and before the app’s links leave, until saved', async () => {
    storeSession();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    mockFetch({
      ...locationHandlers,
      'POST /validate/ad': validateOk,
      'POST /api/posts': () => jsonResponse({ success: true, post_id: '100241', token: 'tok' }),
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100241': () => jsonResponse({ ...testAd, post_id: '100241', type: 'paid' }),
    });
    const { user, location } = renderApp('/edit-post');
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
    // Nothing typed yet: leaving asks nothing.
    expect(unloadAsks()).toBe(false);
    await openForm(user, 'paid');
    await user.type(field('Name'), 'Ada');
    expect(unloadAsks()).toBe(true);

    // The site menu's My Posts: staying keeps the form as it is.
    await user.click(mainMenuLink('/posts') as HTMLAnchorElement);
    expect(confirm).toHaveBeenCalledWith(sayIn('en', adMessages.wizard.leaveUnsaved));
    expect(location()).toMatch(/^\/edit-post/);
    expect(field('Name').value).toBe('Ada');

    // Post New Ad while on the new ad does not leave it: no question.
    confirm.mockClear();
    await user.click(mainMenuLink('/edit-post') as HTMLAnchorElement);
    expect(confirm).not.toHaveBeenCalled();

    // Saved: nothing to ask about any more.
    await user.type(field('Phone'), '702-208-4567');
    await user.type(field('Title'), 'Evening companionship downtown');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await user.click(description);
    await user.type(description, 'Relaxed evenings');
    await user.type(field('Age'), '25');
    await user.click(button('Save and continue'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(unloadAsks()).toBe(false);
    confirm.mockClear();
    await user.click(mainMenuLink('/posts') as HTMLAnchorElement);
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/posts'));
  });

  it('leaves when the advertiser confirms, and the draft is kept for later', async () => {
    storeSession();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch(locationHandlers);
    const { user, location } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await user.type(field('Name'), 'Ada');
    await user.click(mainMenuLink('/posts') as HTMLAnchorElement);
    await waitFor(() => expect(location()).toBe('/posts'));
    expect(unloadAsks()).toBe(false);
    expect(draftKeys()).toHaveLength(1);

    await user.click(mainMenuLink('/edit-post') as HTMLAnchorElement);
    expect(await screen.findByRole('heading', { name: /^Posting on Las Vegas/ })).toBeTruthy();
    expect(field('Name').value).toBe('Ada');
  });
});

/** A draft of a new ad at the form, as the wizard writes it. */
function storedDraft() {
  return {
    version: 1,
    savedAt: Date.now(),
    view: 'form',
    rulesAccepted: true,
    location: {
      country: 'US',
      countryFull: 'United States',
      city: 'las-vegas',
      cityFull: 'Las Vegas',
    },
    type: 'paid',
    values: {
      name: 'Ada',
      phone: '',
      email: '',
      title: '',
      description: '',
      age: '',
      ethnicity: '',
      business: '',
      incalls: '',
      outcalls: '',
      backlink: '',
    },
    contacts: ['call'],
    revealed: false,
    baseline: null,
  };
}
