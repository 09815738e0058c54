import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  prices: {
    free: 'Gratis',
    option: '{label}: {price}',
    btc: '({btc} BTC)',
    pricesFor: 'Precios en {city}',
    chooseCity: 'Elija una ciudad para ver los precios.',
    loading: 'Cargando los precios…',
    failed:
      'No se pudieron cargar los precios. El monto a pagar se muestra con la dirección de pago.',
    rate: 'Montos en BTC calculados a 1 BTC = {rate}. El monto a pagar se fija cuando obtiene la dirección de pago.',
    noRate:
      'No hay tasa de BTC en este momento: el monto en BTC se muestra con la dirección de pago.',
  },
  afterSubmission: {
    heading: 'Qué sigue',
    checkMailTitle: 'Revise su correo',
    checkMail:
      'Enviamos un correo electrónico a {email}. Si no está en su bandeja de entrada en unos minutos, busque en su carpeta de correo no deseado.',
    linksTitle: 'Qué contiene el correo',
    links: {
      activation:
        'Enlace de activación: confirma su correo electrónico y luego su teléfono. Funciona durante {days, plural, one {# día} other {# días}}, hasta el {until}.',
      edit: 'Enlace de edición: abre su anuncio para modificarlo, sin cuenta. Funciona durante {days, plural, one {# día} other {# días}}, hasta el {until}.',
      account:
        'Enlace de la cuenta: permite crear una contraseña para administrar usted mismo su anuncio. Funciona durante {days, plural, one {# día} other {# días}}, hasta el {until}.',
    },
    smsTitle: 'Confirme su teléfono',
    sms: 'Al abrir el enlace de activación se envía un código de 6 dígitos por SMS a su teléfono. El código funciona durante {codeMinutes, plural, one {# minuto} other {# minutos}}. Si no llega, puede pedir uno nuevo después de {wait}, hasta {perHour} códigos por hora.',
    reviewTitle: 'Revisión por un moderador',
    publicTitle: 'Publicación',
    public:
      'Su anuncio se publica cuando un moderador lo aprueba y usted tiene una cuenta: cree una contraseña con el enlace de la cuenta o inicie sesión con este correo electrónico. Le enviamos un correo electrónico cuando se aprueba.',
    loadFailed:
      'No pudimos cargar el detalle de los próximos pasos. El correo que le enviamos los explica.',
  },
} satisfies TranslationOf<typeof en>;
