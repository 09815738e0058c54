import {
  lifecycleMessages,
  adMessages,
  paymentMessages,
  photoMessages,
  type Ad,
  type AdListRow,
  catalogueAreas,
  messagesOf,
  sayIn,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { locationHandlers, testPhoto, testAd, testRow } from '../test/ad-fixtures';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  storeSession,
  testSite,
  testUser,
  type FetchCall,
} from '../test/helpers';
import { imageFile, mockObjectUrls, mockXhr } from '../test/xhr';
import { button, openForm } from '../test/wizard-steps';

const answersEn = messagesOf(catalogueAreas.answers, 'en');

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const adTypeLabels = adFormWords.types;
const reviewTimes = adFormWords.reviewTimes;

function stepStates(): Record<string, string | undefined> {
  const nav = screen.getByRole('navigation', { name: 'Ad steps' });
  return Object.fromEntries(
    within(nav)
      .getAllByRole('listitem')
      .map((item) => [item.dataset.step ?? '', item.dataset.state]),
  );
}

function stepButton(name: string) {
  const nav = screen.getByRole('navigation', { name: 'Ad steps' });
  return within(nav).getByRole('button', { name });
}

/** Rules, then a city and a type, then Continue: the form is open. */

async function fillForm(user: UserEvent) {
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Phone'), '702-208-4567');
  await user.type(screen.getByLabelText('Title'), 'Evening companionship downtown');
  const description = await screen.findByRole('textbox', { name: 'Description' });
  await user.click(description);
  await user.type(description, 'Relaxed evenings');
  await user.type(screen.getByLabelText('Age'), '25');
  await user.selectOptions(screen.getByLabelText('Ethnicity'), 'mixed');
  await user.selectOptions(screen.getByLabelText('Outcalls'), 'hotel');
}

const validateOk = () => jsonResponse({ phone: true, backlink: true });

/** The email text field (the 'Show on my ad' group has an Email checkbox too). */
function emailField() {
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });
}

function checkbox(name: string) {
  const group = screen.getByRole('group', { name: sayIn('en', adMessages.form.contactsLabel) });
  return within(group).getByRole<HTMLInputElement>('checkbox', { name });
}

function bodyOf(calls: FetchCall[], method: string, path: string): unknown {
  return calls.find((call) => call.method === method && call.path === path)?.body;
}

describe('/edit-post: steps bar', () => {
  it('starts a new ad at the rules with the later steps unavailable', async () => {
    window.localStorage.setItem('activePost', JSON.stringify({ post_id: '9', token: 't' }));
    mockFetch(locationHandlers);
    const { location, user } = renderApp('/edit-post');
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
    expect(stepStates()).toEqual({
      rules: 'current',
      type: 'unavailable',
      ad: 'unavailable',
      photos: 'unavailable',
      finalize: 'unavailable',
    });
    expect(stepButton('Finalize Ad').getAttribute('aria-disabled')).toBe('true');
    expect(stepButton('Rules').getAttribute('aria-current')).toBe('step');
    // The stored ad is forgotten by an effect after the first draw: on a loaded machine a
    // moment after the heading shows.
    await waitFor(() => expect(window.localStorage.getItem('activePost')).toBeNull());
    // The first step of a new ad is what the bare address opens: the address stays as is
    // (changing it would draw the whole app again), also once the rules are ticked.
    await user.click(screen.getByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    expect(location()).toBe('/edit-post');
  });

  it('does nothing but warn when an unavailable step is clicked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
    await user.click(stepButton('Photos'));
    await user.click(stepButton('Type'));
    expect(
      screen.getByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) }),
    ).toBeTruthy();
    expect(stepStates().rules).toBe('current');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('marks Rules and Type done once the rules are accepted', async () => {
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await user.click(await screen.findByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    expect(stepStates()).toMatchObject({ rules: 'current', type: 'done', ad: 'unavailable' });
    await user.click(stepButton('Type'));
    expect(await screen.findByText('1. Choose location')).toBeTruthy();
    expect(stepStates()).toMatchObject({ rules: 'done', type: 'current' });
  });

  it('derives the steps of an existing ad: photos done, Payment done for a paid ad', async () => {
    storeSession();
    const paid: Ad = {
      ...testAd,
      type: 'paid',
      paid: true,
      expiry: new Date(Date.now() + 86_400_000).toISOString(),
      photos: [testPhoto(1, { primary: true })],
    };
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(paid) });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    expect(stepStates()).toEqual({
      rules: 'done',
      type: 'done',
      ad: 'current',
      photos: 'done',
      payment: 'done',
    });
    const nav = screen.getByRole('navigation', { name: 'Ad steps' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.done)).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
    ]);
    // Paid and not expired: the payment view renews it.
    await user.click(stepButton('Payment'));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.renew) }),
    ).toBeTruthy();
    expect(stepStates().payment).toBe('current');
  });

  it('jumps to the step of the address after 400 ms when it is available', async () => {
    storeSession();
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(testAd) });
    renderApp('/edit-post?id=100234&edit=auth&step=finalize');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    expect(await screen.findByRole('heading', { name: 'Finalize Ad' })).toBeTruthy();
    expect(stepStates().finalize).toBe('current');
  });

  it('ignores a step of the address that the ad does not have', async () => {
    storeSession();
    // A free ad has no Payment step (only featuring it opens the payment view).
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(testAd) });
    renderApp('/edit-post?id=100234&edit=auth&step=payment');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stepStates().ad).toBe('current');
  });
});

