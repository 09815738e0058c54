import {
  paymentMessages,
  type OpenPaymentOrder,
  type PaymentAddress,
  type PaymentReceipt,
  type PaymentStatus,
  type PaymentStatusResult,
  type Ad,
  type PublicSite,
  catalogueAreas,
  messagesOf,
  waitInWords,
  sayIn,
} from '@adboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAd } from '../../test/ad-fixtures';
import {
  jsonResponse,
  mockFetch,
  storeSession,
  testSite,
  testUser,
  type FetchCall,
} from '../../test/helpers';
import { SiteContext } from '../site/site-context';
import { PaymentView, type PaymentViewProps } from './payment-view';

const answersEn = messagesOf(catalogueAreas.answers, 'en');
/** The receipt's words in English. */
const receiptEn = messagesOf(catalogueAreas.payments, 'en').receipt;

// The QR library is loaded by the view itself (a dynamic import): stand in for it.
const qr = vi.hoisted(() => ({
  toString: vi.fn(async (text: string, _options?: unknown) => `<svg><desc>${text}</desc></svg>`),
}));
vi.mock('qrcode', () => ({ default: qr, toString: qr.toString }));

const start = Date.parse('2030-01-01T12:00:00.000Z');
const address = 'tb1qpaymentaddress000000000000000000000000';
const addressPath = `/payment/address/BTC/100234/paid/DAYS_30`;
const openOrderPath = '/payment/order/BTC/100234';
const statusPath = `/payment/status/BTC/100234/${address}`;
const receiptsPath = '/payment/receipts/BTC/100234';
const uri = `bitcoin:${address}?amount=0.00021&label=Velvet%20Board%20ad%20100234`;
const explorerUrl = `https://mempool.space/testnet/address/${address}`;

function addressAnswer(extra: Partial<PaymentAddress> = {}): PaymentAddress {
  return {
    address,
    amountFiat: '14.00',
    amountCrypto: '0.00021',
    fiat: 'USD',
    crypto: 'BTC',
    status: 'assigned',
    expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
    uri,
    missingCrypto: null,
    explorerUrl,
    ...extra,
  };
}

function statusAnswer(
  status: PaymentStatus,
  extra: Partial<PaymentStatusResult> = {},
): PaymentStatusResult {
  return {
    status,
    amountCrypto: '0.00021',
    receivedCrypto: status === 'assigned' ? '0' : '0.00021',
    missingCrypto: null,
    expiresAt: new Date(start + 20 * 60_000).toISOString(),
    ...extra,
  };
}

const paidType: Ad = { ...testAd, type: 'paid' };

type Handler = (call: FetchCall) => Response | Promise<Response>;

/**
 * Renders the view signed in, with the address of 30 days and, for the status,
 * `statuses` one per status answer, a GET's or a POST's (the last one repeats): the
 * server's status as it stands at each poll, a check (POST) reading the chain first.
 */
function setup(
  options: {
    props?: Partial<PaymentViewProps>;
    site?: PublicSite;
    statuses?: PaymentStatusResult[];
    handlers?: Record<string, Handler>;
    receipts?: PaymentReceipt[];
  } = {},
) {
  storeSession();
  const statuses = [...(options.statuses ?? [statusAnswer('assigned')])];
  const next = () => jsonResponse(statuses.length > 1 ? statuses.shift() : statuses[0]);
  const fetch = mockFetch({
    // No order open unless a test says so.
    [`GET ${openOrderPath}`]: () => jsonResponse({ order: null }),
    [`GET ${addressPath}`]: () => jsonResponse(addressAnswer()),
    [`GET ${statusPath}`]: next,
    [`POST ${statusPath}`]: next,
    [`GET ${receiptsPath}`]: () => jsonResponse({ receipts: options.receipts ?? [] }),
    'POST /api/event': () => jsonResponse({ success: true }),
    ...options.handlers,
  });
  const onPaid = vi.fn();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SiteContext value={options.site ?? testSite}>
          <PaymentView
            adId="100234"
            product="paid"
            ad={paidType}
            renew={false}
            loggedIn
            onPaid={onPaid}
            focusHeading={false}
            {...options.props}
          />
        </SiteContext>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const rendered = render(view);
  const count = (method: string, path: string) =>
    fetch.calls.filter((call) => call.method === method && call.path === path).length;
  /** Leaves the view and opens it again, with the same query cache (a return to the step). */
  const remount = () => {
    rendered.unmount();
    render(view);
  };
  return { ...fetch, onPaid, count, remount };
}

