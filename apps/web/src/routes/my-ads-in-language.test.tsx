import { type AdListRow } from '@adboard/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testRow } from '../test/ad-fixtures';
import { jsonResponse, mockFetch, renderApp, storeSession } from '../test/helpers';

/**
 * Issue 30: My Posts' rows carry facts (days left, days held, the rejection's code and
 * the moderator's note), never words: the cards say them in the app's language, and a
 * row cached in one language reads right after a switch to another.
 */

function card(title: string): HTMLElement {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return item;
}

function badges(element: HTMLElement): string[] {
  return Array.from(element.querySelectorAll('.badge'), (badge) => badge.textContent ?? '');
}

const rows: AdListRow[] = [
  {
    ...testRow,
    postId: '1',
    title: 'Held',
    status: 'pending',
    type: 'paid',
    product: 'DAYS_30',
    paid: true,
    daysLeft: null,
    heldPaidDays: 30,
    heldPremiumDays: 15,
  },
  {
    ...testRow,
    postId: '2',
    title: 'Rejected',
    status: 'rejected',
    type: 'free_verified',
    daysLeft: 0,
    rejectionCode: 'verification_photo',
    rejectionNote: 'Please show the site’s name.',
  },
  { ...testRow, postId: '3', title: 'Live', status: 'active', type: 'regular', daysLeft: 95 },
];

describe('/posts in the reader’s language', () => {
  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
  });

  it('says a card’s status, time left, days held and rejection reason in Canadian French', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    storeSession();
    mockFetch({ 'GET /api/posts': () => jsonResponse(rows) });
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'Held' });

    expect(badges(card('Held'))).toEqual(['EN ATTENTE', 'VIP 30 jours']);
    expect(
      within(card('Held')).getByText(
        'VIP, 30 jours à partir de l’approbation; Premium, 15 jours à partir de l’approbation',
      ),
    ).toBeTruthy();

    const rejected = card('Rejected');
    expect(badges(rejected)).toEqual(['NON APPROUVÉE', 'expirée', 'Gratuite']);
    expect(rejected.querySelector('.post-card__rejection-reason')?.textContent).toBe(
      'Pourquoi elle n’a pas été approuvée : La photo de vérification ne montre pas le site, la date et le code de l’annonce : Please show the site’s name.',
    );

    expect(badges(card('Live'))).toEqual(['APPROUVÉE', '3 mois', 'Standard']);
  });

  it('says the same cached rows in Spanish after a switch of language', async () => {
    document.cookie = 'lang=fr-CA; Path=/';
    storeSession();
    const { calls } = mockFetch({ 'GET /api/posts': () => jsonResponse(rows) });
    const { user } = renderApp('/posts');
    await screen.findByRole('heading', { name: 'Held' });
    const asked = calls.filter((call) => call.path === '/api/posts').length;

    const languages = screen.getByRole('navigation', { name: 'Langue' });
    await user.click(within(languages).getByRole('button', { name: 'Español' }));
    await screen.findByRole('navigation', { name: 'Idioma' });

    expect(badges(card('Held'))).toEqual(['PENDIENTE', 'VIP 30 días']);
    expect(
      within(card('Held')).getByText(
        'VIP, 30 días a partir de la aprobación; Premium, 15 días a partir de la aprobación',
      ),
    ).toBeTruthy();
    expect(badges(card('Rejected'))).toEqual(['NO APROBADO', 'vencido', 'Gratuito']);
    expect(card('Rejected').querySelector('.post-card__rejection-reason')?.textContent).toBe(
      'Por qué no se aprobó: La foto de verificación no muestra el sitio, la fecha y el código del anuncio: Please show the site’s name.',
    );
    expect(badges(card('Live'))).toEqual(['APROBADO', '3 meses', 'Estándar']);
    // The words changed with no new answer: the rows hold no words to go stale.
    expect(calls.filter((call) => call.path === '/api/posts').length).toBe(asked);
  });
});
