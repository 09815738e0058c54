import { catalogueAreas, messagesOf } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import { adExpiredMail, expiryReminderMail, formatExpiry } from './lifecycle-mails.js';

const ad = {
  id: 42,
  title: 'Evening company',
  type: 'free' as const,
  expiresAt: new Date(Date.UTC(2026, 11, 24, 18, 30)),
};
const link = 'https://velvetboard.example/edit-post?id=42&renew=1';

describe('the expiry mails, in the reader’s language', () => {
  it('writes the reminder in Canadian French: its subject, body, date and document language', () => {
    const french = messagesOf(catalogueAreas.lifecycle, 'fr-CA').mail;
    const mail = expiryReminderMail(siteById('velvet'), 'fr-CA', ad, 'week', link);
    expect(mail.subject).toContain(french.weekSubject({ adId: '42' }));
    const when = formatExpiry(ad.expiresAt, 'fr-CA');
    expect(when).toContain('déc.');
    expect(mail.text).toContain(french.reminderBody({ adId: '42', title: ad.title, when }));
    expect(mail.text).toContain(french.renewFree);
    expect(mail.html).toContain('<html lang="fr-CA">');
    expect(mail.text).toContain(link);
  });

  it('writes the expired mail in Spanish, and in English for an English reader', () => {
    const spanish = messagesOf(catalogueAreas.lifecycle, 'es').mail;
    const english = messagesOf(catalogueAreas.lifecycle, 'en').mail;
    expect(adExpiredMail(siteById('velvet'), 'es', ad, link).subject).toContain(
      spanish.expiredSubject({ adId: '42' }),
    );
    const inEnglish = adExpiredMail(siteById('velvet'), 'en', ad, link);
    expect(inEnglish.subject).toContain(english.expiredSubject({ adId: '42' }));
    expect(inEnglish.text).toContain('Dec 24, 2026');
    expect(inEnglish.html).toContain('<html lang="en">');
  });
});