/** Lets answered calls and the renders they cause finish, without moving the clock. */
async function settle() {
  await act(async () => {
    for (let round = 0; round < 10; round += 1) await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

function button(name: string) {
  return screen.getByRole<HTMLButtonElement>('button', { name });
}

function heading() {
  return screen.getByRole('heading', { level: 2 }).textContent;
}

async function getAddress(duration = '30 days') {
  fireEvent.click(screen.getByRole('radio', { name: duration }));
  fireEvent.click(button(sayIn('en', paymentMessages.getAddress)));
  await settle();
}

function countdown() {
  return screen.queryByRole('timer')?.textContent ?? null;
}

function statusLine() {
  return document.querySelector('.payment__status')?.textContent ?? null;
}

beforeEach(() => {
  vi.useFakeTimers({
    now: start,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('payment view: durations', () => {
  it('offers the VIP durations with their prices, by city on a tier-2 site', () => {
    setup();
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.pay));
    expect(screen.getByText(sayIn('en', paymentMessages.vipIntro))).toBeTruthy();
    const group = screen.getByRole('group', { name: sayIn('en', paymentMessages.vipLegend) });
    const radios = within(group).getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-labelledby'))).toHaveLength(3);
    expect(
      radios.map((radio) => [
        document.getElementById(radio.getAttribute('aria-labelledby') ?? '')?.textContent,
        document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent,
      ]),
    ).toEqual([
      ['6 months', '55.00 USD'],
      ['60 days', '20.00 to 23.00 USD'],
      ['30 days', '12.00 to 14.00 USD'],
    ]);
    expect(screen.getByText(sayIn('en', paymentMessages.priceByCity))).toBeTruthy();
    // Nothing chosen yet: no address to get.
    expect(button(sayIn('en', paymentMessages.getAddress)).disabled).toBe(true);
    expect(screen.getByText(sayIn('en', paymentMessages.chooseDurationFirst))).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '60 days' }));
    expect(button(sayIn('en', paymentMessages.getAddress)).disabled).toBe(false);
    expect(screen.queryByText(sayIn('en', paymentMessages.chooseDurationFirst))).toBeNull();
  });

  it('offers the premium durations; a site without tier 2 shows the tier-1 prices', () => {
    setup({ props: { product: 'premium' }, site: { ...testSite, usesTier2: false } });
    expect(screen.getByText(sayIn('en', paymentMessages.premiumIntro))).toBeTruthy();
    const group = screen.getByRole('group', { name: sayIn('en', paymentMessages.premiumLegend) });
    const radios = within(group).getAllByRole('radio');
    expect(
      radios.map((radio) => [
        document.getElementById(radio.getAttribute('aria-labelledby') ?? '')?.textContent,
        document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent,
      ]),
    ).toEqual([
      ['30 days', '60.00 USD'],
      ['15 days', '30.00 USD'],
      ['4 days', '10.00 USD'],
    ]);
    expect(screen.queryByText(sayIn('en', paymentMessages.priceByCity))).toBeNull();
  });
});

describe('payment view: the address', () => {
  it("shows the server's address, amounts, QR code, wallet and explorer links", async () => {
    const { calls } = setup();
    await getAddress();

    const get = calls.find((call) => call.path === addressPath);
    expect(get?.method).toBe('GET');
    expect(get?.headers.get('session')).toBe(testUser.token);
    expect(get?.headers.get('edit-token')).toBe('none');

    // The amount to pay is the server's, not the preview's range.
    expect(document.querySelector('.payment__amount')?.textContent).toBe('0.00021 BTC');
    expect(document.querySelector('.payment__fiat')?.textContent).toBe('(14.00 USD)');
    expect(screen.getByText(address).tagName).toBe('CODE');
    expect(screen.getByText(/^30 days\./)).toBeTruthy();

    const image = screen.getByRole<HTMLImageElement>('img', {
      name: sayIn('en', paymentMessages.qrAlt),
    });
    expect(qr.toString).toHaveBeenCalledWith(uri, expect.objectContaining({ type: 'svg' }));
    expect(image.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg><desc>${uri}</desc></svg>`)}`,
    );

    const wallet = screen.getByRole('link', { name: sayIn('en', paymentMessages.openWallet) });
    expect(wallet.getAttribute('href')).toBe(uri);
    const explorer = screen.getByRole('link', { name: sayIn('en', paymentMessages.explorer) });
    expect(explorer.getAttribute('href')).toBe(explorerUrl);
    expect(explorer.getAttribute('target')).toBe('_blank');
    expect(explorer.getAttribute('rel')).toBe('noopener');

    expect(countdown()).toBe('20:00');
    expect(statusLine()).toBe(sayIn('en', paymentMessages.waiting));
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('hides the explorer link when the network has none', async () => {
    setup({
      handlers: {
        [`GET ${addressPath}`]: () => jsonResponse(addressAnswer({ explorerUrl: null })),
      },
    });
    await getAddress();
    expect(
      screen.getByRole('link', { name: sayIn('en', paymentMessages.openWallet) }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: sayIn('en', paymentMessages.explorer) })).toBeNull();
  });

  it('copies the address, or selects it when the clipboard refuses', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    await getAddress();
    fireEvent.click(button(sayIn('en', paymentMessages.copyAddress)));
    await settle();
    expect(writeText).toHaveBeenCalledWith(address);
    expect(screen.getByText(sayIn('en', paymentMessages.copied))).toBeTruthy();

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(button(sayIn('en', paymentMessages.copyAddress)));
    await settle();
    expect(screen.getByText(sayIn('en', paymentMessages.copyFailed))).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe(address);
  });

  it("shows the server's error when no address can be issued", async () => {
    setup({
      handlers: {
        [`GET ${addressPath}`]: () =>
          jsonResponse({ success: false, error: 'Oops... no such ad.' }, 404),
      },
    });
    await getAddress();
    expect(screen.getByRole('alert').textContent).toBe('Oops... no such ad.');
    expect(screen.getByRole('radio', { name: '30 days' })).toBeTruthy();
  });

  it('says so when the server cannot be reached', async () => {
    setup({
      handlers: {
        [`GET ${addressPath}`]: () => Promise.reject(new TypeError('Failed to fetch')),
      },
    });
    await getAddress();
    expect(screen.getByRole('alert').textContent).toBe(answersEn.http.networkError);
  });
});

describe('payment view: countdown and status', () => {
  it('counts down from 20:00, never from more even when the server allows longer', async () => {
    setup({
      handlers: {
        [`GET ${addressPath}`]: () =>
          jsonResponse(addressAnswer({ expiresAt: new Date(start + 25 * 60_000).toISOString() })),
      },
    });
    await getAddress();
    expect(countdown()).toBe('20:00');
    await advance(1000);
    expect(countdown()).toBe('19:59');
    await advance(60_000);
    expect(countdown()).toBe('18:59');
  });

  it('counts down what is left of an order the server still had open', async () => {
    setup({
      handlers: {
        [`GET ${addressPath}`]: () =>
          jsonResponse(addressAnswer({ expiresAt: new Date(start + 7 * 60_000).toISOString() })),
      },
    });
    await getAddress();
    expect(countdown()).toBe('07:00');
  });

  it('asks for a chain check at each poll while nothing is seen, then reads the status every 15 s, pushes a change once and stops on complete', async () => {
    const { calls, count, onPaid } = setup({
      statuses: [
        statusAnswer('assigned'),
        statusAnswer('processing'),
        statusAnswer('processing'),
        statusAnswer('complete'),
      ],
    });
    await getAddress();
    await advance(14_900);
    expect(count('POST', statusPath)).toBe(0);
    expect(count('GET', statusPath)).toBe(0);

    // 15 s: nothing seen yet: the poll asks the server to look at the chain now.
    await advance(100);
    expect(count('POST', statusPath)).toBe(1);
    expect(count('GET', statusPath)).toBe(0);
    const poll = calls.find((call) => call.path === statusPath);
    expect(poll?.body).toEqual({ status: 'assigned' });
    expect(poll?.headers.get('session')).toBe(testUser.token);
    expect(poll?.headers.get('edit-token')).toBe('none');
    expect(statusLine()).toBe(sayIn('en', paymentMessages.waiting));

    // 30 s: the check sees the payment in the mempool: shown at once, the analytics
    // event sent; the check was the server's look, so nothing is pushed after it.
    await advance(15_000);
    expect(count('POST', statusPath)).toBe(2);
    expect(count('GET', statusPath)).toBe(0);
    expect(statusLine()).toBe(sayIn('en', paymentMessages.processing));
    expect(countdown()).toBeNull();
    const events = () => calls.filter((call) => call.path === '/api/event');
    expect(events().map((call) => call.body)).toEqual([
      {
        event: 'payment_complete',
        postId: '100234',
        data: { product: 'paid', option: 'DAYS_30', status: 'processing' },
      },
    ]);
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.pay));

    // 45 s: seen: the watcher follows the confirmations, the poll reads what it stored.
    await advance(15_000);
    expect(count('GET', statusPath)).toBe(1);
    expect(count('POST', statusPath)).toBe(2);

    // 60 s: complete: pushed once, no second event, polling stops.
    await advance(15_000);
    expect(count('GET', statusPath)).toBe(2);
    expect(calls.filter((call) => call.method === 'POST' && call.path === statusPath)).toEqual([
      expect.objectContaining({ body: { status: 'assigned' } }),
      expect.objectContaining({ body: { status: 'assigned' } }),
      expect.objectContaining({ body: { status: 'complete' } }),
    ]);
    expect(events()).toHaveLength(1);
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    expect(screen.getByRole('status').textContent).toBe(sayIn('en', paymentMessages.completePaid));
    expect(screen.getByRole('link', { name: 'My Posts' }).getAttribute('href')).toBe('/posts');
    expect(onPaid).toHaveBeenCalledOnce();
    expect(screen.queryByText(address)).toBeNull();

    await advance(120_000);
    expect(count('GET', statusPath)).toBe(2);
    expect(count('POST', statusPath)).toBe(3);
  });

  it("takes the check's answer as the status: a payment already confirmed completes at once", async () => {
    const { count, onPaid } = setup({ statuses: [statusAnswer('complete')] });
    await getAddress();
    await advance(15_000);
    expect(count('POST', statusPath)).toBe(1);
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    expect(onPaid).toHaveBeenCalledOnce();
    await advance(30_000);
    expect(count('GET', statusPath)).toBe(0);
    expect(count('POST', statusPath)).toBe(1);
  });

  it('reads the stored status when the check is refused (its limit), and checks again at the next poll', async () => {
    let refuse = true;
    const { calls, count } = setup({
      handlers: {
        [`POST ${statusPath}`]: () =>
          refuse
            ? jsonResponse(
                {
                  success: false,
                  error: answersEn.http.tooManyRequests({ wait: waitInWords(30) }),
                },
                429,
              )
            : jsonResponse(statusAnswer('assigned')),
        [`GET ${statusPath}`]: () => jsonResponse(statusAnswer('processing')),
      },
    });
    await getAddress();
    await advance(15_000);
    // The check first; refused, the stored status.
    expect(calls.filter((call) => call.path === statusPath).map((call) => call.method)).toEqual([
      'POST',
      'GET',
    ]);
    expect(statusLine()).toBe(sayIn('en', paymentMessages.processing));
    expect(screen.queryByRole('alert')).toBeNull();
    refuse = false;
    await advance(15_000);
    // Seen now: the next poll reads, it does not ask for a check.
    expect(count('POST', statusPath)).toBe(1);
    expect(count('GET', statusPath)).toBe(2);
  });

  it('shows the missing amount of an underpaid order', async () => {
    const underpaid = statusAnswer('processing', {
      receivedCrypto: '0.0002',
      missingCrypto: '0.00001',
    });
    setup({
      statuses: [underpaid],
      handlers: { [`POST ${statusPath}`]: () => jsonResponse(underpaid) },
    });
    await getAddress();
    await advance(15_000);
    expect(statusLine()).toBe(sayIn('en', paymentMessages.underpaid({ missing: '0.00001' })));
    expect(statusLine()).toContain('0.00001 BTC');
  });

  it('only logs a failed status check and keeps polling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const { count } = setup({
      handlers: {
        [`POST ${statusPath}`]: () =>
          fail ? Promise.reject(new TypeError('offline')) : jsonResponse(statusAnswer('assigned')),
      },
    });
    await getAddress();
    await advance(15_000);
    expect(warn).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
    // Offline: no second request in the same poll.
    expect(count('GET', statusPath)).toBe(0);
    fail = false;
    await advance(15_000);
    expect(count('POST', statusPath)).toBe(2);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('payment view: expiry', () => {
  it('shows the expiry message and stops polling at 00:00; Get a new address restarts', async () => {
    let issued = 0;
    const { count } = setup({
      handlers: {
        [`GET ${addressPath}`]: () => {
          issued += 1;
          return jsonResponse(
            addressAnswer(issued === 1 ? {} : { address: `${address.slice(0, -1)}9` }),
          );
        },
      },
    });
    await getAddress();
    await advance(19 * 60_000 + 59_000);
    expect(countdown()).toBe('00:01');
    expect(screen.queryByRole('alert')).toBeNull();

    await advance(1000);
    expect(screen.getByRole('alert').textContent).toBe(sayIn('en', paymentMessages.expired));
    expect(screen.getByRole('alert').textContent).toBe(
      'This address is expired. Please restart this transaction. We can still receive the payment if you have already sent it.',
    );
    // The expired address is no longer offered for payment.
    expect(screen.queryByText(address)).toBeNull();
    expect(screen.queryByRole('img', { name: sayIn('en', paymentMessages.qrAlt) })).toBeNull();
    // Nothing was seen: every poll asked for a check.
    const polled = count('POST', statusPath);
    expect(polled).toBeGreaterThanOrEqual(79);
    expect(count('GET', statusPath)).toBe(0);
    await advance(5 * 60_000);
    expect(count('POST', statusPath)).toBe(polled);

    fireEvent.click(button(sayIn('en', paymentMessages.newAddress)));
    await settle();
    expect(issued).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(`${address.slice(0, -1)}9`)).toBeTruthy();
    expect(countdown()).toBe('20:00');
  });

  it('lets another duration be chosen after expiry', async () => {
    setup();
    await getAddress();
    await advance(20 * 60_000);
    fireEvent.click(button(sayIn('en', paymentMessages.otherDuration)));
    expect(screen.getByRole('radio', { name: '6 months' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps watching a payment seen before the countdown ended', async () => {
    const { count } = setup({
      statuses: [statusAnswer('processing'), statusAnswer('processing')],
    });
    await getAddress();
    await advance(25 * 60_000);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(statusLine()).toBe(sayIn('en', paymentMessages.processing));
    // One check saw it; every poll after it reads the stored status.
    expect(count('POST', statusPath)).toBe(1);
    expect(count('GET', statusPath)).toBe(99);
  });
});

describe('payment view: renewals', () => {
  it('says an ad is already paid, with the days left and the advice, and still offers the durations', () => {
    setup({
      props: {
        ad: { ...paidType, paid: true, expiry: new Date(start + 10 * 86_400_000).toISOString() },
      },
    });
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.renew));
    expect(screen.getByText(sayIn('en', paymentMessages.alreadyPaid({ days: 10 })))).toBeTruthy();
    expect(sayIn('en', paymentMessages.alreadyPaid({ days: 10 }))).toContain('10 days');
    expect(screen.getByText(sayIn('en', paymentMessages.renewAdvice))).toBeTruthy();
    expect(sayIn('en', paymentMessages.renewAdvice)).toContain(
      'renew about a week before expiry or any time later',
    );
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('treats an expired paid ad as a payment to make, not a renewal', () => {
    setup({
      props: {
        ad: { ...paidType, paid: true, expiry: new Date(start - 86_400_000).toISOString() },
      },
    });
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.pay));
    expect(screen.queryByText(sayIn('en', paymentMessages.renewAdvice))).toBeNull();
  });

  it('titles a renewal asked by the address Renew Your Ad', () => {
    setup({ props: { renew: true } });
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.renew));
    expect(screen.queryByText(sayIn('en', paymentMessages.renewAdvice))).toBeNull();
  });

  it('says a featured ad is featured already, with the days left', () => {
    setup({
      props: {
        product: 'premium',
        // Featured is the server's word (lifecycle.featured), never a pending ad's.
        ad: {
          ...testAd,
          premium_until: new Date(start + 3 * 86_400_000).toISOString(),
          lifecycle: { ...testAd.lifecycle, featured: true },
        },
      },
    });
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.renew));
    expect(
      screen.getByText(sayIn('en', paymentMessages.alreadyFeatured({ days: 3 }))),
    ).toBeTruthy();
    expect(screen.getByText(sayIn('en', paymentMessages.renewAdvice))).toBeTruthy();
  });
});

