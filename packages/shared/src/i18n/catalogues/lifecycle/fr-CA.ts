import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  renewPaidThroughPayment: 'Une annonce payante se renouvelle en payant une nouvelle période.',
  renewNotAllowed: 'Cette annonce ne peut pas être renouvelée dans son état actuel.',
  editLive:
    'Votre annonce est en ligne. Vos modifications seront examinées par un modérateur avant d’être affichées; d’ici là, votre annonce reste en ligne telle qu’elle est maintenant.',
  editSavedForReview: 'Vos modifications ont été enregistrées et sont en attente d’examen.',
  pendingRevision: 'Modifications en attente d’examen',
  revisionRejected: 'Vos dernières modifications n’ont pas été approuvées : {reason}',
  refused: {
    banned: 'Ce compte est banni. Ses annonces ne peuvent plus être modifiées, payées ni publiées.',
    deleted: 'Cette annonce a été supprimée.',
    alreadySubmitted: 'Cette annonce est déjà en attente d’examen.',
    payRejected:
      'Cette annonce n’a pas été approuvée, elle ne peut donc pas être payée. Modifiez-la et soumettez-la de nouveau, ou demandez le remboursement de ce que vous avez payé.',
    notPayable: 'Cette annonce ne peut pas être payée dans son état actuel.',
    create: 'Cette annonce ne peut pas être publiée.',
    save: 'Cette annonce ne peut pas être modifiée dans son état actuel.',
    change_type:
      'Le type d’une annonce ne peut plus être changé une fois qu’elle est créée, sauf pour une annonce VIP dont rien n’a été payé, qui peut devenir une annonce gratuite.',
    edit_live:
      'Seules les modifications d’une annonce en ligne sont examinées pendant qu’elle reste en ligne.',
    submit: 'Cette annonce ne peut pas être soumise à l’examen dans son état actuel.',
    pay: 'Cette annonce ne peut pas être payée dans son état actuel.',
    payment_arrives: 'Cette annonce ne peut pas être payée dans son état actuel.',
    approve:
      'Seule une annonce en attente d’examen (ou une annonce refusée qui peut être soumise de nouveau) peut être approuvée.',
    reject: 'Seule une annonce en attente d’examen ou une annonce publique peut être refusée.',
    approve_revision: 'Cette annonce n’a aucune modification en attente d’examen.',
    reject_revision: 'Cette annonce n’a aucune modification en attente d’examen.',
    renew: 'Cette annonce ne peut pas être renouvelée dans son état actuel.',
    expire: 'Cette annonce n’est pas arrivée à expiration.',
    delete: 'Cette annonce a été supprimée.',
    ban_owner: 'Cette annonce a été supprimée.',
    refund: 'Seul le paiement d’une annonce refusée peut être remboursé de cette façon.',
  },
  mail: {
    weekSubject: 'Votre annonce n° {adId} expire dans moins d’une semaine',
    daySubject: 'Votre annonce n° {adId} expire dans moins d’une journée',
    expiredSubject: 'Votre annonce n° {adId} est expirée',
    reminderBody:
      'Votre annonce n° {adId} « {title} » expire le {when}. Après cette date, elle ne sera plus affichée sur le site.',
    expiredBody:
      'Votre annonce n° {adId} « {title} » a expiré le {when} et n’est plus affichée sur le site.',
    renewFree:
      'Une annonce gratuite se renouvelle gratuitement : une fois renouvelée, elle dure 30 jours de plus (une annonce expirée est d’abord examinée de nouveau). Renouvelez-la avec ce lien :',
    renewPaid: 'Renouvelez-la en payant une nouvelle période avec ce lien :',
  },
  renewView: {
    expiresOn: 'Votre annonce expire le {when}.',
    expiredOn: 'Votre annonce a expiré le {when}.',
    noExpiry: 'Votre annonce n’a pas encore de date d’expiration.',
    free: 'Une annonce gratuite se renouvelle gratuitement et dure ensuite 30 jours à partir du renouvellement.',
    staysLive:
      'Votre annonce reste en ligne pendant que vous la renouvelez : ses 30 jours recommencent dès maintenant.',
    reviewedAgain:
      'Une annonce expirée est examinée de nouveau avant d’être affichée; ses 30 jours commencent à l’approbation.',
    button: 'Renouveler gratuitement',
    renewed:
      'Votre annonce est renouvelée et en attente d’examen. Elle sera de nouveau publique une fois approuvée.',
    renewedLive:
      'Votre annonce est renouvelée : elle reste en ligne 30 jours de plus à partir de maintenant.',
    notRenewable: 'Seule une annonce approuvée ou expirée peut être renouvelée.',
  },
} satisfies TranslationOf<typeof en>;
