import { adToolMessages, statusBadge, type AdListRow, type AdToolResult } from '@adboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noTools, testRow } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

const m = adToolMessages;
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
    expect(within(card).getByText(statusBadge('paused').label)).toBeTruthy();
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
    expect(within(dialog).getByText(m.available.startsLeft(3, 3))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: m.available.hours(4) }));
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
    expect(within(card).getByText(m.startsOn.scheduledFor('Dec 24, 2026'))).toBeTruthy();
    for (const name of [m.pause.button, m.pause.resumeButton, m.available.button]) {
      expect(within(card).queryByRole('button', { name })).toBeNull();
    }
  });
});
