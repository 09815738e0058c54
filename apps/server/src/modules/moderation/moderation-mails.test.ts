import { catalogueAreas, messagesOf, rejectionReasons } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import { approvedMail, rejectedMail } from './moderation-mails.js';

const site = siteById('velvet');
const publicUrl = 'https://velvetboard.example/las-vegas/ad/42';
const editLink = 'https://velvetboard.example/edit-post?id=42&edit=auth';
const english = messagesOf(catalogueAreas.mails, 'en').moderation;
const french = messagesOf(catalogueAreas.mails, 'fr-CA');
const spanish = messagesOf(catalogueAreas.mails, 'es');
const spanishReasons = messagesOf(catalogueAreas.ads, 'es').rejectionReasons;

describe('the decision mails, in the reader’s language', () => {
  it('keeps the English words of the approval, its link as it is', () => {
    const mail = approvedMail(site, 'en', { adId: '42', publicUrl, hasOwner: true });
    expect(mail.subject).toBe(`Your ad #42 is approved · ${site.name}`);
    expect(mail.text.split('\n\n').slice(0, 3)).toEqual([
      'Good news: your ad #42 has been approved and is now public.',
      'Your ad is here:',
      publicUrl,
    ]);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('writes the start date of a scheduled approval in the reader’s language', () => {
    const params = { adId: '42', publicUrl, hasOwner: true, startsOn: '2030-01-03' };
    expect(approvedMail(site, 'en', params).text).toContain(
      english.approvedScheduledBody({ adId: '42', startsOn: 'January 3, 2030' }),
    );
    const mail = approvedMail(site, 'fr-CA', params);
    expect(mail.subject).toBe(`Votre annonce n° 42 est approuvée · ${site.name}`);
    expect(mail.text).toContain(
      french.moderation.approvedScheduledBody({ adId: '42', startsOn: '3 janvier 2030' }),
    );
    expect(mail.html).toMatch(/^<!doctype html><html lang="fr-CA">/);
  });

  it('writes a rejection in Spanish: the reason’s label in Spanish, the moderator’s words as they are', () => {
    const reason = 'Please show the site’s name in the photo.';
    const mail = rejectedMail(site, 'es', {
      adId: '42',
      code: 'verification_photo',
      reason,
      editLink,
      next: { kind: 'fix' },
    });
    expect(mail.subject).toBe(`Su anuncio n.º 42 no fue aprobado · ${site.name}`);
    expect(mail.text.split('\n\n').slice(0, 5)).toEqual([
      spanish.moderation.rejectedBody({ adId: '42' }),
      spanishReasons.verification_photo,
      reason,
      spanish.moderation.rejectedFix,
      editLink,
    ]);
    expect(mail.html).toMatch(/^<!doctype html><html lang="es">/);
  });

  it('offers the refund in French, and keeps the English reason labels the console shows', () => {
    const refund = 'https://velvetboard.example/refund?token=abc';
    const mail = rejectedMail(site, 'fr-CA', {
      adId: '42',
      code: null,
      reason: 'Trop flou.',
      editLink,
      next: { kind: 'payment_kept', refundLinks: [refund] },
    });
    expect(mail.text).toContain(french.moderation.rejectedPaymentKept);
    expect(mail.text).toContain(french.moderation.rejectedRefundOffer({ link: refund }));
    const englishLabels = messagesOf(catalogueAreas.ads, 'en').rejectionReasons;
    for (const { code, label } of rejectionReasons) expect(englishLabels[code]).toBe(label);
  });

  it('writes a refused edit in English as before', () => {
    const mail = rejectedMail(site, 'en', {
      adId: '42',
      code: 'duplicate',
      reason: 'Same as ad #41.',
      editLink,
      next: { kind: 'revision' },
    });
    expect(mail.subject).toBe(`Your changes to ad #42 were not approved · ${site.name}`);
    expect(mail.text.split('\n\n').slice(0, 5)).toEqual([
      'We reviewed your changes to ad #42 and could not approve them. Your ad stays online as it was. The reason:',
      'Duplicate of another ad',
      'Same as ad #41.',
      'You can change the ad again with this link:',
      editLink,
    ]);
  });
});