describe('/edit-post: rules and type', () => {
  it('enables I Agree with the checkbox and moves to Type at the top of the page', async () => {
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    for (const rule of Object.values(messagesOf(catalogueAreas.ads, 'en').wizard.rules))
      expect(screen.getByText(rule)).toBeTruthy();
    expect(button(sayIn('en', adMessages.wizard.agree)).disabled).toBe(true);
    await user.click(screen.getByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    expect(button(sayIn('en', adMessages.wizard.agree)).disabled).toBe(false);
    await user.click(button(sayIn('en', adMessages.wizard.agree)));
    expect(await screen.findByText('2. Choose ad type')).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('keeps Continue disabled with a help text until a city and a type are chosen', async () => {
    const { calls } = mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await user.click(await screen.findByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    await user.click(button(sayIn('en', adMessages.wizard.agree)));

    const country = await screen.findByLabelText<HTMLSelectElement>('Country');
    expect(country.value).toBe('US');
    expect(button('Continue').disabled).toBe(true);
    expect(screen.getByText(sayIn('en', adMessages.wizard.selectCityFirst))).toBeTruthy();
    expect(button('Continue').getAttribute('aria-describedby')).toBeTruthy();

    await screen.findByRole('option', { name: 'Las Vegas' });
    expect(calls.find((call) => call.path === '/api/cities')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('City'), 'las-vegas');
    expect(button('Continue').disabled).toBe(true);
    expect(screen.getByText(sayIn('en', adMessages.wizard.selectTypeFirst))).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: adTypeLabels.paid.title }));
    expect(button('Continue').disabled).toBe(false);
    expect(screen.queryByText(sayIn('en', adMessages.wizard.selectTypeFirst))).toBeNull();
  });

  it('loads the cities again when the country changes', async () => {
    const asked: string[] = [];
    mockFetch({
      ...locationHandlers,
      'GET /api/cities': (call) => {
        asked.push(call.path);
        return jsonResponse([]);
      },
    });
    const fetchCalls = vi.mocked(globalThis.fetch);
    const { user } = renderApp('/edit-post');
    await user.click(await screen.findByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    await user.click(button(sayIn('en', adMessages.wizard.agree)));
    await screen.findByRole('option', { name: 'Canada' });
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    await waitFor(() =>
      expect(fetchCalls.mock.calls.map(([url]) => String(url))).toContain('/api/cities?country=CA'),
    );
  });

  it('disables the type radios when editing an existing ad', async () => {
    storeSession();
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(testAd) });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.click(stepButton('Type'));
    const radio = await screen.findByRole<HTMLInputElement>('radio', {
      name: adTypeLabels.free_verified.title,
    });
    expect(radio.checked).toBe(true);
    expect(radio.disabled).toBe(true);
    expect(screen.getByText(sayIn('en', adMessages.form.typeCannotChange))).toBeTruthy();
  });

  it('lets a VIP ad with nothing paid become a free ad, and saves the type chosen', async () => {
    storeSession();
    const unpaidVip: Ad = {
      ...testAd,
      type: 'paid',
      status: 'payment_pending',
      lifecycle: { ...testAd.lifecycle, payable: true, freeTypeChoosable: true },
    };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(unpaidVip),
      'PATCH /api/post': () =>
        jsonResponse({ success: true, post: { ...unpaidVip, type: 'free_verified' } }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.click(stepButton('Type'));
    const free = await screen.findByRole<HTMLInputElement>('radio', {
      name: adTypeLabels.free_verified.title,
    });
    expect(free.disabled).toBe(false);
    expect(screen.getByText(sayIn('en', adMessages.form.typeFreeChoosable))).toBeTruthy();
    expect(screen.queryByText(sayIn('en', adMessages.form.typeCannotChange))).toBeNull();
    await user.click(free);
    await user.click(button('Continue'));
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await screen.findByRole('heading', { name: 'Photos' });
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({ post_id: '100234', type: 'free_verified' });
  });
});

describe('/edit-post: the form', () => {
  it('validates each field on blur and shows the error under it', async () => {
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.tab();
    expect(screen.getByText(sayIn('en', adMessages.form.required))).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'Ada');
    await user.tab();
    expect(name.getAttribute('aria-invalid')).toBeNull();

    const age = screen.getByLabelText('Age');
    expect(age.getAttribute('inputmode')).toBe('numeric');
    await user.type(age, '17');
    await user.tab();
    expect(screen.getByText(sayIn('en', adMessages.form.age))).toBeTruthy();

    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.tab();
    expect(screen.getByText(sayIn('en', adMessages.form.phone))).toBeTruthy();
  });

  it('shows the invalid summary with the field labels and does not call the server', async () => {
    const { calls } = mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(button('Save and continue'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(sayIn('en', adMessages.form.invalidSummary));
    const labels = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(['Phone', 'Email', 'Title', 'Description', 'Age']);
    expect(calls.some((call) => call.path === '/api/posts')).toBe(false);
  });

  it("counts the characters remaining while typing, in the spec's words", async () => {
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.getByText(answersEn.rules.charactersRemaining({ n: 42 }))).toBeTruthy();
    await user.type(screen.getByLabelText('Title'), 'Hello');
    expect(screen.getByText(answersEn.rules.charactersRemaining({ n: 75 }))).toBeTruthy();
    expect(screen.queryByText(answersEn.rules.charactersRemaining({ n: 42 }))).toBeNull();
    await user.type(screen.getByLabelText('Age'), '25');
    expect(screen.getByText(answersEn.rules.charactersRemaining({ n: 0 }))).toBeTruthy();
  });

  it('keeps the fields of a free ad with a link hidden until the server finds the backlink', async () => {
    let found = false;
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': () => jsonResponse({ phone: true, backlink: found }),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'free');
    const backlink = screen.getByLabelText('Link to your website');
    expect(screen.queryByLabelText('Name')).toBeNull();

    await user.type(backlink, 'https://my-site.example.com/links');
    await user.tab();
    expect(await screen.findByText(sayIn('en', adMessages.form.backlinkNotFound))).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/validate/ad')).toEqual({
      fields: { backlink: 'https://my-site.example.com/links', country: 'US' },
    });
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(button('Save and continue').disabled).toBe(true);

    found = true;
    await user.type(backlink, '/');
    expect(button('Save and continue').disabled).toBe(false);
    await user.tab();
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.queryByText(sayIn('en', adMessages.form.backlinkNotFound))).toBeNull();
  });

  it('names the exact address a free ad’s page must link to, with the link’s HTML to copy', async () => {
    mockFetch({ ...locationHandlers });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'free');
    expect(
      screen.getByText(sayIn('en', adMessages.form.backlinkTarget({ siteUrl: testSite.url }))),
    ).toBeTruthy();
    const snippet = screen.getByLabelText(sayIn('en', adMessages.form.backlinkSnippetLabel));
    expect((snippet as HTMLInputElement).value).toBe(
      `<a href="${testSite.url}">${testSite.name}</a>`,
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(
      screen.getByRole('button', { name: sayIn('en', adMessages.form.backlinkCopy) }),
    );
    expect(writeText).toHaveBeenCalledWith(`<a href="${testSite.url}">${testSite.name}</a>`);
    expect(
      await screen.findByRole('button', { name: sayIn('en', adMessages.form.backlinkCopied) }),
    ).toBeTruthy();
  });

  it('checks the phone with the server on blur and blocks saving when it fails', async () => {
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': () => jsonResponse({ phone: false, backlink: true }),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await user.type(screen.getByLabelText('Phone'), '702-208-4567');
    await user.tab();
    expect(await screen.findByText(sayIn('en', adMessages.form.phoneNotDialable))).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/validate/ad')).toEqual({
      fields: { phone: '702-208-4567', country: 'US' },
    });
    expect(button('Save and continue').disabled).toBe(true);
  });

  it('shows the account email read-only when signed in', async () => {
    storeSession();
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    const email = emailField();
    expect(email.value).toBe(testUser.email);
    expect(email.readOnly).toBe(true);
  });

  it('shows the phone alone on the ad by default, and sends the contacts ticked', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': validateOk,
      'POST /api/posts': () => jsonResponse({ success: true, post_id: '100236', token: 'tok-3' }),
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100236': () =>
        jsonResponse({ ...testAd, post_id: '100236', contacts: ['text', 'email'] }),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'free_verified');
    expect(
      screen.getByRole('group', { name: sayIn('en', adMessages.form.contactsLabel) }),
    ).toBeTruthy();
    expect(screen.getByText(sayIn('en', adMessages.form.contactsHint))).toBeTruthy();
    expect(checkbox('Call').checked).toBe(true);
    expect(checkbox('Text').checked).toBe(false);
    expect(checkbox('Email').checked).toBe(false);

    await fillForm(user);
    await user.click(checkbox('Email'));
    await user.click(checkbox('Text'));
    await user.click(checkbox('Call'));
    await user.click(button('Save and continue'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(bodyOf(calls, 'POST', '/api/posts')).toMatchObject({ contacts: ['text', 'email'] });
  });

  it('needs at least one contact: unticking them all shows the error and saves nothing', async () => {
    const { calls } = mockFetch({ ...locationHandlers, 'POST /validate/ad': validateOk });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await fillForm(user);
    await user.type(emailField(), 'anon@example.com');
    await user.click(checkbox('Call'));
    expect(screen.getByText(sayIn('en', adMessages.form.contactsRequired))).toBeTruthy();
    expect(checkbox('Call').getAttribute('aria-invalid')).toBe('true');

    await user.click(button('Save and continue'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(sayIn('en', adMessages.form.invalidSummary));
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([sayIn('en', adMessages.form.contactsLabel)]);
    expect(calls.some((call) => call.path === '/api/posts')).toBe(false);

    await user.click(checkbox('Text'));
    expect(screen.queryByText(sayIn('en', adMessages.form.contactsRequired))).toBeNull();
  });

  it('creates the ad, keeps it as the active post, then Photos, then Finalize Ad for a free type', async () => {
    storeSession();
    const created: Ad = { ...testAd, description: '<p>Relaxed evenings</p>' };
    const uploaded = [testPhoto(1, { verification: true })];
    const xhr = mockXhr(() => ({ status: 200, body: uploaded }));
    mockObjectUrls();
    let listed: AdListRow[] = [];
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/posts': () => jsonResponse(listed),
      'POST /validate/ad': validateOk,
      'POST /api/posts': () =>
        jsonResponse({ success: true, post_id: '100234', token: 'edit-tok' }),
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100234': () => jsonResponse(created),
      'POST /api/post/100234/submit': () =>
        jsonResponse({ success: true, post: { ...created, status: 'pending' } }),
    });
    // The app's own cache settings: My Posts stays fresh for a while unless told otherwise.
    const { user, location } = renderApp('/posts', { queryClient: createQueryClient() });
    await user.click(await screen.findByRole('link', { name: answersEn.posts.postNewAd }));
    await openForm(user, 'free_verified');
    expect(screen.getByText(adTypeLabels.free_verified.description)).toBeTruthy();
    await fillForm(user);
    await user.click(button('Save and continue'));

    await screen.findByRole('heading', { name: 'Photos' });
    expect(bodyOf(calls, 'POST', '/api/posts')).toEqual({
      name: 'Ada',
      title: 'Evening companionship downtown',
      description: '<p>Relaxed evenings</p>',
      age: '25',
      phone: '702-208-4567',
      ethnicity: 'mixed',
      business: '',
      incalls: '',
      outcalls: 'hotel',
      contacts: ['call'],
      rates: [],
      hours: null,
      // No start date given: public at approval.
      starts_on: null,
      country: 'US',
      city: 'las-vegas',
      type: 'free_verified',
    });
    expect(JSON.parse(window.localStorage.getItem('activePost') ?? 'null')).toEqual({
      post_id: '100234',
      token: 'edit-tok',
    });
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/event')).toEqual({
        event: 'post_created',
        postId: '100234',
      }),
    );
    await waitFor(() => expect(location()).toBe('/edit-post?step=photos&id=100234'));
    const get = calls.find((call) => call.path === '/api/post/100234');
    expect(get?.headers.get('edit-token')).toBe('edit-tok');
    expect(stepStates()).toMatchObject({ ad: 'done', photos: 'current', finalize: 'available' });

    await user.upload(
      screen.getByLabelText(sayIn('en', photoMessages.verificationSlot.inputLabel)),
      imageFile('sign.jpg'),
    );
    await user.click(button('Update Photos'));
    await screen.findByRole('heading', { name: 'Finalize Ad' });
    expect(xhr.requests).toHaveLength(1);
    expect(xhr.requests[0]?.headers['edit-token']).toBe('edit-tok');
    await waitFor(() => expect(location()).toBe('/edit-post?step=finalize&id=100234'));

    expect(screen.getByText(reviewTimes.free_verified)).toBeTruthy();
    expect(screen.getByText(reviewTimes.advice)).toBeTruthy();
    expect(screen.queryByText(sayIn('en', adMessages.wizard.submitNeedsPhoto))).toBeNull();
    expect(stepStates()).toMatchObject({ ad: 'done', photos: 'done', finalize: 'current' });

    await user.click(button(sayIn('en', adMessages.wizard.submitForReview)));
    expect((await screen.findByRole('status')).textContent).toBe(
      sayIn('en', adMessages.wizard.submitted),
    );

    // My Posts, cached empty before the ad existed, shows the ad now.
    listed = [testRow];
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'My Posts' }));
    expect(await screen.findByRole('heading', { name: testRow.title })).toBeTruthy();
    expect(location()).toBe('/posts');
  });

  it('sends the email of a signed-out poster, then Photos, then the payment view for a paid ad', async () => {
    const xhr = mockXhr(() => ({ status: 200, body: [testPhoto(1, { primary: true })] }));
    mockObjectUrls();
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': validateOk,
      'POST /api/posts': () => jsonResponse({ success: true, post_id: '100235', token: 'tok-2' }),
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100235': () => jsonResponse({ ...testAd, post_id: '100235', type: 'paid' }),
    });
    const { user, location } = renderApp('/edit-post');
    await openForm(user, 'paid');
    const email = emailField();
    expect(email.readOnly).toBe(false);
    await fillForm(user);
    await user.type(email, 'anon@example.com');
    await user.click(button('Save and continue'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(
      screen.queryByRole('region', { name: sayIn('en', photoMessages.verificationSlot.heading) }),
    ).toBeNull();
    await user.upload(screen.getByLabelText('Add photos'), [
      imageFile('one.jpg'),
      imageFile('two.png', 1024, 'image/png'),
    ]);
    await user.click(button('Update Photos'));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: '30 days' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/edit-post?step=payment&id=100235'));
    expect(xhr.requests.map((request) => request.headers['edit-token'])).toEqual([
      'tok-2',
      'tok-2',
    ]);
    expect(stepStates()).toMatchObject({ photos: 'done', payment: 'current' });
    expect(bodyOf(calls, 'POST', '/api/posts')).toMatchObject({
      email: 'anon@example.com',
      type: 'paid',
    });
    expect(calls.find((call) => call.path === '/api/posts')?.headers.has('session')).toBe(false);
  });

  it('shows the complete-error view when the ad cannot be created', async () => {
    mockFetch({
      ...locationHandlers,
      'POST /validate/ad': validateOk,
      'POST /api/posts': () => new Response('', { status: 500 }),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'paid');
    await fillForm(user);
    await user.type(emailField(), 'anon@example.com');
    await user.click(button('Save and continue'));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.finishFailed) }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      sayIn('en', adMessages.wizard.finishFailedCauses({ contactEmail: testSite.contactEmail })),
    );
    await user.click(button('Back to the form'));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada');
  });
});

