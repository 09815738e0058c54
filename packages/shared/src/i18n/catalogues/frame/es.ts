import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  postNewAd: 'Publicar un anuncio',
  myPosts: 'Mis anuncios',
  account: 'Cuenta',
  console: 'Moderación',
  logout: 'Cerrar sesión',
  loading: 'Cargando',
  frame: {
    skipToContent: 'Ir al contenido',
    contact: 'Contacto:',
    menu: 'Menú',
    mainNavigation: 'Principal',
  },
} satisfies TranslationOf<typeof en>;
