import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  refundAddressSaved:
    'Gracias. Enviaremos su reembolso a esta dirección, menos la comisión de la red.',
  refundAddressInvalid: 'Esta no es una dirección de Bitcoin válida para nuestra red. Revísela.',
  refundLinkInvalid: 'Este enlace de reembolso no es válido o ya se indicó una dirección.',
  refundTitle: 'Su reembolso',
  refundMail: {
    subject: 'Reembolso del anuncio n.º {adId}',
    body: 'Los {amountBtc} BTC que pagó por el anuncio n.º {adId} no se pudieron usar para él, así que se le reembolsarán, menos la comisión de la red.',
    ask: 'Indíquenos la dirección de Bitcoin a la que debemos enviarlo:',
  },
  refundAddressLabel: 'Su dirección de Bitcoin',
  refundSubmit: 'Envíenme el reembolso',
  titles: {
    pay: 'Ya casi…',
    renew: 'Renueve su anuncio',
    complete: 'Pago completado',
  },
  expired:
    'Esta dirección expiró. Reinicie esta transacción. Aún podemos recibir el pago si ya lo envió.',
  alreadyPaid:
    'Su anuncio ya está pagado y no ha vencido: sigue publicado {days, plural, one {# día} other {# días}} más.',
  alreadyFeatured:
    'Este anuncio ya está destacado: sigue destacado {days, plural, one {# día} other {# días}} más.',
  renewAdvice:
    'Le recomendamos renovarlo alrededor de una semana antes del vencimiento o en cualquier momento después.',
  vipIntro:
    'Su anuncio VIP se muestra por encima de los anuncios gratuitos durante el tiempo que paga, y se revisa primero.',
  premiumIntro:
    'Un anuncio destacado se muestra en la parte superior de los anuncios de su ciudad durante el tiempo que paga, con una insignia Premium.',
  vipLegend: '¿Durante cuánto tiempo debe publicarse su anuncio VIP?',
  premiumLegend: '¿Durante cuánto tiempo debe estar destacado este anuncio?',
  chooseDurationFirst: '¡Para continuar, elija por cuánto tiempo quiere pagar!',
  priceRange: '{low} a {high}',
  priceByCity:
    'El precio depende de la ciudad de su anuncio. El monto a pagar se muestra con la dirección de pago.',
  getAddress: 'Obtener la dirección de pago',
  openOrderExists:
    'Ya tiene una dirección de pago abierta para este anuncio: realice el pago o espere a que expire (en {minutes, plural, one {# minuto} other {# minutos}}) para elegir otra opción.',
  newAddress: 'Obtener una dirección nueva',
  otherDuration: 'Elegir otra duración',
  addressFailed: 'No pudimos obtener una dirección de pago. Vuelva a intentarlo más tarde.',
  sendExactly: 'Envíe exactamente este monto a la dirección de abajo, en un solo pago.',
  waiting: 'Esperando su pago.',
  processing: 'Pago detectado, esperando confirmación.',
  underpaid:
    'Pago detectado, pero todavía faltan {missing} BTC. Envíe el monto faltante a la misma dirección.',
  completePaid: '¡Gracias! Su pago está confirmado.',
  completePremium: '¡Gracias! Su pago está confirmado: su anuncio ya está destacado.',
  nextReview:
    'Qué sigue: su anuncio ahora espera la revisión de un moderador. Los días pagados empiezan cuando se aprueba, y entonces le enviamos un correo electrónico.',
  nextLive:
    'Qué sigue: no tiene que hacer nada más. Su anuncio sigue en línea con el tiempo pagado agregado.',
  nextPremiumReview:
    'Qué sigue: su anuncio ahora espera la revisión de un moderador. Se destaca a partir de su aprobación, y los días destacados empiezan entonces.',
  completePremiumHeld: '¡Gracias! Su pago está confirmado.',
  heldForReview:
    'Recibimos su pago: su tiempo VIP de {days, plural, one {# día} other {# días}} empezará cuando se apruebe su anuncio. Su anuncio ahora espera la revisión de un moderador.',
  copyAddress: 'Copiar dirección',
  copied: 'Se copió la dirección.',
  copyFailed: 'No se pudo copiar la dirección: selecciónela y cópiela.',
  openWallet: 'Abrir en la billetera',
  explorer: 'Ver la dirección en un explorador de bloques',
  qrAlt: 'Código QR del pago: dirección y monto',
  featureThisAd: 'Destacar este anuncio',
  premiumBadge: 'Premium',
  receipt: {
    heading: 'Recibo',
    print: 'Imprimir recibo',
    loadFailed:
      'No se pudo cargar el recibo. También está en el correo electrónico que le enviamos.',
    labels: {
      order: 'Pedido',
      ad: 'Anuncio',
      bought: 'Compra',
      price: 'Precio',
      amount: 'Monto',
      rate: 'Tipo de cambio',
      paid: 'Recibido',
      transactions: 'Transacción',
      paidAt: 'Pagado el',
    },
    ad: 'n.º {adId} {title}',
    boughtVip: 'VIP, {duration}',
    boughtPremium: 'Premium (destacado), {duration}',
  },
} satisfies TranslationOf<typeof en>;
