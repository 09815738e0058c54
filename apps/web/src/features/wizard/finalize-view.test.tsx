import {
  adMessages,
  catalogueAreas,
  durationText,
  messagesOf,
  waitWith,
  type AdActivation,
  sayIn,
} from '@adboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { writeActiveAd } from '../../lib/active-ad';
import { testAd } from '../../test/ad-fixtures';
import { jsonResponse, mockFetch, storeSession } from '../../test/helpers';
import { FinalizeView } from './finalize-view';

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const reviewTimes = adFormWords.reviewTimes;

const m = messagesOf(catalogueAreas.journey, 'en').afterSubmission;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The server's answer, with lifetimes the web could not guess (the test fails if
 * the view shows numbers of its own).
 */
const activation: AdActivation = {
  email: 'poster.mailbox@example.com',
  anonymous: true,
  links: [
    { kind: 'activation', validDays: 21, expiresAt: '2030-02-01T10:00:00.000Z' },
    { kind: 'edit', validDays: 31, expiresAt: '2030-02-11T10:00:00.000Z' },
    { kind: 'account', validDays: 31, expiresAt: '2030-02-11T10:00:00.000Z' },
  ],
  sms: { phoneKnown: true, codeValidMinutes: 12, resendWaitSeconds: 90, codesPerHour: 4 },
  verified_email: false,
  verified_phone: false,
};

function setup(loggedIn: boolean, activationAnswer = () => jsonResponse(activation)) {
  if (loggedIn) storeSession();
  else writeActiveAd({ post_id: '100234', token: 'edit-tok' });
  const fetch = mockFetch({
    'POST /api/post/100234/submit': () =>
      jsonResponse({ success: true, post: { ...testAd, status: 'pending' } }),
    'GET /api/post/100234/activation': activationAnswer,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <FinalizeView
          postId="100234"
          verified
          photoCount={1}
          onAddPhotos={() => undefined}
          loggedIn={loggedIn}
          focusHeading={false}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...fetch, user: userEvent.setup() };
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: sayIn('en', adMessages.wizard.submitForReview) }));

describe('after an anonymous submission: what happens next', () => {
  it('says, in order: check the mail at its address, the links and the code with their lifetimes, review, going public', async () => {
    const { user, calls } = setup(false);
    await submit(user);
    expect((await screen.findAllByRole('status'))[0]?.textContent).toBe(
      sayIn('en', adMessages.wizard.submitted),
    );
    const steps = await screen.findByRole('list', { name: m.heading });
    const items = within(steps)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === steps);
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      m.checkMailTitle,
      m.linksTitle,
      m.smsTitle,
      m.reviewTitle,
      m.publicTitle,
    ]);
    const [mail, links, sms, review, going] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(
      within(mail).getByText(m.checkMail({ email: 'poster.mailbox@example.com' })),
    ).toBeTruthy();
    const when = (iso: string) => dateFormat.format(new Date(iso));
    expect(
      within(links)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      m.links.activation({ days: 21, until: when('2030-02-01T10:00:00.000Z') }),
      m.links.edit({ days: 31, until: when('2030-02-11T10:00:00.000Z') }),
      m.links.account({ days: 31, until: when('2030-02-11T10:00:00.000Z') }),
    ]);
    expect(
      within(sms).getByText(
        m.sms({ codeMinutes: 12, wait: waitWith(90, durationText('en')), perHour: 4 }),
      ),
    ).toBeTruthy();
    expect(within(review).getByText(reviewTimes.free_verified)).toBeTruthy();
    // Said once: in its step, no longer above the steps too.
    expect(screen.getAllByText(reviewTimes.free_verified)).toHaveLength(1);
    expect(within(going).getByText(m.public)).toBeTruthy();

    // Asked of the server with the ad's edit token, after the submission.
    const asked = calls.filter((call) => call.path === '/api/post/100234/activation');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers.get('edit-token')).toBe('edit-tok');
    const order = calls.map((call) => call.path);
    expect(order.indexOf('/api/post/100234/submit')).toBeLessThan(
      order.indexOf('/api/post/100234/activation'),
    );
  });

  it('leaves out the phone step when the ad has no phone', async () => {
    const { user } = setup(false, () =>
      jsonResponse({ ...activation, sms: { ...activation.sms, phoneKnown: false } }),
    );
    await submit(user);
    await screen.findByRole('list', { name: m.heading });
    expect(screen.queryByRole('heading', { name: m.smsTitle })).toBeNull();
  });

  it('still confirms the submission when the details cannot be loaded', async () => {
    const { user } = setup(false, () => jsonResponse({ success: false, error: 'Oops' }, 500));
    await submit(user);
    expect(await screen.findByText(m.loadFailed)).toBeTruthy();
    expect(screen.getAllByRole('status')[0]?.textContent).toBe(
      sayIn('en', adMessages.wizard.submitted),
    );
  });
});

describe('after a signed-in submission', () => {
  it('keeps the submitted message with the review times, and asks nothing more', async () => {
    const { user, calls } = setup(true);
    expect(screen.getByText(reviewTimes.free_verified)).toBeTruthy();
    await submit(user);
    expect((await screen.findByRole('status')).textContent).toBe(
      sayIn('en', adMessages.wizard.submitted),
    );
    expect(screen.getByRole('link', { name: 'My Posts' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: m.heading })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/activation'))).toBe(false);
  });
});
