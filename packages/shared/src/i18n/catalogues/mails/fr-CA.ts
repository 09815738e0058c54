import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  verificationCode: {
    subject: 'Votre code de vérification : {code}',
    lines: {
      code: 'Votre code de vérification {site} est {code}.',
      enter:
        'Entrez-le sur la page de vérification pour confirmer votre adresse courriel. Il expire dans {minutes, plural, one {# minute} other {# minutes}}.',
      notYou: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer ce message.',
    },
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe',
    lines: {
      asked: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte {site}.',
      open: 'Ouvrez ce lien d’ici {minutes, plural, one {# minute} other {# minutes}} pour choisir un nouveau mot de passe. Il ne fonctionne qu’une fois.',
      notYou: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste le même.',
    },
  },
  staffInvitation: {
    subject: 'Votre compte {role, select, admin {d’administrateur} other {de modérateur}}',
    lines: {
      made: 'Les exploitants de {site} vous ont créé un compte {role, select, admin {d’administrateur} other {de modérateur}} avec cette adresse courriel.',
      open: 'Ouvrez ce lien d’ici {minutes, plural, one {# minute} other {# minutes}} pour choisir votre mot de passe. Il ne fonctionne qu’une fois.',
      expired:
        'S’il est expiré, demandez-en un nouveau avec « Mot de passe oublié? » sur la page de connexion. Connectez-vous ensuite et ouvrez la console de modération à /admin.',
    },
  },
  alreadyRegistered: {
    subject: 'Vous avez déjà un compte',
    lines: {
      tried:
        'Quelqu’un a tenté de s’inscrire sur {site} avec cette adresse courriel, qui a déjà un compte.',
      ifYou:
        'Si c’était vous, connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié :',
    },
  },
  adCreated: {
    subject: 'Votre annonce n° {adId} : lien de modification et activation',
    lines: {
      thanks: 'Merci d’avoir publié l’annonce n° {adId} sur {site}.',
      confirm:
        'Confirmez votre adresse courriel et votre numéro de téléphone avec ce lien : {link}',
      editLink:
        'Conservez ce lien de modification pour modifier votre annonce plus tard (il fonctionne pendant {days, plural, one {# jour} other {# jours}}) : {link}',
      register:
        'Les annonces ne sont publiées que lorsque leur auteur a un compte. Choisissez un mot de passe ici pour devenir propriétaire de cette annonce : {link}',
    },
  },
  moderation: {
    approvedSubject: 'Votre annonce n° {adId} est approuvée',
    approvedBody:
      'Bonne nouvelle : votre annonce n° {adId} a été approuvée et est maintenant publique.',
    approvedScheduledBody:
      'Bonne nouvelle : votre annonce n° {adId} a été approuvée. Elle sera publiée le {startsOn} (UTC), la date de début que vous avez choisie; sa durée commence à ce moment-là.',
    rejectedSubject: 'Votre annonce n° {adId} n’a pas été approuvée',
    rejectedBody:
      'Nous avons examiné votre annonce n° {adId} et n’avons pas pu l’approuver. La raison :',
    rejectedFix:
      'Vous pouvez modifier l’annonce et la soumettre de nouveau à l’examen avec ce lien :',
    rejectedPaymentKept:
      'Votre paiement est conservé et ses jours payés n’ont pas commencé : modifiez l’annonce et soumettez-la de nouveau à l’examen avec ce lien; sa durée commencera à son approbation :',
    rejectedRefundOffer:
      'Ou, si vous préférez, demandez le remboursement de ce que vous avez payé, moins les frais de réseau, ici : {link} (une fois remboursée, l’annonce n’est plus payée).',
    rejectedVipUnpaid:
      'Vous pouvez modifier l’annonce et la payer de nouveau pour la soumettre à l’examen avec ce lien :',
    revisionApprovedSubject: 'Vos modifications de l’annonce n° {adId} sont approuvées',
    revisionApprovedBody:
      'Vos modifications de l’annonce n° {adId} ont été approuvées et sont maintenant publiques.',
    revisionRejectedSubject: 'Vos modifications de l’annonce n° {adId} n’ont pas été approuvées',
    revisionRejectedBody:
      'Nous avons examiné vos modifications de l’annonce n° {adId} et n’avons pas pu les approuver. Votre annonce reste en ligne telle qu’elle était. La raison :',
    revisionRejectedFix: 'Vous pouvez modifier l’annonce de nouveau avec ce lien :',
    approvedLink: 'Votre annonce se trouve ici :',
    approvedNeedsAccount:
      'Votre annonce n° {adId} a été approuvée. Elle sera publiée dès qu’elle appartiendra à un compte : choisissez un mot de passe avec le lien du courriel reçu lorsque vous l’avez publiée.',
  },
  receipt: {
    subject: 'Reçu de votre paiement pour l’annonce n° {adId}',
    intro:
      'Merci pour votre paiement pour l’annonce n° {adId} sur {site}. Voici votre reçu; veuillez le conserver.',
    fact: '{label} : {value}',
  },
} satisfies TranslationOf<typeof en>;
