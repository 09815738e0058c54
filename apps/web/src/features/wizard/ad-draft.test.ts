import { catalogueAreas, messagesOf, draftAgeValues } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { testAd } from '../../test/ad-fixtures';
import {
  clearDraft,
  draftMaxAgeMs,
  pruneDrafts,
  readDraft,
  writeDraft,
  type AdDraft,
} from './ad-draft';
import { emptyAdForm } from './ad-form-model';
import { draftKey } from './draft-keys';
import {
  adBaseline,
  contentFromDraft,
  contentOfAd,
  draftOf,
  restoredView,
  savedTextOf,
} from './wizard-draft';

const owner = { siteId: 'local', userId: 'user-1' };
const now = Date.parse('2025-03-01T12:00:00Z');

const content = {
  rulesAccepted: true,
  location: { country: 'US' as const, countryFull: '', city: 'las-vegas', cityFull: 'Las Vegas' },
  type: 'paid' as const,
  form: { ...emptyAdForm(''), values: { ...emptyAdForm('').values, name: 'Ada' } },
};

function stored(overrides: Partial<AdDraft> = {}): AdDraft {
  return { ...draftOf(content, 'form', null), version: 1, savedAt: now, ...overrides };
}

describe('the draft store', () => {
  it('keys a draft by site, person and ad', () => {
    expect(draftKey(owner, null)).toBe('adDraft:local:user-user-1:new');
    expect(draftKey(owner, '42')).toBe('adDraft:local:user-user-1:42');
    expect(draftKey({ siteId: 'local', userId: null }, null)).toBe('adDraft:local:anon:new');
    expect(draftKey({ siteId: 'nightlist', userId: 'user-1' }, null)).not.toBe(
      draftKey(owner, null),
    );
  });

  it('reads back what it wrote, with the time it was written', () => {
    const key = draftKey(owner, null);
    writeDraft(key, draftOf(content, 'type', null), now);
    expect(readDraft(key, now + 1000)).toEqual(stored({ view: 'type' }));
    clearDraft(key);
    expect(readDraft(key, now)).toBeNull();
  });

  it('keeps a draft for 7 days, then drops it', () => {
    const key = draftKey(owner, null);
    writeDraft(key, draftOf(content, 'form', null), now);
    expect(readDraft(key, now + draftMaxAgeMs)).not.toBeNull();
    expect(readDraft(key, now + draftMaxAgeMs + 1)).toBeNull();
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('drops a broken draft, one from the future, and one with unknown fields', () => {
    const key = draftKey(owner, null);
    for (const raw of [
      'not json',
      JSON.stringify(stored({ savedAt: now + 3_600_000 })),
      JSON.stringify({ ...stored(), values: { ...stored().values, password: 'x' } }),
      JSON.stringify({ ...stored(), contacts: ['fax'] }),
    ]) {
      window.localStorage.setItem(key, raw);
      expect(readDraft(key, now)).toBeNull();
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('tidies every expired or broken draft, and leaves the rest alone', () => {
    const fresh = draftKey(owner, '1');
    const old = draftKey(owner, '2');
    const broken = draftKey({ siteId: 'local', userId: null }, null);
    writeDraft(fresh, draftOf(content, 'form', null), now);
    writeDraft(old, draftOf(content, 'form', null), now - draftMaxAgeMs - 1);
    window.localStorage.setItem(broken, '{');
    window.localStorage.setItem('activePost', '{"post_id":"1","token":"t"}');
    pruneDrafts(now);
    expect(Object.keys(window.localStorage).sort()).toEqual(['activePost', fresh]);
  });

  it('says how old a draft is in words', () => {
    const words = messagesOf(catalogueAreas.ads, 'en').wizard;
    const draftAge = (seconds: number) => words.draftAge(draftAgeValues(seconds));
    expect(draftAge(20)).toBe('less than a minute ago');
    expect(draftAge(60)).toBe('1 minute ago');
    expect(draftAge(5 * 60 + 59)).toBe('5 minutes ago');
    expect(draftAge(2 * 3600)).toBe('2 hours ago');
    expect(draftAge(86_400)).toBe('1 day ago');
    expect(draftAge(6 * 86_400)).toBe('6 days ago');
    const french = messagesOf(catalogueAreas.ads, 'fr-CA').wizard;
    expect(french.draftAge(draftAgeValues(2 * 3600))).toContain('2 heures');
  });
});

describe('the wizard and its draft', () => {
  it('counts the ad’s fields as unsaved, not the rules or a server check', () => {
    const fresh = contentOfAd(null);
    expect(savedTextOf({ ...fresh, rulesAccepted: true })).toBe(savedTextOf(fresh));
    const checked = { ...fresh.form, checks: { phone: { key: 'US|1', ok: true }, backlink: null } };
    expect(savedTextOf({ ...fresh, form: checked })).toBe(savedTextOf(fresh));
    expect(savedTextOf(content)).not.toBe(savedTextOf(fresh));
  });

  it('reopens the step the draft was at, or the last one it can reach', () => {
    const restored = contentFromDraft(stored(), contentOfAd(null), {
      isNew: true,
      typeChoosable: false,
    });
    expect(restoredView(stored(), restored)).toBe('form');
    const noCity = { ...restored, location: { ...restored.location, city: '' } };
    expect(restoredView(stored(), noCity)).toBe('type');
    expect(restoredView(stored(), { ...noCity, rulesAccepted: false })).toBe('rules');
  });

  it('brings back a new ad’s type only when an ad can be created with it', () => {
    const premium = stored({ type: 'premium' });
    const base = contentOfAd(null);
    expect(contentFromDraft(premium, base, { isNew: true, typeChoosable: false }).type).toBeNull();
    expect(contentFromDraft(stored(), base, { isNew: true, typeChoosable: false }).type).toBe(
      'paid',
    );
  });

  it('keeps an existing ad’s type unless the server lets it change', () => {
    const saved = contentOfAd(testAd);
    const draft = stored({ type: 'paid', baseline: adBaseline(testAd) });
    expect(contentFromDraft(draft, saved, { isNew: false, typeChoosable: false }).type).toBe(
      testAd.type,
    );
    expect(contentFromDraft(draft, saved, { isNew: false, typeChoosable: true }).type).toBe('paid');
  });

  it('keeps the rates and hours; a draft written before them keeps the ad’s', () => {
    const ad = {
      ...testAd,
      rates: [{ duration: '1h' as const, place: 'incall' as const, amount: 200 }],
    };
    const saved = contentOfAd(ad);
    const hours = {
      ...saved.form.hours,
      mon: { kind: 'open' as const, from: '10:00', to: '18:00' },
    };
    const changed = { ...saved, form: { ...saved.form, rates: [], hours } };
    expect(savedTextOf(changed)).not.toBe(savedTextOf(saved));
    const key = draftKey(owner, ad.post_id);
    writeDraft(key, draftOf(changed, 'form', adBaseline(ad)), now);
    const draft = readDraft(key, now);
    if (!draft) throw new Error('The draft was not kept');
    const options = { isNew: false, typeChoosable: false };
    expect(contentFromDraft(draft, saved, options).form).toMatchObject({ rates: [], hours });
    const { rates: _rates, hours: _hours, ...older } = draft;
    expect(contentFromDraft(older, saved, options).form).toMatchObject({
      rates: saved.form.rates,
      hours: saved.form.hours,
    });
    expect(adBaseline({ ...ad, rates: [] })).not.toBe(adBaseline(ad));
  });

  it('tells an ad changed on the server from the one a draft began with', () => {
    expect(adBaseline(testAd)).toBe(adBaseline({ ...testAd }));
    expect(adBaseline({ ...testAd, title: 'Another title' })).not.toBe(adBaseline(testAd));
    // Photos and payment are not the draft's business.
    expect(adBaseline({ ...testAd, paid: true })).toBe(adBaseline(testAd));
  });
});
