import type { PaymentReceipt } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import { receiptMail } from './receipt-mail.js';

const receipt: PaymentReceipt = {
  orderId: '6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11',
  adId: '100234',
  adTitle: 'Evening <companion> in Las Vegas',
  product: 'premium',
  optionId: 'DAYS_15',
  days: 15,
  currency: 'USD',
  priceFiat: '70.00',
  amountCrypto: '0.00116667',
  rate: '60000.00',
  rateAt: '2030-01-01T11:58:00.000Z',
  paidCrypto: '0.00116667',
  paidFiat: '70.00',
  address: 'tb1qreceipt',
  txids: ['a'.repeat(64), 'b'.repeat(64)],
  paidAt: '2030-01-01T12:10:00.000Z',
};

describe('the receipt mail', () => {
  it('names the order, the ad, what was bought, both amounts, the rate, each transaction and the time paid, in UTC', () => {
    const mail = receiptMail(siteById('velvet'), 'en', receipt);
    expect(mail.subject).toBe('Receipt for your payment for ad #100234 · Velvet Board');
    const lines = mail.text.split('\n\n');
    expect(lines.slice(0, 11)).toEqual([
      'Thank you for your payment for ad #100234 on Velvet Board. This is your receipt; please keep it.',
      'Order: 6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11',
      'Ad: #100234 Evening <companion> in Las Vegas',
      'Bought: Premium (featured), 15 days',
      'Price: 70.00 USD',
      'Amount: 0.00116667 BTC',
      'Exchange rate: 1 BTC = 60,000.00 USD (Jan 1, 2030, 11:58 AM UTC)',
      'Received: 0.00116667 BTC (70.00 USD)',
      `Transaction: ${'a'.repeat(64)}`,
      `Transaction: ${'b'.repeat(64)}`,
      'Paid on: Jan 1, 2030, 12:10 PM UTC',
    ]);
    // The ad's title is the poster's text: escaped in the HTML part.
    expect(mail.html).toContain('Evening &lt;companion&gt; in Las Vegas');
    expect(mail.html).not.toContain('<companion>');
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('is written in Canadian French for a French reader: its words, amounts and times', () => {
    const mail = receiptMail(siteById('velvet'), 'fr-CA', receipt);
    expect(mail.subject).toBe('Reçu de votre paiement pour l’annonce n° 100234 · Velvet Board');
    const lines = mail.text.split('\n\n');
    expect(lines[0]).toBe(
      'Merci pour votre paiement pour l’annonce n° 100234 sur Velvet Board. Voici votre reçu; veuillez le conserver.',
    );
    expect(lines).toContain('Annonce : n° 100234 Evening <companion> in Las Vegas');
    expect(lines).toContain('Achat : Premium (en vedette), 15 jours');
    // Intl writes money with no-break spaces.
    expect(lines).toContain('Prix : 70,00\u00a0$\u00a0US');
    expect(lines.find((line) => line.startsWith('Taux de change : '))).toMatch(
      /^Taux de change : 1 BTC = 60\s000,00\s\$\sUS \(1 janv\. 2030, 11 h 58 UTC\)$/,
    );
    expect(lines).toContain('Montant reçu : 0.00116667 BTC (70,00\u00a0$\u00a0US)');
    expect(mail.html).toMatch(/^<!doctype html><html lang="fr-CA">/);
  });

  it('is written in Spanish for a Spanish reader', () => {
    const mail = receiptMail(siteById('velvet'), 'es', {
      ...receipt,
      product: 'paid',
      optionId: 'DAYS_180',
    });
    expect(mail.subject).toBe('Recibo de su pago del anuncio n.º 100234 · Velvet Board');
    const lines = mail.text.split('\n\n');
    expect(lines).toContain('Compra: VIP, 6 meses');
    expect(lines).toContain('Pedido: 6f1c1a52-2b7e-4a39-9d55-0c9f8e6b1a11');
    expect(lines).toContain('Precio: USD\u00a070.00');
    expect(mail.html).toMatch(/^<!doctype html><html lang="es">/);
  });
});
