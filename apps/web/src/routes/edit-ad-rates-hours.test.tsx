import {
  adMessages,
  adRateLimits,
  type Ad,
  type WeekHours,
  sayIn,
  catalogueAreas,
  messagesOf,
  adOptionsEnglish,
} from '@adboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { locationHandlers, testAd } from '../test/ad-fixtures';
import {
  jsonResponse,
  mockFetch,
  renderApp,
  storeSession,
  testSite,
  type FetchCall,
} from '../test/helpers';
import { button, openForm } from '../test/wizard-steps';

/* The ad form's rates table and weekly hours (issue 29). */

const m = messagesOf(catalogueAreas.ads, 'en').rates;

const allClosed: WeekHours = {
  mon: 'closed',
  tue: 'closed',
  wed: 'closed',
  thu: 'closed',
  fri: 'closed',
  sat: 'closed',
  sun: 'closed',
};

function ratesGroup() {
  return screen.getByRole('group', { name: adOptionsEnglish.rates.ratesLabel });
}

function hoursGroup() {
  return screen.getByRole('group', { name: adOptionsEnglish.rates.hoursLabel });
}

/** The rows of the rates table, in order. */
function rateRows() {
  return within(ratesGroup()).queryAllByRole('listitem');
}

function rateRow(index: number) {
  const row = rateRows()[index];
  if (!row) throw new Error(`No rate row ${index}`);
  return within(row);
}

const amountLabel = m.amountLabel({ currency: testSite.currency });

function amountOf(index: number) {
  return rateRow(index).getByLabelText<HTMLInputElement>(amountLabel);
}

function day(name: keyof typeof adOptionsEnglish.rates.days) {
  return within(screen.getByRole('group', { name: adOptionsEnglish.rates.days[name] }));
}

async function addRate(user: UserEvent, amount?: string) {
  await user.click(button(m.addRate));
  if (amount !== undefined) await user.type(amountOf(rateRows().length - 1), amount);
}

async function openDay(
  user: UserEvent,
  name: keyof typeof adOptionsEnglish.rates.days,
  from: string,
  to: string,
) {
  await user.selectOptions(day(name).getByLabelText(adOptionsEnglish.rates.days[name]), 'open');
  await user.type(day(name).getByLabelText(m.fromLabel), from);
  await user.type(day(name).getByLabelText(m.toLabel), to);
}

function patchBody(calls: FetchCall[]): unknown {
  return calls.find((call) => call.method === 'PATCH' && call.path === '/api/post')?.body;
}

/** A reload: the page is hidden and goes, then the app starts again at the address. */
function reload(view: { unmount: () => void }, path: string) {
  window.dispatchEvent(new Event('pagehide'));
  view.unmount();
  return renderApp(path);
}

/** An existing ad open in the form, its update answered with the ad as sent back. */
async function editAd(ad: Ad = testAd) {
  const { calls } = mockFetch({
    ...locationHandlers,
    'GET /api/post/100234': () => jsonResponse(ad),
    'PATCH /api/post': () => jsonResponse({ success: true, post: ad }),
  });
  const view = renderApp('/edit-post?id=100234&edit=link-token-123');
  await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
  return { ...view, calls };
}

