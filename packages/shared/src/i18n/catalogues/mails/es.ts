import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  verificationCode: {
    subject: 'Su código de verificación: {code}',
    lines: {
      code: 'Su código de verificación de {site} es {code}.',
      enter:
        'Ingréselo en la página de verificación para confirmar su dirección de correo electrónico. Vence en {minutes, plural, one {# minuto} other {# minutos}}.',
      notYou: 'Si usted no se registró, puede ignorar este mensaje.',
    },
  },
  passwordReset: {
    subject: 'Restablezca su contraseña',
    lines: {
      asked: 'Alguien solicitó restablecer la contraseña de su cuenta de {site}.',
      open: 'Abra este enlace dentro de {minutes, plural, one {# minuto} other {# minutos}} para elegir una contraseña nueva. Funciona una sola vez.',
      notYou: 'Si no fue usted, ignore este mensaje: su contraseña seguirá siendo la misma.',
    },
  },
  staffInvitation: {
    subject: 'Su cuenta de {role, select, admin {administrador} other {moderador}}',
    lines: {
      made: 'Los operadores de {site} le crearon una cuenta de {role, select, admin {administrador} other {moderador}} con esta dirección de correo electrónico.',
      open: 'Abra este enlace dentro de {minutes, plural, one {# minuto} other {# minutos}} para elegir su contraseña. Funciona una sola vez.',
      expired:
        'Si venció, solicite uno nuevo con “¿Olvidó su contraseña?” en la página de inicio de sesión. Luego inicie sesión y abra la consola de moderación en /admin.',
    },
  },
  alreadyRegistered: {
    subject: 'Usted ya tiene una cuenta',
    lines: {
      tried:
        'Alguien intentó registrarse en {site} con esta dirección de correo electrónico, que ya tiene una cuenta.',
      ifYou: 'Si fue usted, inicie sesión o restablezca su contraseña si la olvidó:',
    },
  },
  adCreated: {
    subject: 'Su anuncio n.º {adId}: enlace de edición y activación',
    lines: {
      thanks: 'Gracias por publicar el anuncio n.º {adId} en {site}.',
      confirm:
        'Confirme su dirección de correo electrónico y su número de teléfono con este enlace: {link}',
      editLink:
        'Guarde este enlace de edición para cambiar su anuncio más adelante (funciona durante {days, plural, one {# día} other {# días}}): {link}',
      register:
        'Los anuncios se publican solo cuando quien los publica tiene una cuenta. Establezca una contraseña aquí para ser el dueño de este anuncio: {link}',
    },
  },
  moderation: {
    approvedSubject: 'Su anuncio n.º {adId} fue aprobado',
    approvedBody: 'Buenas noticias: su anuncio n.º {adId} fue aprobado y ya es público.',
    approvedScheduledBody:
      'Buenas noticias: su anuncio n.º {adId} fue aprobado. Se publicará el {startsOn} (UTC), la fecha de inicio que eligió; su tiempo empieza entonces.',
    rejectedSubject: 'Su anuncio n.º {adId} no fue aprobado',
    rejectedBody: 'Revisamos su anuncio n.º {adId} y no pudimos aprobarlo. El motivo:',
    rejectedFix: 'Puede cambiar el anuncio y enviarlo de nuevo a revisión con este enlace:',
    rejectedPaymentKept:
      'Su pago se conserva y sus días pagados no han empezado: cambie el anuncio y envíelo de nuevo a revisión con este enlace; su tiempo empieza cuando se apruebe:',
    rejectedRefundOffer:
      'O, si lo prefiere, solicite aquí el reembolso de lo que pagó, menos la comisión de la red: {link} (una vez reembolsado, el anuncio queda sin pagar).',
    rejectedVipUnpaid:
      'Puede cambiar el anuncio y volver a pagarlo para enviarlo a revisión con este enlace:',
    revisionApprovedSubject: 'Sus cambios al anuncio n.º {adId} fueron aprobados',
    revisionApprovedBody: 'Sus cambios al anuncio n.º {adId} fueron aprobados y ya son públicos.',
    revisionRejectedSubject: 'Sus cambios al anuncio n.º {adId} no fueron aprobados',
    revisionRejectedBody:
      'Revisamos sus cambios al anuncio n.º {adId} y no pudimos aprobarlos. Su anuncio sigue en línea como estaba. El motivo:',
    revisionRejectedFix: 'Puede volver a cambiar el anuncio con este enlace:',
    approvedLink: 'Su anuncio está aquí:',
    approvedNeedsAccount:
      'Su anuncio n.º {adId} fue aprobado. Se publicará cuando pertenezca a una cuenta: establezca una contraseña con el enlace del correo electrónico que recibió cuando lo publicó.',
  },
  receipt: {
    subject: 'Recibo de su pago del anuncio n.º {adId}',
    intro: 'Gracias por su pago del anuncio n.º {adId} en {site}. Este es su recibo; consérvelo.',
    fact: '{label}: {value}',
  },
} satisfies TranslationOf<typeof en>;
