import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  staff:
    'Los moderadores y administradores deben activar el inicio de sesión en dos pasos antes de abrir la consola.',
  advertiser:
    'Este sitio requiere que active el inicio de sesión en dos pasos en su cuenta antes de publicar, modificar, pagar o eliminar anuncios. Toma un minuto, con una aplicación de autenticación o una llave de acceso.',
  action: 'Configúrelo en la página de su cuenta',
} satisfies TranslationOf<typeof en>;