describe('/edit-post: rates and hours', () => {
  it('sends the rates and hours of a new ad with the form', async () => {
    storeSession();
    const { calls } = mockFetch({
      ...locationHandlers,
      'POST /validate/ad': () => jsonResponse({ phone: true, backlink: true }),
      'POST /api/posts': () => jsonResponse({ success: true, post_id: '100234', token: 'tok' }),
      'POST /api/event': () => jsonResponse({ success: true }),
      'GET /api/post/100234': () => jsonResponse(testAd),
    });
    const { user } = renderApp('/edit-post');
    await openForm(user, 'free_verified');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Phone'), '702-208-4567');
    await user.type(screen.getByLabelText('Title'), 'Evening companionship downtown');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await user.click(description);
    await user.type(description, 'Relaxed evenings');
    await user.type(screen.getByLabelText('Age'), '25');

    expect(rateRows()).toHaveLength(0);
    expect(ratesGroup().getAttribute('aria-describedby')).toBeTruthy();
    await addRate(user, '150');
    await addRate(user, '200.50');
    await user.selectOptions(rateRow(1).getByLabelText(adOptionsEnglish.rates.durationLabel), '1h');
    await openDay(user, 'mon', '10:00', '22:00');
    await user.selectOptions(
      day('sat').getByLabelText(adOptionsEnglish.rates.days.sat),
      'appointment',
    );
    await user.click(button('Save and continue'));

    await screen.findByRole('heading', { name: 'Photos' });
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/posts')?.body;
    expect(body).toMatchObject({
      rates: [
        { duration: '30m', place: 'incall', amount: 150 },
        { duration: '1h', place: 'outcall', amount: 200.5 },
      ],
      hours: { ...allClosed, mon: { from: '10:00', to: '22:00' }, sat: 'appointment' },
    });
  });

  it('sends no rates and no hours when none are given', async () => {
    const { user, calls } = await editAd();
    expect(rateRows()).toHaveLength(0);
    for (const name of ['mon', 'sun'] as const) {
      expect(
        day(name).getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.days[name]).value,
      ).toBe('closed');
      expect(day(name).queryByLabelText(m.fromLabel)).toBeNull();
    }
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({ rates: [], hours: null });
  });

  it('adds rows with a duration and place not used yet, and removes them', async () => {
    const { user } = await editAd();
    await addRate(user);
    await addRate(user);
    await addRate(user);
    const pairs = () =>
      rateRows().map((row) => [
        within(row).getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.durationLabel).value,
        within(row).getByLabelText<HTMLSelectElement>(m.placeLabel).value,
      ]);
    expect(pairs()).toEqual([
      ['30m', 'incall'],
      ['30m', 'outcall'],
      ['1h', 'incall'],
    ]);
    // The new row's first control takes the focus.
    expect(document.activeElement).toBe(
      rateRow(2).getByLabelText(adOptionsEnglish.rates.durationLabel),
    );
    // Each row is named by its duration and place, so its Remove button is told apart.
    expect(
      within(ratesGroup()).getByRole('group', {
        name: `${adOptionsEnglish.rates.durations['30m']}, ${adOptionsEnglish.rates.places.outcall}`,
      }),
    ).toBeTruthy();

    await user.type(amountOf(0), '100');
    await user.type(amountOf(2), '300');
    await user.click(rateRow(1).getByRole('button', { name: m.removeRate }));
    expect(pairs()).toEqual([
      ['30m', 'incall'],
      ['1h', 'incall'],
    ]);
    expect(amountOf(1).value).toBe('300');
    // The freed pair is the next row's.
    await addRate(user);
    expect(pairs()[2]).toEqual(['30m', 'outcall']);
  });

  it('takes at most 8 rates: the ninth cannot be added', async () => {
    const { user } = await editAd();
    for (let count = 0; count < adRateLimits.ratesMax; count += 1) {
      expect(button(m.addRate).disabled).toBe(false);
      await addRate(user);
    }
    expect(rateRows()).toHaveLength(8);
    expect(button(m.addRate).disabled).toBe(true);
    await user.click(button(m.addRate));
    expect(rateRows()).toHaveLength(8);
    // Removing one lets one more in.
    await user.click(rateRow(0).getByRole('button', { name: m.removeRate }));
    expect(button(m.addRate).disabled).toBe(false);
  });

  it('refuses a duration and place given twice, and saves nothing', async () => {
    const { user, calls } = await editAd();
    await addRate(user, '100');
    await addRate(user, '120');
    await user.selectOptions(rateRow(1).getByLabelText(m.placeLabel), 'incall');
    // Shown as it is chosen, under the row, and described from both its selects.
    const message = rateRow(1).getByText(m.duplicate);
    for (const label of [adOptionsEnglish.rates.durationLabel, m.placeLabel]) {
      const select = rateRow(1).getByLabelText(label);
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(select.getAttribute('aria-describedby')).toBe(message.id);
    }
    expect(rateRow(0).queryByText(m.duplicate)).toBeNull();

    await user.click(button('Update'));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([adOptionsEnglish.rates.ratesLabel]);
    expect(patchBody(calls)).toBeUndefined();

    // Another duration fixes it at once.
    await user.selectOptions(rateRow(1).getByLabelText(adOptionsEnglish.rates.durationLabel), '2h');
    expect(screen.queryByText(m.duplicate)).toBeNull();
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({
      rates: [
        { duration: '30m', place: 'incall', amount: 100 },
        { duration: '2h', place: 'incall', amount: 120 },
      ],
    });
  });

  it.each([
    ['12.345', m.amountCents],
    ['0', m.amountPositive],
    ['-5', m.amountPositive],
    ['100001', m.amountTooLarge({ max: adRateLimits.amountMax })],
    ['12,50', m.amount],
  ])('refuses the amount %s with the catalogue message', async (typed, message) => {
    const { user, calls } = await editAd();
    await addRate(user, typed);
    await user.tab();
    expect(await screen.findByText(message)).toBeTruthy();
    const amount = amountOf(0);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe(screen.getByText(message).id);
    await user.click(button('Update'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(patchBody(calls)).toBeUndefined();
  });

  it('asks for an amount left empty when saving, and takes it once given', async () => {
    const { user, calls } = await editAd();
    await addRate(user);
    // Not called wrong before it is left or the form is sent.
    expect(screen.queryByText(m.amount)).toBeNull();
    await user.click(button('Update'));
    expect(await screen.findByText(m.amount)).toBeTruthy();
    expect(patchBody(calls)).toBeUndefined();
    await user.type(amountOf(0), '80');
    expect(screen.queryByText(m.amount)).toBeNull();
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({
      rates: [{ duration: '30m', place: 'incall', amount: 80 }],
    });
  });

  it('refuses a closing time before the opening time', async () => {
    const { user, calls } = await editAd();
    await openDay(user, 'tue', '18:00', '09:30');
    await user.tab();
    const message = await day('tue').findByText(m.endsBeforeStart);
    const to = day('tue').getByLabelText(m.toLabel);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe(message.id);

    await user.click(button('Update'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(adOptionsEnglish.rates.hoursLabel)).toBeTruthy();
    expect(patchBody(calls)).toBeUndefined();

    // Closed again: the times do not count, and their problem goes.
    await user.selectOptions(day('tue').getByLabelText(adOptionsEnglish.rates.days.tue), 'closed');
    expect(screen.queryByText(m.endsBeforeStart)).toBeNull();
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({ hours: null });
  });

  it('asks for both times of an open day', async () => {
    const { user, calls } = await editAd();
    await user.selectOptions(day('wed').getByLabelText(adOptionsEnglish.rates.days.wed), 'open');
    // Opening the day alone calls nothing wrong yet.
    expect(screen.queryByText(m.time)).toBeNull();
    await user.click(button('Update'));
    await waitFor(() => expect(day('wed').getAllByText(m.time)).toHaveLength(2));
    expect(patchBody(calls)).toBeUndefined();
  });

  it("fills the form with an existing ad's rates and hours, and sends them back changed", async () => {
    const ad: Ad = {
      ...testAd,
      rates: [
        { duration: '1h', place: 'incall', amount: 200 },
        { duration: 'overnight', place: 'outcall', amount: 1200.5 },
      ],
      hours: {
        ...allClosed,
        mon: { from: '10:00', to: '22:00' },
        fri: 'appointment',
      },
    };
    const { user, calls } = await editAd(ad);
    expect(rateRows()).toHaveLength(2);
    expect(
      rateRow(0).getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.durationLabel).value,
    ).toBe('1h');
    expect(rateRow(0).getByLabelText<HTMLSelectElement>(m.placeLabel).value).toBe('incall');
    expect(amountOf(0).value).toBe('200');
    expect(
      rateRow(1).getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.durationLabel).value,
    ).toBe('overnight');
    expect(rateRow(1).getByLabelText<HTMLSelectElement>(m.placeLabel).value).toBe('outcall');
    expect(amountOf(1).value).toBe('1200.50');
    expect(
      day('mon').getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.days.mon).value,
    ).toBe('open');
    expect(day('mon').getByLabelText<HTMLInputElement>(m.fromLabel).value).toBe('10:00');
    expect(day('mon').getByLabelText<HTMLInputElement>(m.toLabel).value).toBe('22:00');
    expect(
      day('fri').getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.days.fri).value,
    ).toBe('appointment');
    expect(
      day('tue').getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.days.tue).value,
    ).toBe('closed');

    await user.click(rateRow(0).getByRole('button', { name: m.removeRate }));
    await user.selectOptions(day('fri').getByLabelText(adOptionsEnglish.rates.days.fri), 'closed');
    await user.click(button('Update'));
    await screen.findByRole('heading', { name: 'Photos' });
    expect(patchBody(calls)).toMatchObject({
      rates: [{ duration: 'overnight', place: 'outcall', amount: 1200.5 }],
      hours: { ...allClosed, mon: { from: '10:00', to: '22:00' } },
    });
  });

  it('keeps the rates and hours in the local draft, rows removed included', async () => {
    mockFetch(locationHandlers);
    const first = renderApp('/edit-post');
    await screen.findByRole('heading', { name: sayIn('en', adMessages.wizard.rulesHeading) });
    await openForm(first.user, 'paid');
    await addRate(first.user, '90');
    await addRate(first.user, '150');
    await openDay(first.user, 'thu', '09:00', '17:30');
    await first.user.click(rateRow(0).getByRole('button', { name: m.removeRate }));

    const second = reload(first, '/edit-post?step=ad');
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    expect(rateRows()).toHaveLength(1);
    expect(rateRow(0).getByLabelText<HTMLSelectElement>(m.placeLabel).value).toBe('outcall');
    expect(amountOf(0).value).toBe('150');
    expect(day('thu').getByLabelText<HTMLInputElement>(m.toLabel).value).toBe('17:30');

    // The last row removed, alone: the draft follows.
    await second.user.click(rateRow(0).getByRole('button', { name: m.removeRate }));
    reload(second, '/edit-post?step=ad');
    await screen.findByRole('heading', { name: /^Posting on Las Vegas/ });
    expect(rateRows()).toHaveLength(0);
    expect(
      day('thu').getByLabelText<HTMLSelectElement>(adOptionsEnglish.rates.days.thu).value,
    ).toBe('open');
  });

  it("shows the server's problems with the rates and hours where they belong", async () => {
    storeSession();
    const ad: Ad = {
      ...testAd,
      rates: [{ duration: '1h', place: 'incall', amount: 200 }],
      hours: { ...allClosed, mon: { from: '10:00', to: '22:00' } },
    };
    mockFetch({
      ...locationHandlers,
      'GET /api/post/100234': () => jsonResponse(ad),
      'PATCH /api/post': () =>
        jsonResponse(
          {
            success: false,
            error: 'Some fields are not valid.',
            fields: { 'rates.0.amount': m.amountTooLarge({ max: 10 }), 'hours.mon.to': m.time },
          },
          400,
        ),
    });
    const { user } = renderApp('/edit-post?id=100234&edit=auth');
    await screen.findByRole('heading', { name: 'Posting on Las Vegas, United States' });
    await user.click(button('Update'));
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields are not valid.');
    expect(rateRow(0).getByText(m.amountTooLarge({ max: 10 }))).toBeTruthy();
    expect(amountOf(0).getAttribute('aria-invalid')).toBe('true');
    expect(day('mon').getByText(m.time)).toBeTruthy();
    expect(hoursGroup()).toBeTruthy();
  });
});
