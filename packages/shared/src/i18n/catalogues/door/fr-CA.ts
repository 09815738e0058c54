import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  staff:
    'Les modérateurs et les administrateurs doivent activer la connexion en deux étapes avant d’ouvrir la console.',
  advertiser:
    'Ce site exige que vous activiez la connexion en deux étapes sur votre compte avant de publier, de modifier, de payer ou de supprimer des annonces. Cela prend une minute, avec une application d’authentification ou une clé d’accès.',
  action: 'Configurez-la sur la page de votre compte',
} satisfies TranslationOf<typeof en>;
