import { adMessages, type AdListRow, sayIn } from '@adboard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testRow } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

/** Issue 16.5: a rejected ad's card says why, and what the advertiser can do next. */

function card(title: string): HTMLElement {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return item;
}

const rejectedFree: AdListRow = {
  ...testRow,
  postId: '100301',
  title: 'Rejected free ad',
  status: 'rejected',
  rejectionCode: 'explicit_language',
  rejectionNote: 'Please reword the title.',
};
const rejectedPaid: AdListRow = {
  ...testRow,
  postId: '100302',
  title: 'Rejected VIP ad',
  status: 'rejected',
  type: 'paid',
  product: 'DAYS_30',
  paid: true,
  heldPaidDays: 30,
  rejectionCode: 'duplicate',
  refundOffered: true,
};

describe('/posts: a rejected ad', () => {
  it("shows the moderator's reason and Edit and resubmit, linking to the edit wizard", async () => {
    storeSession();
    mockFetch({ 'GET /api/posts': () => jsonResponse([rejectedFree, testRow]) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'Rejected free ad' });
    const rejected = card('Rejected free ad');
    expect(rejected.textContent).toContain(
      'Explicit language in the title or description: Please reword the title.',
    );
    expect(rejected.textContent).toContain(sayIn('en', adMessages.posts.rejectedNext));
    const resubmit = within(rejected).getByRole('link', {
      name: sayIn('en', adMessages.posts.editAndResubmit),
    });
    expect(resubmit.getAttribute('href')).toBe('/edit-post?id=100301&edit=auth');
    expect(rejected.textContent).not.toContain(sayIn('en', adMessages.posts.askRefund));

    // An ad that is not rejected shows none of it.
    const pending = card(testRow.title);
    expect(pending.textContent).not.toContain(sayIn('en', adMessages.posts.rejectedReasonLabel));
    expect(
      within(pending).queryByRole('link', { name: sayIn('en', adMessages.posts.editAndResubmit) }),
    ).toBeNull();
  });

  it('offers a rejected paid ad with money the refund, and resubmitting', async () => {
    storeSession();
    mockFetch({ 'GET /api/posts': () => jsonResponse([rejectedPaid]) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'Rejected VIP ad' });
    const rejected = card('Rejected VIP ad');
    expect(rejected.textContent).toContain('Duplicate of another ad');
    expect(rejected.textContent).toContain(sayIn('en', adMessages.posts.askRefund));
    expect(rejected.textContent).toContain(sayIn('en', adMessages.posts.refundHow));
    expect(
      within(rejected).getByRole('link', { name: sayIn('en', adMessages.posts.editAndResubmit) }),
    ).toBeTruthy();
  });

  it('says the ad was not approved when no reason was given', async () => {
    storeSession();
    mockFetch({
      'GET /api/posts': () =>
        jsonResponse([{ ...rejectedFree, rejectionCode: null, rejectionNote: null }]),
    });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'Rejected free ad' });
    expect(card('Rejected free ad').textContent).toContain(
      sayIn('en', adMessages.posts.rejectedNoReason),
    );
  });
});
