import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

// The ethnicities agree with « origine » (the field's label): Asiatique, Européenne.
export default {
  ethnicity: {
    asian: 'Asiatique',
    abc_cbc_asian: 'Asiatique née au Canada ou aux É.-U. (ABC/CBC)',
    african_american: 'Afro-américaine',
    caucasian: 'Blanche',
    european: 'Européenne',
    indian: 'Indienne (Inde)',
    latino_hispanic: 'Latino-américaine ou hispanique',
    middle_eastern: 'Moyen-orientale',
    mixed: 'Métissée',
    native: 'Autochtone',
    other: 'Autre origine',
  },
  ethnicityEmpty: '- Choisissez une origine -',
  business: {
    independent: 'Escorte indépendante',
    agency: 'Agence d’escortes',
    massage: 'Massage',
  },
  businessEmpty: 'Je préfère ne pas le dire',
  incalls: {
    no: 'Ne reçoit pas',
    private: 'Résidence privée',
    upscale: 'Condo haut de gamme',
    hotel: 'Hôtel',
  },
  outcalls: {
    no: 'Ne se déplace pas',
    any: 'Hôtel ou résidence',
    hotel: 'Hôtels seulement',
  },
  contacts: { call: 'Appeler', text: 'Texto', email: 'Courriel' },
  reportReasons: {
    underage: 'La personne pourrait être mineure',
    trafficking: 'Traite de personnes ou personne contrainte',
    scam: 'Escroquerie ou fraude',
    not_the_person: 'Ce n’est pas la personne des photos',
    explicit: 'Contenu explicite',
    wrong_contact: 'Mauvais numéro de téléphone ou courriel',
    other: 'Autre chose',
  },
  rates: {
    ratesLabel: 'Tarifs',
    hoursLabel: 'Heures',
    durationLabel: 'Durée',
    durations: {
      '30m': '30 minutes',
      '1h': '1 heure',
      '2h': '2 heures',
      '3h': '3 heures',
      overnight: 'Nuit complète',
    },
    places: { incall: 'Reçoit', outcall: 'Se déplace' },
    days: {
      mon: 'Lundi',
      tue: 'Mardi',
      wed: 'Mercredi',
      thu: 'Jeudi',
      fri: 'Vendredi',
      sat: 'Samedi',
      sun: 'Dimanche',
    },
    dayKinds: { closed: 'Fermé', appointment: 'Sur rendez-vous', open: 'Ouvert' },
    openHours: '{from} à {to}',
  },
  visits: {
    badge: 'De passage',
    scheduleHeading: 'En tournée',
    stop: '{city}, {days}',
  },
} satisfies TranslationOf<typeof en>;
