import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  prices: {
    free: 'Gratuit',
    option: '{label} : {price}',
    btc: '({btc} BTC)',
    pricesFor: 'Prix à {city}',
    chooseCity: 'Choisissez une ville pour voir les prix.',
    loading: 'Chargement des prix…',
    failed:
      'Les prix n’ont pas pu être chargés. Le montant à payer est indiqué avec l’adresse de paiement.',
    rate: 'Montants en BTC calculés à 1 BTC = {rate}. Le montant à payer est fixé lorsque vous obtenez l’adresse de paiement.',
    noRate:
      'Aucun taux BTC pour le moment : le montant en BTC est indiqué avec l’adresse de paiement.',
  },
  afterSubmission: {
    heading: 'La suite',
    checkMailTitle: 'Consultez vos courriels',
    checkMail:
      'Nous avons envoyé un courriel à {email}. S’il n’est pas dans votre boîte de réception d’ici quelques minutes, regardez dans votre dossier des courriels indésirables.',
    linksTitle: 'Ce que contient le courriel',
    links: {
      activation:
        'Lien d’activation : confirme votre adresse courriel, puis votre téléphone. Il est valide {days, plural, one {# jour} other {# jours}}, jusqu’au {until}.',
      edit: 'Lien de modification : ouvre votre annonce pour la modifier, sans compte. Il est valide {days, plural, one {# jour} other {# jours}}, jusqu’au {until}.',
      account:
        'Lien du compte : permet de définir un mot de passe pour gérer vous-même votre annonce. Il est valide {days, plural, one {# jour} other {# jours}}, jusqu’au {until}.',
    },
    smsTitle: 'Confirmez votre téléphone',
    sms: 'L’ouverture du lien d’activation envoie un code à 6 chiffres par texto à votre téléphone. Le code est valide {codeMinutes, plural, one {# minute} other {# minutes}}. S’il n’arrive pas, vous pouvez en demander un nouveau après {wait}, jusqu’à {perHour} codes par heure.',
    reviewTitle: 'Examen par un modérateur',
    publicTitle: 'Mise en ligne',
    public:
      'Votre annonce devient publique dès qu’un modérateur l’approuve et que vous avez un compte : créez un mot de passe avec le lien du compte, ou connectez-vous avec cette adresse courriel. Nous vous envoyons un courriel lorsqu’elle est approuvée.',
    loadFailed:
      'Nous n’avons pas pu charger le détail des prochaines étapes. Le courriel que nous vous avons envoyé les explique.',
  },
} satisfies TranslationOf<typeof en>;
