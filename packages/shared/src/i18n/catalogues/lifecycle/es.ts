import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  renewPaidThroughPayment: 'Un anuncio de pago se renueva pagando un nuevo período.',
  renewNotAllowed: 'Este anuncio no se puede renovar en su estado actual.',
  editLive:
    'Su anuncio está publicado. Un moderador revisará sus cambios antes de mostrarlos; mientras tanto, su anuncio sigue en línea tal como está ahora.',
  editSavedForReview: 'Sus cambios se guardaron y están pendientes de revisión.',
  pendingRevision: 'Cambios pendientes de revisión',
  revisionRejected: 'Sus últimos cambios no fueron aprobados: {reason}',
  refused: {
    banned:
      'Esta cuenta está bloqueada. Sus anuncios ya no se pueden modificar, pagar ni publicar.',
    deleted: 'Este anuncio fue eliminado.',
    alreadySubmitted: 'Este anuncio ya está pendiente de revisión.',
    payRejected:
      'Este anuncio no fue aprobado, por lo que no se puede pagar. Modifíquelo y vuelva a enviarlo, o solicite el reembolso de lo que pagó.',
    notPayable: 'Este anuncio no se puede pagar en su estado actual.',
    create: 'Este anuncio no se puede publicar.',
    save: 'Este anuncio no se puede modificar en su estado actual.',
    change_type:
      'El tipo de un anuncio no se puede cambiar una vez creado, salvo en el caso de un anuncio VIP sin nada pagado, que puede pasar a ser un anuncio gratuito.',
    edit_live: 'Solo los cambios de un anuncio publicado se revisan mientras sigue en línea.',
    submit: 'Este anuncio no se puede enviar a revisión en su estado actual.',
    pay: 'Este anuncio no se puede pagar en su estado actual.',
    payment_arrives: 'Este anuncio no se puede pagar en su estado actual.',
    approve:
      'Solo se puede aprobar un anuncio pendiente de revisión (o uno rechazado que pueda volver a enviarse).',
    reject: 'Solo se puede rechazar un anuncio pendiente de revisión o uno público.',
    approve_revision: 'Este anuncio no tiene cambios pendientes de revisión.',
    reject_revision: 'Este anuncio no tiene cambios pendientes de revisión.',
    renew: 'Este anuncio no se puede renovar en su estado actual.',
    expire: 'Este anuncio todavía no llegó a su fecha de vencimiento.',
    delete: 'Este anuncio fue eliminado.',
    ban_owner: 'Este anuncio fue eliminado.',
    refund: 'Solo el pago de un anuncio rechazado se puede reembolsar de esta manera.',
  },
  mail: {
    weekSubject: 'Su anuncio n.º {adId} vence en menos de una semana',
    daySubject: 'Su anuncio n.º {adId} vence en menos de un día',
    expiredSubject: 'Su anuncio n.º {adId} venció',
    reminderBody:
      'Su anuncio n.º {adId} “{title}” vence el {when}. Después de esa fecha, ya no se mostrará en el sitio.',
    expiredBody: 'Su anuncio n.º {adId} “{title}” venció el {when} y ya no se muestra en el sitio.',
    renewFree:
      'Un anuncio gratuito se renueva gratis: una vez renovado, dura otros 30 días (un anuncio vencido se vuelve a revisar primero). Renuévelo con este enlace:',
    renewPaid: 'Renuévelo pagando un nuevo período con este enlace:',
  },
  renewView: {
    expiresOn: 'Su anuncio vence el {when}.',
    expiredOn: 'Su anuncio venció el {when}.',
    noExpiry: 'Su anuncio todavía no tiene fecha de vencimiento.',
    free: 'Un anuncio gratuito se renueva gratis y luego dura 30 días a partir de la renovación.',
    staysLive:
      'Su anuncio sigue en línea mientras lo renueva: sus 30 días vuelven a empezar ahora.',
    reviewedAgain:
      'Un anuncio vencido se vuelve a revisar antes de mostrarse; sus 30 días empiezan cuando se aprueba.',
    button: 'Renovar gratis',
    renewed:
      'Su anuncio se renovó y está pendiente de revisión. Volverá a ser público una vez aprobado.',
    renewedLive: 'Su anuncio se renovó: sigue en línea 30 días más a partir de ahora.',
    notRenewable: 'Solo se puede renovar un anuncio aprobado o vencido.',
  },
} satisfies TranslationOf<typeof en>;
