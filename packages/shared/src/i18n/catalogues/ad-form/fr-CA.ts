import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  types: {
    paid: {
      title: 'Annonce VIP (payante)',
      description:
        'Affichée au-dessus des annonces gratuites pendant la durée payée. Examinée en priorité.',
    },
    free: {
      title: 'Annonce gratuite avec lien',
      description:
        'Gratuite pendant 30 jours. Exige un lien vers ce site sur votre propre site Web.',
    },
    free_verified: {
      title: 'Annonce gratuite vérifiée',
      description:
        'Gratuite pendant 30 jours. Exige une photo de vous tenant un papier portant le nom du site, la date du jour et un code que nous vous donnons. Examinée en moins de 48 heures.',
    },
  },
  fields: {
    name: 'Nom',
    phone: 'Téléphone',
    email: 'Courriel',
    title: 'Titre',
    description: 'Description',
    age: 'Âge',
    ethnicity: 'Origine ethnique',
    business: 'Activité',
    incalls: 'Reçoit',
    outcalls: 'Se déplace',
    backlink: 'Lien vers votre site Web',
  },
  emptyChoice: '- Choisissez -',
  countries: { US: 'États-Unis', CA: 'Canada' },
  reviewTimes: {
    free: 'L’examen des annonces gratuites prend environ une semaine en moyenne.',
    free_verified: 'Les annonces vérifiées sont examinées en moins de 48 heures.',
    advice:
      'Veuillez attendre au moins 24 heures avant de communiquer avec le soutien au sujet de l’examen.',
  },
} satisfies TranslationOf<typeof en>;