describe('payment view: the open order survives a reload', () => {
  function openOrder(extra: Partial<OpenPaymentOrder> = {}): OpenPaymentOrder {
    return {
      ...addressAnswer({ expiresAt: new Date(start + 7 * 60_000).toISOString() }),
      product: 'paid',
      optionId: 'DAYS_30',
      ...extra,
    };
  }

  it("asks for the ad's open order on load and shows it, counting down its real expiry", async () => {
    const { calls, count } = setup({
      handlers: { [`GET ${openOrderPath}`]: () => jsonResponse({ order: openOrder() }) },
    });
    await settle();
    const asked = calls.find((call) => call.path === openOrderPath);
    expect(asked?.headers.get('session')).toBe(testUser.token);
    expect(asked?.headers.get('edit-token')).toBe('none');

    expect(screen.getByText(address).tagName).toBe('CODE');
    expect(document.querySelector('.payment__amount')?.textContent).toBe('0.00021 BTC');
    expect(screen.getByText(/^30 days\./)).toBeTruthy();
    expect(screen.getByRole('img', { name: sayIn('en', paymentMessages.qrAlt) })).toBeTruthy();
    // What is left of its 20 minutes, not a fresh 20:00.
    expect(countdown()).toBe('07:00');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(count('GET', addressPath)).toBe(0);

    // Its status is watched like that of an address just issued.
    await advance(15_000);
    expect(count('POST', statusPath)).toBe(1);
    expect(countdown()).toBe('06:45');
  });

  it('shows the open address again, saying why, when another duration is chosen while it is open', async () => {
    const { count } = setup({
      handlers: { [`GET ${openOrderPath}`]: () => jsonResponse({ order: openOrder() }) },
    });
    await settle();
    fireEvent.click(button(sayIn('en', paymentMessages.otherDuration)));
    await getAddress('60 days');
    expect(screen.getByRole('alert').textContent).toBe(
      sayIn('en', paymentMessages.openOrderExists({ minutes: 7 })),
    );
    expect(sayIn('en', paymentMessages.openOrderExists({ minutes: 7 }))).toBe(
      'You already have an open payment address for this ad: pay it, or wait until it expires (in 7 minutes) to choose another option.',
    );
    expect(count('GET', '/payment/address/BTC/100234/paid/DAYS_60')).toBe(0);
    // Not a dead end (issue 24): the open address, its amount and countdown stay.
    expect(screen.getByText(address)).toBeTruthy();
    expect(countdown()).toBe('07:00');

    // The same duration shows the open address again, without asking either.
    fireEvent.click(button(sayIn('en', paymentMessages.otherDuration)));
    await getAddress('30 days');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(address)).toBeTruthy();
    expect(countdown()).toBe('07:00');
    expect(count('GET', addressPath)).toBe(0);
  });

  it('offers every duration again once the open address has expired', async () => {
    const { count } = setup({
      handlers: { [`GET ${openOrderPath}`]: () => jsonResponse({ order: openOrder() }) },
    });
    await settle();
    await advance(7 * 60_000);
    expect(screen.getByRole('alert').textContent).toBe(sayIn('en', paymentMessages.expired));
    fireEvent.click(button(sayIn('en', paymentMessages.otherDuration)));
    await getAddress('60 days');
    expect(count('GET', '/payment/address/BTC/100234/paid/DAYS_60')).toBe(1);
  });

  it("shows the server's refusal when it knows of an open order this page does not", async () => {
    setup({
      handlers: {
        // The open order could not be read: the server still refuses a second address.
        [`GET ${openOrderPath}`]: () => Promise.reject(new TypeError('offline')),
        [`GET ${addressPath}`]: () =>
          jsonResponse(
            {
              success: false,
              error: sayIn('en', paymentMessages.openOrderExists({ minutes: 12 })),
            },
            409,
          ),
      },
    });
    await settle();
    await getAddress();
    expect(screen.getByRole('alert').textContent).toBe(
      sayIn('en', paymentMessages.openOrderExists({ minutes: 12 })),
    );
  });

  it('ignores an open order of the other product', async () => {
    setup({
      handlers: {
        [`GET ${openOrderPath}`]: () =>
          jsonResponse({ order: openOrder({ product: 'premium', optionId: 'DAYS_4' }) }),
      },
    });
    await settle();
    expect(screen.queryByText(address)).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('shows the address it issued again after leaving the step and coming back', async () => {
    let issued: OpenPaymentOrder | null = null;
    const { remount, count } = setup({
      handlers: {
        [`GET ${openOrderPath}`]: () => jsonResponse({ order: issued }),
        [`GET ${addressPath}`]: () => {
          issued = openOrder({ expiresAt: new Date(start + 20 * 60_000).toISOString() });
          return jsonResponse(issued);
        },
      },
    });
    await settle();
    await getAddress();
    await advance(60_000);
    remount();
    await settle();
    expect(screen.getByText(address)).toBeTruthy();
    expect(countdown()).toBe('19:00');
    expect(count('GET', addressPath)).toBe(1);
    expect(count('GET', openOrderPath)).toBe(2);
  });

  it('sends an Idempotency-Key with each address request, the same for a retry', async () => {
    let fail = true;
    const { calls } = setup({
      handlers: {
        [`GET ${addressPath}`]: () =>
          fail ? Promise.reject(new TypeError('offline')) : jsonResponse(addressAnswer()),
      },
    });
    await settle();
    await getAddress();
    expect(screen.getByRole('alert').textContent).toBe(answersEn.http.networkError);
    fail = false;
    fireEvent.click(button(sayIn('en', paymentMessages.getAddress)));
    await settle();
    const keys = calls
      .filter((call) => call.path === addressPath)
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByText(address)).toBeTruthy();
  });
});

