import { adMessages, type Ad, sayIn } from '@adboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { locationHandlers, testAd } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, type FetchCall } from '../test/helpers';
import { button, openForm } from '../test/wizard-steps';

/** The ad form's save, sent once: a double click creates one ad (issue 13). */

async function fillForm(user: UserEvent, title = 'Evening companionship downtown') {
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Phone'), '702-208-4567');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'anon@example.com');
  await user.type(screen.getByLabelText('Title'), title);
  const description = await screen.findByRole('textbox', { name: 'Description' });
  await user.click(description);
  await user.type(description, 'Relaxed evenings');
  await user.type(screen.getByLabelText('Age'), '25');
  await user.tab();
}

/** A response the test sends when it wants, to see the page while the request runs. */
function deferred() {
  let answer: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

const creates = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/posts');

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('/edit-post: saving the ad once', () => {
  it('disables Save and continue while the ad is created: a double click sends one request', async () => {
    const created = deferred();
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': () => jsonResponse({ phone: true, backlink: true }),
      'POST /api/posts': () => created.promise,
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100234': () => jsonResponse({ ...testAd, type: 'paid' }),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await fillForm(user);

    const save = button('Save and continue');
    const form = save.closest('form');
    if (!form) throw new Error('no form');
    // Two submits before the page re-renders (a fast double click, Enter twice)...
    fireEvent.submit(form);
    fireEvent.submit(form);
    // ...and a double click once it has.
    await user.dblClick(save);
    await waitFor(() => expect(creates(calls)).toHaveLength(1));
    expect(button('Save and continue').disabled).toBe(true);
    expect(button('Save and continue').getAttribute('aria-busy')).toBe('true');
    expect(creates(calls)[0]?.headers.get('idempotency-key')).toMatch(uuid);

    created.answer(jsonResponse({ success: true, post_id: '100234', token: 'edit-tok' }));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(creates(calls)).toHaveLength(1);
  });

  it('sends the same Idempotency-Key when the same ad is sent again after a failure', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': () => jsonResponse({ phone: true, backlink: true }),
      'POST /api/posts': () => {
        attempts += 1;
        // The first answer is lost on the way: the server may have created the ad.
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return jsonResponse({ success: true, post_id: '100234', token: 'edit-tok' });
      },
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100234': () => jsonResponse({ ...testAd, type: 'paid' }),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await fillForm(user);
    await user.click(button('Save and continue'));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.finishFailed) }),
    ).toBeTruthy();
    await user.click(button('Back to the form'));
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { name: 'Photos' });

    const keys = creates(calls).map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(uuid);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a new key when the ad is changed before it is sent again', async () => {
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': () => jsonResponse({ phone: true, backlink: true }),
      'POST /api/posts': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await fillForm(user);
    await user.click(button('Save and continue'));
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.finishFailed) });
    await user.click(button('Back to the form'));
    await user.type(await screen.findByLabelText('Title'), ' and more');
    await user.click(button('Save and continue'));
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.finishFailed) });

    const keys = creates(calls).map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toMatch(uuid);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('disables Update while an existing ad is saved', async () => {
    const saved = deferred();
    const updated: Ad = { ...testAd, title: 'Evening companionship uptown' };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () => saved.promise,
    });
    const { user } = renderApp('/edit-post?id=100234&edit=link-token-123');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.dblClick(button('Update'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(button('Update').disabled).toBe(true);

    saved.answer(jsonResponse({ success: true, post: updated }));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });
});
