import { describe, expect, it } from 'vitest';
import {
  daysLeftUntil,
  describeExpiry,
  expiryBadgeTone,
  heldTimeSaid,
  rejectionSaid,
  statusBadge,
  typeBadge,
} from './badges.js';
import { sayIn } from './i18n/catalogues/say.js';
import type { Language } from './i18n/languages.js';
import type { Text } from './i18n/said.js';

const say = (language: Language, text: Text | null) =>
  text === null ? null : sayIn(language, text);
const day = 86_400_000;

describe('the badges, named and said in the reader’s language', () => {
  it('keeps the English words of each status, type and duration', () => {
    const statuses = ['active', 'incomplete', 'payment_pending', 'rejected', 'paused'];
    expect(
      [...statuses, 'scheduled', 'pending', 'expired'].map((s) => say('en', statusBadge(s).label)),
    ).toEqual([
      'APPROVED',
      'INCOMPLETE',
      'PAYMENT PENDING',
      'NOT APPROVED',
      'PAUSED',
      'SCHEDULED',
      'PENDING',
      'PENDING',
    ]);
    expect(
      [
        typeBadge('free', null),
        typeBadge('free_verified', null),
        typeBadge('paid', 'DAYS_15'),
        typeBadge('paid', 'DAYS_180'),
        typeBadge('paid', 'DAYS_4'),
        typeBadge('paid', null),
        typeBadge('paid', 'DAYS_30', false),
        typeBadge('premium', 'DAYS_30'),
        typeBadge('regular', null),
        typeBadge('other', null),
      ].map((t) => say('en', t)),
    ).toEqual([
      'Free',
      'Free',
      'VIP 15 days',
      'VIP 6 months',
      'VIP',
      'VIP',
      'VIP (not paid)',
      'Premium',
      'Standard',
      'Unknown',
    ]);
  });

  it('says them in French and Spanish', () => {
    expect(say('fr-CA', statusBadge('active').label)).toBe('APPROUVÉE');
    expect(say('es', statusBadge('rejected').label)).toBe('NO APROBADO');
    expect(say('fr-CA', typeBadge('paid', 'DAYS_30'))).toBe('VIP 30 jours');
    expect(say('es', typeBadge('paid', 'DAYS_180'))).toBe('VIP 6 meses');
    expect(say('fr-CA', typeBadge('paid', 'DAYS_30', false))).toBe('VIP (non payée)');
  });

  it('counts the days left, a part of a day as a day, and says them', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(daysLeftUntil(null, now)).toBeNull();
    expect(daysLeftUntil(at(0), now)).toBe(0);
    expect(daysLeftUntil(at(-day), now)).toBe(0);
    expect(daysLeftUntil(at(1), now)).toBe(1);
    expect(daysLeftUntil(at(12 * day - 3_600_000), now)).toBe(12);
    expect([null, 0, 1, 12, 59, 60, 95].map((n) => say('en', describeExpiry(n)))).toEqual([
      null,
      'expired',
      '1 day',
      '12 days',
      '59 days',
      '2 months',
      '3 months',
    ]);
    expect([0, 1, 12, 90].map((n) => say('fr-CA', describeExpiry(n)))).toEqual([
      'expirée',
      '1 jour',
      '12 jours',
      '3 mois',
    ]);
    expect(say('es', describeExpiry(0))).toBe('vencido');
    expect([0, 1, 2].map(expiryBadgeTone)).toEqual(['danger', 'default', 'success']);
  });

  it('says the days held until approval', () => {
    expect(heldTimeSaid({ paidDays: 0, premiumDays: 0 })).toBeNull();
    expect(say('en', heldTimeSaid({ paidDays: 30, premiumDays: 0 }))).toBe(
      'VIP, 30 days from approval',
    );
    expect(say('en', heldTimeSaid({ paidDays: 30, premiumDays: 15 }))).toBe(
      'VIP, 30 days from approval; Premium, 15 days from approval',
    );
    expect(say('fr-CA', heldTimeSaid({ paidDays: 0, premiumDays: 15 }))).toBe(
      'Premium, 15 jours à partir de l’approbation',
    );
    expect(say('es', heldTimeSaid({ paidDays: 60, premiumDays: 0 }))).toBe(
      'VIP, 60 días a partir de la aprobación',
    );
  });

  it('says a rejection’s reason in the reader’s language, the moderator’s note as written', () => {
    const note = 'Trop flou.';
    expect(rejectionSaid({ code: null, note: null })).toBeNull();
    expect(rejectionSaid({ code: null, note: '  ' })).toBeNull();
    expect(rejectionSaid({ code: null, note })).toBe(note);
    expect(say('en', rejectionSaid({ code: 'duplicate', note: null }))).toBe(
      'Duplicate of another ad',
    );
    expect(say('en', rejectionSaid({ code: 'duplicate', note }))).toBe(
      'Duplicate of another ad: Trop flou.',
    );
    expect(say('fr-CA', rejectionSaid({ code: 'duplicate', note }))).toBe(
      'Doublon d’une autre annonce : Trop flou.',
    );
    expect(say('es', rejectionSaid({ code: 'explicit_media', note }))).toBe(
      'Fotos explícitas u ofensivas: Trop flou.',
    );
  });
});
