import {
  adToolLimits,
  catalogueAreas,
  messagesOf,
  sayIn,
  statusBadge,
  type AdListRow,
  type AdToolResult,
  type VisitsResult,
} from '@adboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { locationHandlers, noTools, testRow } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

const m = messagesOf(catalogueAreas.adTools, 'en');
const live: AdListRow = {
  ...testRow,
  status: 'active',
  tools: { ...noTools, pausable: true, availableStartable: true },
};
const answer = (status: AdToolResult['status']): AdToolResult => ({
  success: true,
  status,
  tools: noTools,
});

async function cardOf(row: AdListRow) {
  await screen.findByRole('heading', { name: row.title });
  const item = screen.getByRole('heading', { name: row.title }).closest('li');
  if (!item) throw new Error('no card');
  return item;
}

describe("My Posts: the owner's tools (issue 29)", () => {
  it('pauses a live ad and resumes a paused one, each a call the card refreshes after', async () => {
    storeSession();
    let rows = [live];
    const { actionCalls } = mockFetch({
      'GET /api/posts': () => jsonResponse(rows),
      'POST /api/post/100234/pause': () => {
        rows = [{ ...live, status: 'paused', tools: { ...noTools, resumable: true } }];
        return jsonResponse(answer('paused'));
      },
      'POST /api/post/100234/resume': () => {
        rows = [live];
        return jsonResponse(answer('active'));
      },
    });
    renderApp('/posts');
    const card = await cardOf(live);
    fireEvent.click(within(card).getByRole('button', { name: m.pause.button }));
    await within(card).findByRole('button', { name: m.pause.resumeButton });
    expect(within(card).getByText(sayIn('en', statusBadge('paused').label))).toBeTruthy();
    expect(within(card).getByText(m.pause.heldNote)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: m.pause.resumeButton }));
    await within(card).findByRole('button', { name: m.pause.button });
    expect(actionCalls().map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['POST /api/post/100234/pause', 'POST /api/post/100234/resume']),
    );
  });

  it('asks for how long in the dialog, sends it, then shows until when with an end button', async () => {
    storeSession();
    const until = '2026-12-03T21:30:00.000Z';
    let rows = [live];
    const { actionCalls } = mockFetch({
      'GET /api/posts': () => jsonResponse(rows),
      'POST /api/post/100234/available': () => {
        rows = [
          { ...live, tools: { ...live.tools, availableUntil: until, availableStartsLeft: 2 } },
        ];
        return jsonResponse(answer('active'));
      },
    });
    renderApp('/posts');
    const card = await cardOf(live);
    fireEvent.click(within(card).getByRole('button', { name: m.available.button }));
    const dialog = await screen.findByRole('dialog', { name: m.available.title });
    expect(
      within(dialog).getByText(
        m.available.startsLeft({ left: 3, max: 3, windowHours: adToolLimits.availableWindowHours }),
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: m.available.hours({ n: 4 }) }));
    fireEvent.click(within(dialog).getByRole('button', { name: m.available.start }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = actionCalls().find((c) => c.path === '/api/post/100234/available');
    expect(sent?.body).toEqual({ duration_hours: 4 });
    await within(card).findByRole('button', { name: m.available.endButton });
    expect(within(card).getByText(/^Available now until \d{1,2}:\d{2}/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: m.available.button })).toBeNull();
  });

  it('says when a scheduled ad goes public, and offers no tool a draft cannot use', async () => {
    storeSession();
    const scheduled: AdListRow = {
      ...testRow,
      status: 'scheduled',
      tools: { ...noTools, startsOn: '2026-12-24' },
    };
    mockFetch({ 'GET /api/posts': () => jsonResponse([scheduled]) });
    renderApp('/posts');
    const card = await cardOf(scheduled);
    expect(within(card).getByText(m.startsOn.scheduledFor({ date: 'Dec 24, 2026' }))).toBeTruthy();
    for (const name of [m.pause.button, m.pause.resumeButton, m.available.button]) {
      expect(within(card).queryByRole('button', { name })).toBeNull();
    }
  });

  it('plans visits in a dialog: the stored ones shown, a row added, the whole list sent', async () => {
    storeSession();
    const vip: AdListRow = {
      ...live,
      type: 'paid',
      paid: true,
      tools: { ...live.tools, visitsPlannable: true },
    };
    const stored = { city: 'boston', cityName: 'Boston', from: '2026-12-10', to: '2026-12-12' };
    let answer: VisitsResult = { success: true, visits: [stored] };
    const { actionCalls } = mockFetch({
      ...locationHandlers,
      'GET /api/posts': () => jsonResponse([vip]),
      'GET /api/post/100234/visits': () => jsonResponse(answer),
      'PUT /api/post/100234/visits': (call) => {
        const { visits } = call.body as { visits: { from: string }[] };
        if (visits.some((v) => v.from < '2026-12-01')) {
          const problem = m.visits.past;
          return jsonResponse(
            { success: false, error: problem, fields: { 'visits.1.from': problem } },
            400,
          );
        }
        answer = { success: true, visits: [stored] };
        return jsonResponse(answer);
      },
    });
    renderApp('/posts');
    const card = await cardOf(vip);
    fireEvent.click(within(card).getByRole('button', { name: m.visits.button }));
    const dialog = await screen.findByRole('dialog', { name: m.visits.title });
    const first = await within(dialog).findByRole('group', { name: m.visits.row({ n: 1 }) });
    const city = within(first).getByRole('combobox', { name: m.visits.cityLabel });
    expect((city as HTMLSelectElement).value).toBe('boston');
    // The ad's own city is not offered.
    expect(within(city).queryByRole('option', { name: 'Las Vegas' })).toBeNull();
    expect((within(first).getByLabelText(m.visits.fromLabel) as HTMLInputElement).value).toBe(
      '2026-12-10',
    );

    // A second row, left empty: the shared schema's messages, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: m.visits.add }));
    fireEvent.click(within(dialog).getByRole('button', { name: m.visits.save }));
    const second = await within(dialog).findByRole('group', { name: m.visits.row({ n: 2 }) });
    await within(second).findByText(m.visits.city);
    expect(within(second).getAllByText(m.visits.date)).toHaveLength(2);
    expect(actionCalls().some((c) => c.method === 'PUT')).toBe(false);

    // Filled in, but the server refuses its first day: shown under that field.
    fireEvent.change(within(second).getByRole('combobox', { name: m.visits.cityLabel }), {
      target: { value: 'boston' },
    });
    fireEvent.change(within(second).getByLabelText(m.visits.fromLabel), {
      target: { value: '2026-11-20' },
    });
    fireEvent.change(within(second).getByLabelText(m.visits.toLabel), {
      target: { value: '2026-11-21' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: m.visits.save }));
    await within(second).findByText(m.visits.past);

    // Removed again and saved: the one stored visit goes back, whole.
    fireEvent.click(
      within(dialog).getByRole('button', { name: `${m.visits.remove}: ${m.visits.row({ n: 2 })}` }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: m.visits.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = actionCalls().filter((c) => c.method === 'PUT');
    expect(puts.at(-1)?.body).toEqual({
      visits: [{ city: 'boston', from: '2026-12-10', to: '2026-12-12' }],
    });
  });

  it(`offers at most ${adToolLimits.visitsMax} visits, and no Visits tool to an ad that cannot visit`, async () => {
    storeSession();
    const vip: AdListRow = { ...live, tools: { ...live.tools, visitsPlannable: true } };
    const free: AdListRow = { ...live, postId: '100235', title: 'A free ad' };
    mockFetch({
      ...locationHandlers,
      'GET /api/posts': () => jsonResponse([vip, free]),
      'GET /api/post/100234/visits': () => jsonResponse({ success: true, visits: [] }),
    });
    renderApp('/posts');
    const freeCard = await cardOf(free);
    expect(within(freeCard).queryByRole('button', { name: m.visits.button })).toBeNull();
    fireEvent.click(within(await cardOf(vip)).getByRole('button', { name: m.visits.button }));
    const dialog = await screen.findByRole('dialog', { name: m.visits.title });
    await within(dialog).findByText(m.visits.none);
    for (let n = 0; n < adToolLimits.visitsMax; n++) {
      fireEvent.click(within(dialog).getByRole('button', { name: m.visits.add }));
    }
    expect(within(dialog).getAllByRole('group')).toHaveLength(adToolLimits.visitsMax);
    expect(within(dialog).queryByRole('button', { name: m.visits.add })).toBeNull();
  });
});
