import { lifecycleMessages, paymentMessages, type Ad, sayIn } from '@adboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { locationHandlers, testAd } from '../../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../../test/helpers';
import { RenewFreeView } from './renew-free-view';

const DAY = 86_400_000;
const now = new Date('2030-01-10T12:00:00.000Z');
const whenFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const renewPath = '/api/post/100234/renew';

const approved: Ad = {
  ...testAd,
  status: 'active',
  approved: true,
  expiry: new Date(now.getTime() + 3 * DAY).toISOString(),
  lifecycle: { ...testAd.lifecycle, renewable: true, featurable: true },
};

function setup(ad: Ad, renewAnswer = () => jsonResponse({ success: true, status: 'pending' })) {
  storeSession();
  const fetch = mockFetch({ [`POST ${renewPath}`]: renewAnswer });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <RenewFreeView ad={ad} loggedIn now={now} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...fetch, user: userEvent.setup() };
}

const renewButton = () =>
  screen.getByRole<HTMLButtonElement>('button', {
    name: sayIn('en', lifecycleMessages.renewView.button),
  });

describe('renewal of a free ad', () => {
  it('says when the ad expires, that it renews for free, and that it stays online meanwhile', () => {
    setup(approved);
    expect(
      screen.getByRole('heading', { name: sayIn('en', paymentMessages.titles.renew) }),
    ).toBeTruthy();
    const when = whenFormat.format(new Date(now.getTime() + 3 * DAY));
    expect(
      screen.getByText(sayIn('en', lifecycleMessages.renewView.expiresOn({ when }))),
    ).toBeTruthy();
    expect(screen.getByText(sayIn('en', lifecycleMessages.renewView.free))).toBeTruthy();
    expect(screen.getByText(sayIn('en', lifecycleMessages.renewView.staysLive))).toBeTruthy();
    expect(renewButton().disabled).toBe(false);
  });

  it('renews with the owner session and confirms it is waiting for review', async () => {
    const { user, calls } = setup(approved);
    await user.click(renewButton());
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      sayIn('en', lifecycleMessages.renewView.renewed),
    );
    const renewCall = calls.find((call) => call.method === 'POST' && call.path === renewPath);
    expect(renewCall?.headers.get('session')).toBe('session-token-0123456789abcdef');
    expect(
      screen.queryByRole('button', { name: sayIn('en', lifecycleMessages.renewView.button) }),
    ).toBeNull();
    expect(screen.getByRole('link', { name: 'My Posts' }).getAttribute('href')).toBe('/posts');
  });

  it('says an expired ad has expired, and renews it', async () => {
    const expiry = new Date(now.getTime() - 2 * DAY);
    const { user } = setup({ ...approved, status: 'expired', expiry: expiry.toISOString() });
    expect(
      screen.getByText(
        sayIn('en', lifecycleMessages.renewView.expiredOn({ when: whenFormat.format(expiry) })),
      ),
    ).toBeTruthy();
    expect(screen.getByText(sayIn('en', lifecycleMessages.renewView.reviewedAgain))).toBeTruthy();
    await user.click(renewButton());
    expect(await screen.findByText(sayIn('en', lifecycleMessages.renewView.renewed))).toBeTruthy();
  });

  it("shows the server's refusal and keeps the button", async () => {
    const { user } = setup(approved, () =>
      jsonResponse({ success: false, error: sayIn('en', lifecycleMessages.renewNotAllowed) }, 409),
    );
    await user.click(renewButton());
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      sayIn('en', lifecycleMessages.renewNotAllowed),
    );
    expect(renewButton().disabled).toBe(false);
  });

  it('offers no renewal for an ad that is not approved or expired', () => {
    const { calls } = setup({
      ...approved,
      status: 'pending',
      lifecycle: { ...approved.lifecycle, renewable: false },
    });
    expect(screen.getByText(sayIn('en', lifecycleMessages.renewView.notRenewable))).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: sayIn('en', lifecycleMessages.renewView.button) }),
    ).toBeNull();
    expect(calls.some((call) => call.path === renewPath)).toBe(false);
  });
});

it('says a live ad stays online for 30 more days when the server renewed it live', async () => {
  const { user } = setup(approved, () => jsonResponse({ success: true, status: 'active' }));
  await user.click(renewButton());
  expect(await screen.findByRole('status')).toHaveProperty(
    'textContent',
    sayIn('en', lifecycleMessages.renewView.renewedLive),
  );
});

describe('/edit-post?renew=1', () => {
  it('opens the free renewal for a free ad, not the wizard', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse({ ...approved, expiry: null }),
      [`POST ${renewPath}`]: () => jsonResponse({ success: true, status: 'pending' }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth&renew=1');
    await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.renew) });
    expect(screen.getByText(sayIn('en', lifecycleMessages.renewView.noExpiry))).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Ad steps' })).toBeNull();
    await user.click(renewButton());
    expect(await screen.findByText(sayIn('en', lifecycleMessages.renewView.renewed))).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/post/100234').length).toBeGreaterThan(1),
    );
  });

  it('keeps the payment view for a free ad asked to be featured', async () => {
    storeSession();
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(approved) });
    renderApp('/edit-post?id=100234&edit=auth&renew=1&product=premium');
    expect(
      await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.renew) }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: sayIn('en', lifecycleMessages.renewView.button) }),
    ).toBeNull();
  });
});
