import {
  catalogueAreas,
  durationSaid,
  formatMoneyIn,
  messagesOf,
  sayIn,
  type CreatableAdType,
  type CityPrices,
  type PricedOption,
} from '@adboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { locationHandlers } from '../../test/ad-fixtures';
import { jsonResponse, mockFetch } from '../../test/helpers';
import type { LocationChoice } from './ad-form-model';
import { TypeView } from './type-view';

/** The ad form's words in English, as the app shows them. */
const adFormWords = messagesOf(catalogueAreas.adForm, 'en');
const adTypeLabels = adFormWords.types;

const m = messagesOf(catalogueAreas.journey, 'en').prices;
/** A priced option's line as the app writes it in English, its duration said from its id. */
const optionLine = (id: PricedOption['id'], amount: string) =>
  m.option({
    label: sayIn('en', durationSaid(id)),
    price: formatMoneyIn(Number(amount), 'USD', 'en'),
  });
const option = (id: PricedOption['id'], amount: string, btc: string | null) => ({
  id,
  days: 30,
  amount,
  btc,
});

/** The server's answer for Las Vegas (tier 2): amounts the test does not know otherwise. */
const vegasPrices: CityPrices = {
  country: 'US',
  city: 'las-vegas',
  currency: 'USD',
  tier: 2,
  rate: { value: '61234.57', at: '2030-01-10T12:00:00.000Z' },
  products: {
    paid: [
      option('DAYS_180', '55.00', '0.00089818'),
      option('DAYS_60', '23.00', '0.00037561'),
      option('DAYS_30', '14.00', '0.00022863'),
    ],
    premium: [option('DAYS_30', '135.00', '0.00220464')],
  },
};

const vegas: LocationChoice = {
  country: 'US',
  countryFull: 'United States',
  city: 'las-vegas',
  cityFull: 'Las Vegas',
};

function setup(location: LocationChoice, prices: () => Response) {
  const fetch = mockFetch({ ...locationHandlers, 'GET /api/prices': prices });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <TypeView
          location={location}
          type={null}
          typeLocked={false}
          onLocationChange={() => undefined}
          onTypeChange={() => undefined}
          onContinue={() => undefined}
          focusHeading={false}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetch;
}

/** The card of a type: its radio's label. */
const card = (type: CreatableAdType) =>
  screen.getByRole('radio', { name: adTypeLabels[type].title }).closest('label');

describe('the type step shows the exact prices of the chosen city', () => {
  it("shows each VIP option in the site's currency and in BTC, as the server answers, and Free for the free types", async () => {
    const { calls } = setup(vegas, () => jsonResponse(vegasPrices));
    const vip = card('paid');
    if (!vip) throw new Error('no VIP card');
    for (const o of vegasPrices.products.paid) {
      const line = await within(vip).findByText(optionLine(o.id, o.amount));
      expect(line.parentElement?.textContent).toBe(
        `${optionLine(o.id, o.amount)} ${m.btc({ btc: o.btc ?? '' })}`,
      );
    }
    expect(within(vip).queryByText(/ to /)).toBeNull();
    for (const type of ['free', 'free_verified'] as const) {
      const free = card(type);
      if (!free) throw new Error(`no ${type} card`);
      expect(within(free).getByText(m.free)).toBeTruthy();
    }
    expect(screen.getByText(/^BTC amounts at 1 BTC = 61,234\.57 USD\./)).toBeTruthy();

    const asked = calls.filter((call) => call.path === '/api/prices');
    expect(asked.map((call) => call.query.toString())).toEqual(['country=US&city=las-vegas']);
    // The prices describe the VIP choice for screen readers too.
    const radio = screen.getByRole('radio', { name: adTypeLabels.paid.title });
    expect(radio.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
  });

  it('asks no prices before a city is chosen, and says to choose one', async () => {
    const { calls } = setup({ ...vegas, city: '', cityFull: '' }, () => jsonResponse(vegasPrices));
    const vip = card('paid');
    if (!vip) throw new Error('no VIP card');
    expect(within(vip).getByText(m.chooseCity)).toBeTruthy();
    await screen.findByRole('option', { name: 'Las Vegas' });
    expect(calls.some((call) => call.path === '/api/prices')).toBe(false);
  });

  it('shows the fiat prices alone when the server has no BTC rate', async () => {
    const noRate: CityPrices = {
      ...vegasPrices,
      rate: null,
      products: {
        paid: vegasPrices.products.paid.map((o) => ({ ...o, btc: null })),
        premium: [],
      },
    };
    setup(vegas, () => jsonResponse(noRate));
    // '30 days', as the English reader reads it.
    expect(optionLine('DAYS_30', '14.00')).toMatch(/^30 days/);
    const line = await screen.findByText(optionLine('DAYS_30', '14.00'));
    expect(line.parentElement?.textContent).toBe(optionLine('DAYS_30', '14.00'));
    expect(screen.queryByText(/BTC\)/)).toBeNull();
    expect(screen.getByText(m.noRate)).toBeTruthy();
  });

  it('says so when the prices cannot be loaded, and the free types stay Free', async () => {
    setup(vegas, () => jsonResponse({ success: false, error: 'Please choose a city.' }, 404));
    expect(await screen.findByText(m.failed)).toBeTruthy();
    expect(screen.getAllByText(m.free)).toHaveLength(2);
  });
});