describe('payment view: what follows a payment (issue 16.6)', () => {
  it('says after paying that the ad now waits for review and the paid days start at approval', async () => {
    setup({ statuses: [statusAnswer('complete')] });
    await getAddress();
    await advance(15_000);
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    expect(screen.getByText(sayIn('en', paymentMessages.nextReview))).toBeTruthy();
    expect(sayIn('en', paymentMessages.nextReview)).toContain('waits for review');
    expect(sayIn('en', paymentMessages.nextReview)).toContain('start when it is approved');
  });

  it('says a live ad stays online with the paid time added', async () => {
    setup({
      statuses: [statusAnswer('complete')],
      props: { ad: { ...paidType, status: 'active', approved: true } },
    });
    await getAddress();
    await advance(15_000);
    expect(screen.getByText(sayIn('en', paymentMessages.nextLive))).toBeTruthy();
    expect(screen.queryByText(sayIn('en', paymentMessages.nextReview))).toBeNull();
  });

  it('does not offer a paid ad waiting for review a renewal or durations, even from a renew link', async () => {
    const waiting: Ad = {
      ...paidType,
      status: 'pending',
      paid: true,
      product: 'DAYS_30',
      lifecycle: {
        ...paidType.lifecycle,
        payable: true,
        heldPaidDays: 30,
      },
    };
    const { count } = setup({ props: { ad: waiting, renew: true } });
    await settle();
    expect(heading()).not.toBe(sayIn('en', paymentMessages.titles.renew));
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(
      screen.queryByRole('button', { name: sayIn('en', paymentMessages.getAddress) }),
    ).toBeNull();
    expect(screen.getByText(sayIn('en', paymentMessages.heldForReview({ days: 30 })))).toBeTruthy();
    expect(count('GET', addressPath)).toBe(0);
  });
});

