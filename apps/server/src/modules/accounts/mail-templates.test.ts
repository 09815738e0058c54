import { accountMessages, catalogueAreas, mailMessages, messagesOf, sayIn } from '@adboard/shared';
import { describe, expect, it } from 'vitest';
import { siteById } from '../sites/site-by-id.js';
import {
  accountDeletedMail,
  alreadyRegisteredMail,
  brandedMail,
  passwordChangedMail,
  passwordResetMail,
  staffInvitationMail,
  verificationCodeMail,
} from './mail-templates.js';

const site = siteById('velvet');
const link = 'https://velvetboard.example/resetpassword?token=abc';

describe('the brand’s frame of every mail', () => {
  it('says named texts in the mail’s language, plain words as they are, and declares the language', () => {
    const mail = brandedMail(
      site,
      'es',
      mailMessages.alreadyRegistered.subject,
      [mailMessages.alreadyRegistered.lines.ifYou, 'A moderator’s <own> words'],
      link,
    );
    expect(mail.subject).toBe(`Usted ya tiene una cuenta · ${site.name}`);
    expect(mail.text).toContain(sayIn('es', mailMessages.alreadyRegistered.lines.ifYou));
    expect(mail.text).toContain('A moderator’s <own> words');
    expect(mail.html).toMatch(/^<!doctype html><html lang="es">/);
    expect(mail.html).toContain('A moderator’s &lt;own&gt; words');
    expect(mail.html).toContain(`<title>Usted ya tiene una cuenta · ${site.name}</title>`);
  });
});

describe('the account mails, in the reader’s language', () => {
  it('keeps the English words of the verification code mail', () => {
    const mail = verificationCodeMail(site, 'en', '123456');
    expect(mail.subject).toBe(`Your verification code: 123456 · ${site.name}`);
    expect(mail.text.split('\n\n').slice(0, 3)).toEqual([
      `Your ${site.name} verification code is 123456.`,
      'Enter it on the verification page to confirm your email address. It expires in 15 minutes.',
      'If you did not register, you can ignore this message.',
    ]);
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('writes the verification code mail in Canadian French', () => {
    const mail = verificationCodeMail(site, 'fr-CA', '123456');
    expect(mail.subject).toBe(`Votre code de vérification : 123456 · ${site.name}`);
    expect(mail.text).toContain(`Votre code de vérification ${site.name} est 123456.`);
    expect(mail.text).toContain('Il expire dans 15 minutes.');
    expect(mail.html).toMatch(/^<!doctype html><html lang="fr-CA">/);
  });

  it('writes the password reset mail in Spanish, its link as it is', () => {
    const mail = passwordResetMail(site, 'es', link);
    expect(mail.subject).toBe(`Restablezca su contraseña · ${site.name}`);
    expect(mail.text).toContain(
      `Alguien solicitó restablecer la contraseña de su cuenta de ${site.name}.`,
    );
    expect(mail.text).toContain('dentro de 60 minutos');
    expect(mail.text).toContain(link);
    expect(mail.html).toMatch(/^<!doctype html><html lang="es">/);
  });

  it('names the staff role in each language, English as before', () => {
    const english = staffInvitationMail(site, 'en', 'admin', link);
    expect(english.subject).toBe(`Your administrator account · ${site.name}`);
    expect(english.text).toContain(
      `The operators of ${site.name} made you an administrator account with this email address.`,
    );
    expect(staffInvitationMail(site, 'en', 'moderator', link).subject).toBe(
      `Your moderator account · ${site.name}`,
    );
    const french = staffInvitationMail(site, 'fr-CA', 'moderator', link);
    expect(french.subject).toBe(`Votre compte de modérateur · ${site.name}`);
    expect(french.text).toContain('« Mot de passe oublié? »');
    expect(staffInvitationMail(site, 'es', 'admin', link).subject).toBe(
      `Su cuenta de administrador · ${site.name}`,
    );
  });

  it('keeps the English words of the already-registered mail, and writes it in French', () => {
    const english = alreadyRegisteredMail(site, 'en', link);
    expect(english.subject).toBe(`You already have an account · ${site.name}`);
    expect(english.text.split('\n\n').slice(0, 3)).toEqual([
      `Someone tried to register on ${site.name} with this email address, which already has an account.`,
      'If it was you, log in, or reset your password if you forgot it:',
      link,
    ]);
    const french = alreadyRegisteredMail(site, 'fr-CA', link);
    expect(french.subject).toBe(`Vous avez déjà un compte · ${site.name}`);
    expect(french.html).toMatch(/^<!doctype html><html lang="fr-CA">/);
  });

  it('writes an account notice and its erasure date in the reader’s language', () => {
    const french = messagesOf(catalogueAreas.account, 'fr-CA').mail.accountDeleted;
    const mail = accountDeletedMail(site, 'fr-CA', new Date(Date.UTC(2030, 0, 31)));
    expect(mail.subject).toBe(`${french.subject} · ${site.name}`);
    expect(mail.text).toContain(french.lines.erased({ eraseDate: '31 janvier 2030' }));
    expect(mail.html).toMatch(/^<!doctype html><html lang="fr-CA">/);
    const spanish = passwordChangedMail(site, 'es');
    expect(spanish.subject).toBe(
      `${sayIn('es', accountMessages.mail.passwordChanged.subject)} · ${site.name}`,
    );
    expect(spanish.html).toMatch(/^<!doctype html><html lang="es">/);
  });
});