describe('/edit-post: an existing ad', () => {
  it('loads the ad with the edit token of the link, keeps it and updates with PATCH', async () => {
    const updated: Ad = { ...testAd, title: 'Evening companionship uptown' };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () => jsonResponse({ success: true, post: updated }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=link-token-123');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    expect(calls.find((call) => call.path === '/api/post/100234')?.headers.get('edit-token')).toBe(
      'link-token-123',
    );
    expect(JSON.parse(window.localStorage.getItem('activePost') ?? 'null')).toEqual({
      post_id: '100234',
      token: 'link-token-123',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada');
    expect(emailField().readOnly).toBe(true);
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Evening companionship uptown');
    await user.click(button('Update'));

    await screen.findByRole('heading', { name: 'Photos' });
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.headers.get('edit-token')).toBe('link-token-123');
    expect(patch?.body).toEqual({
      post_id: '100234',
      name: 'Ada',
      title: 'Evening companionship uptown',
      description: testAd.description,
      age: '25',
      phone: '702-208-4567',
      ethnicity: 'mixed',
      business: 'independent',
      incalls: '',
      outcalls: 'hotel',
      contacts: ['call'],
      rates: [],
      hours: null,
      // No start date given: public at approval.
      starts_on: null,
      country: 'US',
      city: 'las-vegas',
      type: 'free_verified',
    });
    expect(calls.some((call) => call.path === '/validate/ad')).toBe(false);
  });

  it('ticks the contacts the ad shows, and sends the changed choice with the update', async () => {
    const shown: Ad = { ...testAd, contacts: ['call', 'email'] };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(shown),
      'PATCH /api/post': () =>
        jsonResponse({ success: true, post: { ...shown, contacts: ['text'] } }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=link-token-123');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    expect(checkbox('Call').checked).toBe(true);
    expect(checkbox('Text').checked).toBe(false);
    expect(checkbox('Email').checked).toBe(true);
    await user.click(checkbox('Text'));
    await user.click(checkbox('Call'));
    await user.click(checkbox('Email'));
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      contacts: ['text'],
    });
  });

  it("shows the server's field errors and an alert when the update fails", async () => {
    storeSession();
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () =>
        jsonResponse(
          {
            success: false,
            error: 'Some fields are not valid.',
            fields: { title: sayIn('en', adMessages.form.tooLong({ max: 80 })) },
          },
          400,
        ),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.click(button('Update'));
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields are not valid.');
    expect(screen.getByText(sayIn('en', adMessages.form.tooLong({ max: 80 })))).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });

  it('falls back to the update-failed message when the server gives no reason, shown once (no toast)', async () => {
    storeSession();
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
      'PATCH /api/post': () => new Response('', { status: 500 }),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.click(button('Update'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', adMessages.wizard.updateFailed),
    );
    // Give a toast the time to show, then count the message (issue 16).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(sayIn('en', adMessages.wizard.updateFailed))).toHaveLength(1);
  });

  it('shows the not-found error when the ad cannot be loaded', async () => {
    storeSession();
    mockFetch({
      'GET /api/post/100234': () => jsonResponse({ success: false, error: 'Not found.' }, 404),
    });
    renderApp('/edit-post?id=100234&edit=auth');
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', adMessages.wizard.notFound),
    );
    expect(screen.queryByRole('navigation', { name: 'Ad steps' })).toBeNull();
  });

  it("shows the server's error when submitting for review fails and the ad does not wait for review", async () => {
    storeSession();
    const withPhoto: Ad = {
      ...testAd,
      photos: [testPhoto(1, { primary: true, verification: true })],
    };
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(withPhoto),
      'POST /api/post/100234/submit': () =>
        jsonResponse(
          { success: false, error: sayIn('en', lifecycleMessages.refused.alreadySubmitted) },
          409,
        ),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth&step=finalize');
    await screen.findByRole('heading', { name: 'Finalize Ad' });
    await user.click(button(sayIn('en', adMessages.wizard.submitForReview)));
    expect((await screen.findByRole('alert')).textContent).toBe(
      sayIn('en', lifecycleMessages.refused.alreadySubmitted),
    );
  });

  it('shows the success when the server says the ad already waits for review (another tab, a second click)', async () => {
    storeSession();
    const withPhoto: Ad = {
      ...testAd,
      photos: [testPhoto(1, { primary: true, verification: true })],
    };
    let submitted = false;
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () =>
        jsonResponse(submitted ? { ...withPhoto, status: 'pending' } : withPhoto),
      'POST /api/post/100234/submit': () => {
        // Sent from another tab a moment earlier.
        submitted = true;
        return jsonResponse(
          { success: false, error: sayIn('en', lifecycleMessages.refused.alreadySubmitted) },
          409,
        );
      },
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth&step=finalize');
    await screen.findByRole('heading', { name: 'Finalize Ad' });
    await user.click(button(sayIn('en', adMessages.wizard.submitForReview)));
    expect((await screen.findByRole('status')).textContent).toContain(
      sayIn('en', adMessages.wizard.submitted),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(sayIn('en', lifecycleMessages.refused.alreadySubmitted))).toBeNull();
  });

  it('asks a free verified ad without a photo to add one instead of submitting', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(testAd),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth&step=finalize');
    await screen.findByRole('heading', { name: 'Finalize Ad' });
    expect(screen.getByText(sayIn('en', adMessages.wizard.submitNeedsPhoto))).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: sayIn('en', adMessages.wizard.submitForReview) }),
    ).toBeNull();
    await user.click(button('Go to Photos'));
    expect(await screen.findByRole('heading', { name: 'Photos' })).toBeTruthy();
    expect(stepStates().photos).toBe('current');
    expect(calls.some((call) => call.path.endsWith('/submit'))).toBe(false);
  });

  it('lets a free ad with a link be submitted without photos', async () => {
    storeSession();
    const free: Ad = { ...testAd, type: 'free', backlink: 'https://my-site.example.com/' };
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(free) });
    renderApp('/edit-post?id=100234&edit=auth&step=finalize');
    await screen.findByRole('heading', { name: 'Finalize Ad' });
    expect(button(sayIn('en', adMessages.wizard.submitForReview)).disabled).toBe(false);
    expect(screen.queryByText(sayIn('en', adMessages.wizard.submitNeedsPhoto))).toBeNull();
  });
});

