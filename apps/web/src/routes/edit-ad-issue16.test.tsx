import { adMessages, sayIn } from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { locationHandlers, testAd } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession, testUser } from '../test/helpers';
import { button, openForm } from '../test/wizard-steps';

/** Issue 16 (the advertiser's journey): the ad form's defects 1, 2 and 4. */

const emailField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });

function summaryLabels(): string[] | null {
  const title = screen.queryByText(sayIn('en', adMessages.form.invalidSummary));
  const box = title?.closest('[role="alert"]');
  if (!(box instanceof HTMLElement)) return null;
  return within(box)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('/edit-post: the read-only email of a signed-in advertiser (issue 16.1)', () => {
  it('counts as valid: no error when the field is passed through, none on submit', async () => {
    storeSession();
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    const email = emailField();
    expect(email.value).toBe(testUser.email);
    await user.click(email);
    await user.tab();
    expect(screen.queryByText(sayIn('en', adMessages.form.email))).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();

    await user.click(button('Save and continue'));
    expect(summaryLabels()).not.toContain('Email');
    expect(screen.queryByText(sayIn('en', adMessages.form.email))).toBeNull();
  });

  it('shows no error under the email of an existing ad either', async () => {
    storeSession();
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(testAd) });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.click(emailField());
    await user.tab();
    expect(screen.queryByText(sayIn('en', adMessages.form.email))).toBeNull();
  });
});

describe('/edit-post: the error summary follows the fields (issue 16.2)', () => {
  it('drops each field from the summary as it is fixed, and goes when none is invalid', async () => {
    storeSession();
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await user.click(button('Save and continue'));
    expect(summaryLabels()).toEqual(['Name', 'Phone', 'Title', 'Description', 'Age']);

    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(summaryLabels()).toEqual(['Phone', 'Title', 'Description', 'Age']);
    // The field's own error goes with it: one message per problem.
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();

    await user.type(screen.getByLabelText('Phone'), '702-208-4567');
    await user.type(screen.getByLabelText('Title'), 'Evening companionship downtown');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await user.click(description);
    await user.type(description, 'Relaxed evenings');
    expect(summaryLabels()).toEqual(['Age']);
    await user.type(screen.getByLabelText('Age'), '25');
    expect(summaryLabels()).toBeNull();
    expect(screen.queryByText(sayIn('en', adMessages.form.invalidSummary))).toBeNull();
    expect(screen.queryByText(sayIn('en', adMessages.form.required))).toBeNull();
  });
});

describe('/edit-post: the description counter (issue 16.4)', () => {
  it('shows the characters used of 5,000 as the server counts them', async () => {
    storeSession();
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () =>
        jsonResponse({
          ...testAd,
          description: '<p>Hello&nbsp;there</p><ul><li><p>A &amp; B</p></li></ul>',
        }),
    });
    renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    // 'Hello there A & B': the server's text (a space between blocks, spaces collapsed).
    expect(
      await screen.findByText(
        sayIn('en', adMessages.form.descriptionCount({ used: 17, max: 5000 })),
      ),
    ).toBeTruthy();
    expect(sayIn('en', adMessages.form.descriptionCount({ used: 17, max: 5000 }))).toBe(
      '17 of 5,000 characters used.',
    );
  });

  it('warns near the limit and says how far over it is, and saves nothing over it', async () => {
    storeSession();
    const near = 'a'.repeat(4600);
    const over = 'b'.repeat(5003);
    let description = `<p>${near}</p>`;
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse({ ...testAd, description }),
      'POST /validate/ad': () => jsonResponse({ phone: true, backlink: true }),
    });
    const first = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    const counter = await screen.findByText(/of 5,000 characters used/);
    expect(counter.textContent).toBe(
      `${sayIn('en', adMessages.form.descriptionCount({ used: 4600, max: 5000 }))} ${sayIn('en', adMessages.form.descriptionNearLimit({ left: 400 }))}`,
    );
    expect(counter.className).toContain('description-counter--near');
    first.unmount();

    description = `<p>${over}</p>`;
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    const overCounter = await screen.findByText(/of 5,000 characters used/);
    expect(overCounter.textContent).toBe(
      `${sayIn('en', adMessages.form.descriptionCount({ used: 5003, max: 5000 }))} ${sayIn('en', adMessages.form.descriptionOverLimit({ over: 3 }))}`,
    );
    expect(overCounter.className).toContain('description-counter--over');
    await user.click(button('Update'));
    await waitFor(() => expect(summaryLabels()).toEqual(['Description']));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
