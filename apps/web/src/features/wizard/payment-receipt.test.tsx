import type { Language, PaymentReceipt as Receipt } from '@adboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { durationsText, paymentsText } from '../../i18n/areas';
import { LanguageProvider } from '../../i18n/language-context';
import { keepAppLanguage } from '../../i18n/say';
import { loadArea } from '../../i18n/text-store';
import { jsonResponse, mockFetch, testSite } from '../../test/helpers';
import { SiteContext } from '../site/site-context';
import { PaymentReceipt } from './payment-receipt';

const paidAt = '2030-01-01T12:10:00.000Z';
const rateAt = '2030-01-01T11:59:58.000Z';
const receipt: Receipt = {
  orderId: '6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11',
  adId: '100234',
  adTitle: 'Evening companion',
  product: 'premium',
  optionId: 'DAYS_15',
  days: 15,
  currency: 'USD',
  priceFiat: '70.00',
  amountCrypto: '0.00116667',
  rate: '60000.00',
  rateAt,
  paidCrypto: '0.00116667',
  paidFiat: '70.00',
  address: 'tb1qreceipt',
  txids: ['ab'.repeat(32)],
  paidAt,
};

/** A time as the reader's browser writes it, in its own zone and the reader's language. */
const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The receipt drawn for a reader whose chosen language is `language`. */
async function renderIn(language: Language) {
  document.cookie = `lang=${language}; Path=/`;
  mockFetch({
    'GET /payment/receipts/BTC/100234': () => jsonResponse({ receipts: [receipt] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SiteContext value={testSite}>
        <LanguageProvider brand="en">
          <PaymentReceipt adId="100234" address="tb1qreceipt" />
        </LanguageProvider>
      </SiteContext>
    </QueryClientProvider>,
  );
}

function factsShown(heading: string) {
  const region = screen.getByRole('region', { name: heading });
  return within(region)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('the receipt in the reader’s language', () => {
  beforeAll(async () => {
    await Promise.all(
      (['fr-CA', 'es'] as const).flatMap((language) => [
        loadArea(paymentsText, language),
        loadArea(durationsText, language),
      ]),
    );
  });

  afterEach(() => {
    document.cookie = 'lang=; Path=/; Max-Age=0';
    keepAppLanguage('en');
  });

  it('says its heading, labels, what was bought and the amounts in Canadian French', async () => {
    await renderIn('fr-CA');
    await screen.findByRole('heading', { name: 'Reçu' });
    expect(factsShown('Reçu')).toEqual([
      ['Commande', '6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11'],
      ['Annonce', 'n° 100234 Evening companion'],
      ['Achat', 'Premium (en vedette), 15 jours'],
      // Intl writes money with no-break spaces.
      ['Prix', '70,00\u00a0$\u00a0US'],
      ['Montant', '0.00116667 BTC'],
      ['Taux de change', `1 BTC = 60\u00a0000,00\u00a0$\u00a0US (${when(rateAt, 'fr-CA')})`],
      ['Montant reçu', '0.00116667 BTC (70,00\u00a0$\u00a0US)'],
      ['Transaction', 'ab'.repeat(32)],
      ['Payé le', when(paidAt, 'fr-CA')],
    ]);
    expect(screen.getByRole('button', { name: 'Imprimer le reçu' })).toBeTruthy();
  });

  it('says what was bought in Spanish', async () => {
    await renderIn('es');
    await screen.findByRole('heading', { name: 'Recibo' });
    expect(factsShown('Recibo')).toContainEqual(['Compra', 'Premium (destacado), 15 días']);
    expect(factsShown('Recibo')).toContainEqual(['Precio', 'USD\u00a070.00']);
  });
});