describe('/edit-post: payment', () => {
  const address = 'tb1qrenewaladdress00000000000000000000000';
  const paymentAddress = (product: string) => ({
    address,
    amountFiat: product === 'premium' ? '10.00' : '14.00',
    amountCrypto: '0.0002',
    fiat: 'USD',
    crypto: 'BTC',
    status: 'assigned',
    expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    uri: `bitcoin:${address}?amount=0.0002`,
    missingCrypto: null,
    explorerUrl: null,
  });

  it('offers the three types of the spec in the type step, premium not among them', async () => {
    mockFetch(locationHandlers);
    const { user } = renderApp('/edit-post');
    await user.click(await screen.findByLabelText(sayIn('en', adMessages.wizard.rulesAccept)));
    await user.click(button(sayIn('en', adMessages.wizard.agree)));
    await screen.findByText('2. Choose ad type');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'paid',
      'free',
      'free_verified',
    ]);
    expect(screen.getByRole('radio', { name: 'VIP ad (paid)' })).toBeTruthy();
  });

  it('opens a renewal straight at the payment view, titled Renew Your Ad', async () => {
    storeSession();
    const paid: Ad = {
      ...testAd,
      type: 'paid',
      paid: true,
      product: 'DAYS_30',
      expiry: new Date(Date.now() + 5.5 * 86_400_000).toISOString(),
    };
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(paid) });
    const { location } = renderApp('/edit-post?id=100234&edit=auth&renew=1');
    // No 400 ms step jump: the wizard starts there.
    const heading = await screen.findByRole('heading', {
      name: sayIn('en', paymentMessages.titles.renew),
    });
    expect(heading).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Posting on / })).toBeNull();
    expect(screen.getByText(sayIn('en', paymentMessages.alreadyPaid({ days: 6 })))).toBeTruthy();
    expect(screen.getByText(sayIn('en', paymentMessages.renewAdvice))).toBeTruthy();
    expect(screen.getByRole('radio', { name: '6 months' })).toBeTruthy();
    expect(stepStates()).toMatchObject({ photos: 'available', payment: 'current' });
    await waitFor(() =>
      expect(location()).toBe('/edit-post?id=100234&edit=auth&renew=1&step=payment'),
    );
  });

  it('does not sell premium for a draft asked to be featured from the address', async () => {
    storeSession();
    mockFetch({ ...locationHandlers, 'GET /api/post/100234': () => jsonResponse(testAd) });
    renderApp('/edit-post?id=100234&edit=auth&step=payment&product=premium');
    await screen.findByRole('navigation', { name: 'Ad steps' });
    expect(
      screen.queryByRole('group', { name: sayIn('en', paymentMessages.premiumLegend) }),
    ).toBeNull();
    expect(
      screen.queryByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
    ).toBeNull();
  });

  it('features an ad that can be featured from the address: premium options, then its address with a QR code', async () => {
    storeSession();
    const waiting: Ad = {
      ...testAd,
      status: 'pending',
      lifecycle: { ...testAd.lifecycle, featurable: true },
    };
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(waiting),
      'GET /payment/address/BTC/100234/premium/DAYS_4': () =>
        jsonResponse(paymentAddress('premium')),
    });
    const { user, location } = renderApp(
      '/edit-post?id=100234&edit=auth&step=payment&product=premium',
    );
    // A free verified ad: the payment view opens after the step jump all the same.
    expect(
      await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
    ).toBeTruthy();
    const group = screen.getByRole('group', { name: sayIn('en', paymentMessages.premiumLegend) });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['DAYS_30', 'DAYS_15', 'DAYS_4']);
    await waitFor(() =>
      expect(location()).toBe('/edit-post?id=100234&edit=auth&step=payment&product=premium'),
    );

    await user.click(screen.getByRole('radio', { name: '4 days' }));
    await user.click(button(sayIn('en', paymentMessages.getAddress)));
    expect(await screen.findByText(address)).toBeTruthy();
    expect(calls.some((call) => call.path === '/payment/address/BTC/100234/premium/DAYS_4')).toBe(
      true,
    );
    expect(document.querySelector('.payment__fiat')?.textContent).toBe('(10.00 USD)');
    // The real QR library, loaded by the view: an SVG image as a data: URL.
    const image = await screen.findByRole<HTMLImageElement>('img', {
      name: sayIn('en', paymentMessages.qrAlt),
    });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.queryByRole('link', { name: sayIn('en', paymentMessages.explorer) })).toBeNull();

    // Leaving the payment view ends the featuring: the address forgets the product.
    await user.click(stepButton('Ad'));
    await screen.findByRole('heading', { name: /^Posting on / });
    await waitFor(() => expect(location()).toBe('/edit-post?id=100234&edit=auth&step=ad'));
  });

  it('pays for the VIP type from the Payment step of an existing paid ad', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse({ ...testAd, type: 'paid' }),
      'GET /payment/address/BTC/100234/paid/DAYS_60': () => jsonResponse(paymentAddress('paid')),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: /^Posting on / });
    expect(stepStates().payment).toBe('available');
    await user.click(stepButton('Payment'));
    expect(
      await screen.findByRole('heading', { name: sayIn('en', paymentMessages.titles.pay) }),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: '60 days' }));
    await user.click(button(sayIn('en', paymentMessages.getAddress)));
    expect(await screen.findByText(address)).toBeTruthy();
    const get = calls.find((call) => call.path === '/payment/address/BTC/100234/paid/DAYS_60');
    expect(get?.headers.get('session')).toBe(testUser.token);
  });
});
