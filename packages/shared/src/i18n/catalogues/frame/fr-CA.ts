import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  postNewAd: 'Publier une annonce',
  myPosts: 'Mes annonces',
  account: 'Compte',
  console: 'Modération',
  logout: 'Déconnexion',
  loading: 'Chargement',
  frame: {
    skipToContent: 'Aller au contenu',
    contact: 'Contact :',
    menu: 'Menu',
    mainNavigation: 'Principal',
  },
} satisfies TranslationOf<typeof en>;
