import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  types: {
    paid: {
      title: 'Anuncio VIP (de pago)',
      description:
        'Se muestra arriba de los anuncios gratuitos durante el tiempo que paga. Se revisa primero.',
    },
    free: {
      title: 'Anuncio gratuito con enlace',
      description:
        'Gratis durante 30 días. Requiere un enlace a este sitio en su propio sitio web.',
    },
    free_verified: {
      title: 'Anuncio gratuito verificado',
      description:
        'Gratis durante 30 días. Requiere una foto suya sosteniendo un papel con el nombre del sitio, la fecha de hoy y un código que le damos. Se revisa en menos de 48 horas.',
    },
  },
  fields: {
    name: 'Nombre',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    title: 'Título',
    description: 'Descripción',
    age: 'Edad',
    ethnicity: 'Origen étnico',
    business: 'Modalidad',
    incalls: 'Recibe',
    outcalls: 'A domicilio',
    backlink: 'Enlace a su sitio web',
  },
  emptyChoice: '- Elija -',
  countries: { US: 'Estados Unidos', CA: 'Canadá' },
  reviewTimes: {
    free: 'La revisión de los anuncios gratuitos toma en promedio una semana.',
    free_verified: 'Los anuncios verificados se revisan en menos de 48 horas.',
    advice: 'Espere al menos 24 horas antes de contactar al soporte sobre su revisión.',
  },
} satisfies TranslationOf<typeof en>;
