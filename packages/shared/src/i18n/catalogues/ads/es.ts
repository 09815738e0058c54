import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  form: {
    invalidSummary: '¡Se encontraron datos no válidos en el formulario! Revise estos campos:',
    required: 'Este campo es obligatorio.',
    tooLong: 'Use como máximo {max} caracteres.',
    descriptionCount: '{used, number} de {max, number} caracteres usados.',
    descriptionNearLimit:
      '{left, plural, one {Solo queda # carácter.} other {Solo quedan # caracteres.}}',
    descriptionOverLimit:
      'Tiene {over, plural, one {# carácter} other {# caracteres}} de más: acorte la descripción.',
    phone: 'Ingrese un número de teléfono de 10 a 15 dígitos.',
    phoneNotDialable: 'Este número de teléfono no parece ser un número real del país del anuncio.',
    age: 'Ingrese su edad: debe tener al menos 19 años.',
    email: 'Ingrese una dirección de correo electrónico válida.',
    url: 'Ingrese un enlace a un sitio web público que comience con http:// o https://.',
    backlinkNotFound:
      'No encontramos un enlace a nuestro sitio en la URL que indicó, o no aceptamos enlaces de este sitio web…',
    backlinkTaken: 'Este enlace ya lo usa otro anuncio.',
    backlinkRequired:
      'Un anuncio gratuito con enlace necesita la dirección de la página que enlaza a nuestro sitio.',
    backlinkTarget:
      'La página debe enlazar a {siteUrl}. Pegue este enlace en ella y luego indique la dirección de la página a continuación:',
    backlinkSnippetLabel: 'HTML del enlace',
    backlinkCopy: 'Copiar el enlace',
    backlinkCopied: 'Copiado',
    city: 'Elija una ciudad.',
    type: 'Elija el tipo de anuncio.',
    typeCannotChange: 'El tipo de un anuncio no se puede cambiar una vez creado.',
    typeFreeChoosable:
      'No se pagó nada por este anuncio VIP: puede mantenerlo como VIP y pagar, o publicarlo como anuncio gratuito.',
    option: 'Elija una de las opciones.',
    contactsLabel: 'Mostrar en mi anuncio',
    contactsHint:
      'Cómo pueden comunicarse con usted desde su anuncio público. Su correo electrónico solo se muestra si marca Correo.',
    contactsRequired: 'Elija al menos una forma de contacto.',
    contactOption: 'Elija llamada, mensaje o correo.',
  },
  rates: {
    ratesHint:
      'Opcional: hasta 8 filas. Cada duración puede figurar una vez si recibe y una vez a domicilio.',
    hoursHint:
      'Opcional: para cada día, cerrado, con cita previa o abierto de una hora a otra posterior.',
    addRate: 'Agregar una tarifa',
    removeRate: 'Quitar esta tarifa',
    placeLabel: 'Lugar',
    amountLabel: 'Monto ({currency})',
    fromLabel: 'Desde',
    toLabel: 'Hasta',
    rates: 'Indique las tarifas como una lista de filas.',
    tooMany: 'Indique como máximo {max} tarifas.',
    duplicate: 'Cada duración puede indicarse una vez si recibe y una vez a domicilio.',
    duration: 'Elija una duración de la lista.',
    place: 'Elija “Recibe” o “A domicilio”.',
    amount: 'Ingrese un monto.',
    amountPositive: 'Ingrese un monto mayor que cero.',
    amountCents: 'Ingrese un monto con dos decimales como máximo.',
    amountTooLarge: 'Ingrese un monto de {max, number} como máximo.',
    hours: 'Indique el horario con una entrada por día, de lunes a domingo.',
    day: 'Elija cerrado, con cita previa o una hora de apertura y otra de cierre.',
    time: 'Ingrese una hora en formato HH:MM, de 00:00 a 23:59.',
    endsBeforeStart: 'La hora de cierre debe ser posterior a la de apertura.',
  },
  wizard: {
    rulesHeading: 'Lea nuestras reglas',
    rulesAccept: 'He leído y entiendo las reglas y los términos y condiciones de este sitio',
    agree: 'Acepto',
    selectCityFirst: '¡Para continuar, primero elija una ciudad!',
    selectTypeFirst: '¡Para continuar, elija el tipo de anuncio que desea publicar!',
    postingOn: 'Publicación en {city}, {country}',
    finishFailed: '¡No pudimos terminar de publicar su anuncio!',
    finishFailedCauses:
      'No se encontró el enlace a nuestro sitio en la página que indicó, o el sistema no está disponible temporalmente. Vuelva a intentarlo más tarde o escriba a {contactEmail}.',
    notFound: 'Ups… ¡Hubo un problema! No pudimos recuperar este anuncio de nuestra base de datos.',
    updateFailed: 'No pudimos actualizar su anuncio. Vuelva a intentarlo.',
    submitForReview: 'Enviar a revisión',
    submitted: 'Su anuncio se envió a revisión.',
    submitNeedsPhoto:
      'Un anuncio verificado necesita su foto de verificación: usted sosteniendo un papel con el nombre del sitio, la fecha de hoy y el código que se muestra en el paso Fotos.',
    draftRestored: 'Se restauró su borrador sin guardar de {age}.',
    draftAge:
      '{unit, select, now {hace menos de un minuto} minutes {{n, plural, one {hace # minuto} other {hace # minutos}}} hours {{n, plural, one {hace # hora} other {hace # horas}}} other {{n, plural, one {hace # día} other {hace # días}}}}',
    draftDiscard: 'Descartar borrador',
    leaveUnsaved: '¿Salir sin guardar? Su borrador se conserva en este dispositivo.',
    rules: {
      age: 'Debe ser mayor de 21 años, o mayor de edad donde vive, para publicar un anuncio.',
      consent: 'No publique un anuncio para otra persona sin su consentimiento.',
      legal: 'Ninguna actividad ilegal de ningún tipo.',
      language: 'Nada de lenguaje explícito: los anuncios que lo usen no se aprobarán.',
      media: 'Nada de fotos ni otros contenidos multimedia explícitos u ofensivos.',
      entertainment:
        'Los anuncios son solo para entretenimiento y no deben usarse para solicitar sexo.',
      scams: 'Nada de phishing, estafas ni ofertas engañosas.',
      accuracy:
        'Toda la información debe ser exacta. Los anuncios con números de teléfono o correos electrónicos no válidos pueden eliminarse sin previo aviso.',
      removal: 'Podemos retirar cualquier anuncio en cualquier momento.',
      refunds:
        'Es posible que los anuncios que incumplan estas reglas no se aprueben, y los reembolsos no están garantizados.',
    },
  },
  posts: {
    deleteTitle: '¿Eliminar el anuncio?',
    deleteBody:
      'Este anuncio se desactivará y se eliminará de forma permanente. Sus datos no se podrán recuperar.',
    deleteCancel: 'Cancelar',
    deleteConfirm: '¡Sí, elimínelo!',
    deleted: 'Su anuncio fue eliminado.',
    rejectedReasonLabel: 'Por qué no se aprobó:',
    rejectedNoReason: 'Un moderador no aprobó este anuncio.',
    rejectedNext: 'Corrija lo que indica el motivo y luego vuelva a enviar el anuncio a revisión.',
    rejectedReasonWithNote: '{reason}: {note}',
    editAndResubmit: 'Editar y volver a enviar',
    askRefund: 'Solicitar un reembolso',
    refundHow:
      'Su pago se puede reembolsar, menos la comisión de la red: abra el enlace del correo electrónico que le enviamos cuando el anuncio no se aprobó e indique la dirección de Bitcoin a la que debemos enviarlo. O edítelo y vuelva a enviarlo: se conservan sus días pagados.',
  },
  rejectionReasons: {
    explicit_language: 'Lenguaje explícito en el título o la descripción',
    explicit_media: 'Fotos explícitas u ofensivas',
    age_unclear: 'No se demuestra la mayoría de edad, o fotos que parecen de una persona menor',
    not_the_person: 'Fotos que no muestran a la persona anunciada',
    verification_photo:
      'La foto de verificación no muestra el sitio, la fecha y el código del anuncio',
    invalid_contact: 'El número de teléfono o el correo electrónico no funciona',
    backlink_missing: 'Falta el enlace a nuestro sitio',
    illegal_or_scam: 'Actividad ilegal, phishing o estafa',
    duplicate: 'Duplicado de otro anuncio',
    other: 'Otro',
  },
  badges: {
    status: {
      active: 'APROBADO',
      incomplete: 'INCOMPLETO',
      payment_pending: 'PAGO PENDIENTE',
      rejected: 'NO APROBADO',
      paused: 'EN PAUSA',
      scheduled: 'PROGRAMADO',
      pending: 'PENDIENTE',
    },
    type: {
      free: 'Gratuito',
      vip: 'VIP',
      vipFor: 'VIP {duration}',
      vipNotPaid: 'VIP (no pagado)',
      premium: 'Premium',
      regular: 'Estándar',
      unknown: 'Desconocido',
    },
    expired: 'vencido',
    heldVip: 'VIP, {days, plural, one {# día} other {# días}} a partir de la aprobación',
    heldPremium: 'Premium, {days, plural, one {# día} other {# días}} a partir de la aprobación',
    heldBoth: '{vip}; {premium}',
  },
  access: {
    forbidden: 'No tiene permiso para modificar este anuncio.',
    linkExpired: 'Este enlace de edición venció. Inicie sesión o vuelva a publicar el anuncio.',
  },
  verification: {
    emailFailed: '¡No pudimos validar su dirección de correo electrónico!',
    emailVerified: 'Su dirección de correo electrónico está verificada.',
    smsSent: 'Enviamos un código de 6 dígitos a su teléfono por SMS.',
    smsCodeFailed: 'Código no reconocido. Revise el código que enviamos a su teléfono.',
    smsCodeExpired: 'Este código venció o se intentó demasiadas veces. Solicite uno nuevo.',
    resendCode: 'Reenviar el código',
    resendCodeIn: 'Reenviar el código en {wait}',
    smsResent:
      'Le enviamos un código nuevo por SMS. Funciona durante {ttlMinutes, plural, one {# minuto} other {# minutos}}; los códigos anteriores ya no funcionan.',
    resendTooSoon: 'Espere {wait} antes de pedir otro código.',
    resendHourly:
      'Enviamos {count, plural, one {# código} other {# códigos}} por SMS para este anuncio en la última hora. Podrá pedir otro en {wait}.',
    noPhone: 'Este anuncio no tiene un número de teléfono para verificar.',
    complete:
      '¡Gracias! Su dirección de correo electrónico y su número de teléfono están verificados.',
    smsBody: '{code} es su código de verificación de {siteName}.',
  },
  content: {
    flaggedWords: 'Su anuncio contiene palabras que no permitimos. Un moderador lo revisará.',
  },
} satisfies TranslationOf<typeof en>;
