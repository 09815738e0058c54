import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  refundAddressSaved:
    'Merci. Nous enverrons votre remboursement à cette adresse, moins les frais de réseau.',
  refundAddressInvalid:
    'Ce n’est pas une adresse Bitcoin valide pour notre réseau. Veuillez la vérifier.',
  refundLinkInvalid:
    'Ce lien de remboursement n’est pas valide, ou une adresse a déjà été fournie.',
  refundTitle: 'Votre remboursement',
  refundMail: {
    subject: 'Remboursement pour l’annonce n° {adId}',
    body: 'Les {amountBtc} BTC que vous avez payés pour l’annonce n° {adId} n’ont pas pu servir à celle-ci; ils vous seront donc remboursés, moins les frais de réseau.',
    ask: 'Veuillez nous indiquer l’adresse Bitcoin à laquelle l’envoyer :',
  },
  refundAddressLabel: 'Votre adresse Bitcoin',
  refundSubmit: 'Envoyez-moi le remboursement',
  titles: {
    pay: 'Presque terminé…',
    renew: 'Renouvelez votre annonce',
    complete: 'Paiement effectué',
  },
  expired:
    'Cette adresse est expirée. Veuillez recommencer cette transaction. Nous pouvons tout de même recevoir le paiement si vous l’avez déjà envoyé.',
  alreadyPaid:
    'Votre annonce est déjà payée et n’est pas expirée : elle reste en ligne encore {days, plural, one {# jour} other {# jours}}.',
  alreadyFeatured:
    'Cette annonce est déjà en vedette : la mise en vedette dure encore {days, plural, one {# jour} other {# jours}}.',
  renewAdvice:
    'Nous vous conseillons de renouveler environ une semaine avant l’expiration, ou à tout moment par la suite.',
  vipIntro:
    'Votre annonce VIP est affichée au-dessus des annonces gratuites pendant la durée payée, et elle est examinée en priorité.',
  premiumIntro:
    'Une annonce en vedette est affichée en tête des annonces de sa ville pendant la durée payée, avec un badge Premium.',
  vipLegend: 'Pendant combien de temps votre annonce VIP doit-elle être affichée?',
  premiumLegend: 'Pendant combien de temps cette annonce doit-elle être en vedette?',
  chooseDurationFirst: 'Pour continuer, veuillez choisir la durée que vous voulez payer!',
  priceRange: '{low} à {high}',
  priceByCity:
    'Le prix dépend de la ville de votre annonce. Le montant à payer est indiqué avec l’adresse de paiement.',
  getAddress: 'Obtenir l’adresse de paiement',
  openOrderExists:
    'Vous avez déjà une adresse de paiement ouverte pour cette annonce : effectuez le paiement, ou attendez qu’elle expire (dans {minutes, plural, one {# minute} other {# minutes}}) pour choisir une autre option.',
  newAddress: 'Obtenir une nouvelle adresse',
  otherDuration: 'Choisir une autre durée',
  addressFailed: 'Nous n’avons pas pu obtenir d’adresse de paiement. Veuillez réessayer plus tard.',
  sendExactly: 'Envoyez exactement ce montant à l’adresse ci-dessous, en un seul paiement.',
  waiting: 'En attente de votre paiement.',
  processing: 'Paiement détecté, en attente de confirmation.',
  underpaid:
    'Paiement détecté, mais il manque encore {missing} BTC. Veuillez envoyer le montant manquant à la même adresse.',
  completePaid: 'Merci! Votre paiement est confirmé.',
  completePremium: 'Merci! Votre paiement est confirmé : votre annonce est maintenant en vedette.',
  nextReview:
    'La suite : votre annonce attend maintenant l’examen d’un modérateur. Les jours payés commencent lorsqu’elle est approuvée, et nous vous envoyons alors un courriel.',
  nextLive:
    'La suite : vous n’avez rien d’autre à faire. Votre annonce reste en ligne, avec la durée payée en plus.',
  nextPremiumReview:
    'La suite : votre annonce attend maintenant l’examen d’un modérateur. Elle est mise en vedette dès son approbation, et les jours en vedette commencent à ce moment-là.',
  completePremiumHeld: 'Merci! Votre paiement est confirmé.',
  heldForReview:
    'Votre paiement a été reçu : votre temps VIP de {days, plural, one {# jour} other {# jours}} commencera dès l’approbation de votre annonce. Votre annonce attend maintenant l’examen d’un modérateur.',
  copyAddress: 'Copier l’adresse',
  copied: 'L’adresse a été copiée.',
  copyFailed: 'L’adresse n’a pas pu être copiée : veuillez la sélectionner et la copier.',
  openWallet: 'Ouvrir dans le portefeuille',
  explorer: 'Voir l’adresse dans un explorateur de blocs',
  qrAlt: 'Code QR du paiement : adresse et montant',
  featureThisAd: 'Mettre cette annonce en vedette',
  premiumBadge: 'Premium',
  receipt: {
    heading: 'Reçu',
    print: 'Imprimer le reçu',
    loadFailed:
      'Le reçu n’a pas pu être chargé. Il se trouve aussi dans le courriel que nous vous avons envoyé.',
    labels: {
      order: 'Commande',
      ad: 'Annonce',
      bought: 'Achat',
      price: 'Prix',
      amount: 'Montant',
      rate: 'Taux de change',
      paid: 'Montant reçu',
      transactions: 'Transaction',
      paidAt: 'Payé le',
    },
    ad: 'n° {adId} {title}',
    boughtVip: 'VIP, {duration}',
    boughtPremium: 'Premium (en vedette), {duration}',
  },
} satisfies TranslationOf<typeof en>;