describe('payment view: the receipt (issue 16)', () => {
  const paidAt = '2030-01-01T12:00:40.000Z';
  const rateAt = '2030-01-01T11:59:58.000Z';
  function receiptOf(extra: Partial<PaymentReceipt> = {}): PaymentReceipt {
    return {
      orderId: '6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11',
      adId: '100234',
      adTitle: 'Evening companion',
      product: 'paid',
      optionId: 'DAYS_30',
      days: 30,
      currency: 'USD',
      priceFiat: '14.00',
      amountCrypto: '0.00021000',
      rate: '66666.67',
      rateAt,
      paidCrypto: '0.00021000',
      paidFiat: '14.00',
      address,
      txids: ['ab'.repeat(32)],
      paidAt,
      ...extra,
    };
  }
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  function receiptFactsShown() {
    const region = screen.getByRole('region', { name: receiptEn.heading });
    return within(region)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  }

  it('shows the receipt of the order just paid: order, ad, amounts in BTC and USD, rate, transaction, time paid', async () => {
    const older = receiptOf({
      orderId: '0a0a0a0a-0000-4000-8000-000000000000',
      address: 'tb1qolderaddress',
    });
    setup({ statuses: [statusAnswer('complete')], receipts: [receiptOf(), older] });
    await getAddress();
    await advance(15_000);
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    // Who issued it, for a printed copy.
    const region = screen.getByRole('region', { name: receiptEn.heading });
    expect(within(region).getByText(`${testSite.name} · ${testSite.contactEmail}`)).toBeTruthy();
    expect(receiptFactsShown()).toEqual([
      ['Order', '6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11'],
      ['Ad', '#100234 Evening companion'],
      ['Bought', 'VIP, 30 days'],
      ['Price', '14.00 USD'],
      ['Amount', '0.00021000 BTC'],
      ['Exchange rate', `1 BTC = 66,666.67 USD (${when(rateAt)})`],
      ['Received', '0.00021000 BTC (14.00 USD)'],
      ['Transaction', 'ab'.repeat(32)],
      ['Paid on', when(paidAt)],
    ]);
  });

  it('prints the receipt', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    setup({ statuses: [statusAnswer('complete')], receipts: [receiptOf()] });
    await getAddress();
    await advance(15_000);
    fireEvent.click(button(receiptEn.print));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows the receipt when a paid ad waiting for review is opened again', async () => {
    const waiting: Ad = {
      ...paidType,
      status: 'pending',
      paid: true,
      product: 'DAYS_30',
      lifecycle: { ...paidType.lifecycle, payable: true, heldPaidDays: 30 },
    };
    setup({ props: { ad: waiting }, receipts: [receiptOf()] });
    await settle();
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    expect(receiptFactsShown()).toContainEqual(['Order', '6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11']);
  });

  it('says where else the receipt is when it cannot be loaded', async () => {
    setup({
      statuses: [statusAnswer('complete')],
      handlers: { [`GET ${receiptsPath}`]: () => Promise.reject(new TypeError('offline')) },
    });
    await getAddress();
    await advance(15_000);
    expect(heading()).toBe(sayIn('en', paymentMessages.titles.complete));
    expect(screen.getByText(receiptEn.loadFailed)).toBeTruthy();
  });
});
