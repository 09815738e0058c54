import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import { adCreatedMail } from './ad-mails.js';

const site = siteById('velvet');
const links = {
  adId: '42',
  activationLink: 'https://velvetboard.example/activate?id=42',
  editLink: 'https://velvetboard.example/edit-post?id=42&edit=abc',
  registerLink: 'https://velvetboard.example/completeregistration?edit=abc',
};

describe('the new ad’s mail', () => {
  it('keeps its English words', () => {
    const mail = adCreatedMail(site, 'en', links);
    expect(mail.subject).toBe(`Your ad #42: edit link and activation · ${site.name}`);
    expect(mail.text.split('\n\n').slice(0, 4)).toEqual([
      `Thank you for posting ad #42 on ${site.name}.`,
      `Confirm your email address and phone number with this link: ${links.activationLink}`,
      `Keep this edit link to change your ad later (it works for 30 days): ${links.editLink}`,
      `Ads go public only when their poster has an account. Set a password here to own this ad: ${links.registerLink}`,
    ]);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('is written in Canadian French and in Spanish, the links as they are', () => {
    const french = adCreatedMail(site, 'fr-CA', { ...links, registerLink: null });
    expect(french.subject).toBe(
      `Votre annonce n° 42 : lien de modification et activation · ${site.name}`,
    );
    expect(french.text).toContain(`Merci d’avoir publié l’annonce n° 42 sur ${site.name}.`);
    expect(french.text).toContain(`(il fonctionne pendant 30 jours) : ${links.editLink}`);
    expect(french.text).not.toContain(links.registerLink);
    expect(french.html).toMatch(/^<!doctype html><html lang="fr-CA">/);
    const spanish = adCreatedMail(site, 'es', { ...links, editLink: null, registerLink: null });
    expect(spanish.subject).toBe(
      `Su anuncio n.º 42: enlace de edición y activación · ${site.name}`,
    );
    expect(spanish.text).toContain(links.activationLink);
    expect(spanish.html).toMatch(/^<!doctype html><html lang="es">/);
  });
});
