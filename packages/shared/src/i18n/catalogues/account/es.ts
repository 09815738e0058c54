import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  title: 'Cuenta',
  emailLabel: 'Correo electrónico',
  sessions: {
    heading: 'Dónde tiene la sesión iniciada',
    intro:
      'Cada navegador o aplicación con la sesión iniciada en su cuenta. Cierre cualquiera que no reconozca; la sesión se cierra de inmediato.',
    device: 'Dispositivo',
    started: 'Inicio de sesión',
    lastActive: 'Última actividad',
    thisDevice: 'Este dispositivo',
    end: 'Cerrar',
    endLabel: 'Cerrar la sesión en {device}',
    endOthers: 'Cerrar sesión en todos los demás dispositivos',
    ended: 'Esa sesión se cerró.',
    othersEnded: 'Se cerraron todas sus demás sesiones.',
    onlyThisOne: 'Solo tiene la sesión iniciada aquí.',
    notFound: 'Esta sesión no existe o ya se cerró.',
  },
  password: {
    heading: 'Contraseña',
    intro:
      'Al cambiar su contraseña, se cierran todas sus demás sesiones. Enviamos un aviso a su dirección de correo electrónico.',
    current: 'Contraseña actual',
    new: 'Nueva contraseña',
    confirm: 'Confirmar nueva contraseña',
    submit: 'Cambiar contraseña',
    mismatch: 'Asegúrese de que ambas contraseñas nuevas sean iguales.',
    currentWrong: 'Su contraseña actual no es correcta.',
    changed: 'Su contraseña se cambió. Se cerraron todas sus demás sesiones.',
    failed: 'No se pudo cambiar su contraseña. Vuelva a intentarlo más tarde.',
  },
  email: {
    heading: 'Dirección de correo electrónico',
    intro:
      'Enviamos un código a la nueva dirección. Su correo electrónico seguirá siendo el mismo hasta que ingrese el código aquí.',
    newEmail: 'Nueva dirección de correo electrónico',
    password: 'Contraseña actual',
    submit: 'Enviar código',
    same: 'Esta ya es su dirección de correo electrónico.',
    passwordWrong: 'Su contraseña no es correcta.',
    codeSent:
      'Si se puede usar {email}, le enviamos un código de 6 dígitos a esa dirección. Ingréselo a continuación para terminar el cambio.',
    code: 'Código del correo electrónico',
    confirm: 'Cambiar correo electrónico',
    cancel: 'Cancelar',
    codeWrong: 'Código no reconocido. Revíselo o solicite un código nuevo.',
    taken: 'Esta dirección de correo electrónico ya no se puede usar para su cuenta. Elija otra.',
    changed: 'Su dirección de correo electrónico ahora es {email}.',
    failed: 'No se pudo cambiar su dirección de correo electrónico. Vuelva a intentarlo más tarde.',
  },
  mail: {
    accountDeleted: {
      subject: 'Su cuenta fue eliminada',
      lines: {
        deleted:
          'Su cuenta de {site} fue eliminada a petición suya. Sus anuncios se retiraron y se cerró la sesión en todos los dispositivos.',
        erased:
          'El {eraseDate} se borrarán su correo electrónico, contraseña, números de teléfono, textos de anuncios y fotos. Los pedidos, recibos y reembolsos se conservan según lo exige la ley, sin sus datos personales.',
        refund:
          'Si se le debe devolver dinero por tiempo pagado, le escribiremos por separado para preguntarle adónde enviarlo.',
        notYou:
          'Si no fue usted, comuníquese con nosotros de inmediato respondiendo a este correo electrónico.',
      },
    },
    passwordChanged: {
      subject: 'Se cambió su contraseña',
      lines: {
        changed:
          'La contraseña de su cuenta de {site} se acaba de cambiar y se cerró la sesión en todos los demás dispositivos.',
        notYou:
          'Si no fue usted, restablezca su contraseña de inmediato con “¿Olvidó su contraseña?” en la página de inicio de sesión.',
      },
    },
    emailChangeCode: {
      subject: 'Su código para cambiar su correo electrónico: {code}',
      lines: {
        asked:
          'Alguien solicitó usar esta dirección para una cuenta de {site}. El código es {code}.',
        confirm:
          'Ingréselo en la página de la cuenta para confirmar el cambio. Vence en {minutes, plural, one {# minuto} other {# minutos}}.',
        notYou: 'Si no fue usted, ignore este mensaje: no cambiará nada.',
      },
    },
    emailChangeTaken: {
      subject: 'Su dirección de correo electrónico se ingresó en otra cuenta',
      lines: {
        asked:
          'Alguien solicitó usar esta dirección para otra cuenta de {site}. Esta dirección ya tiene una cuenta, así que no se cambió nada y no se envió ningún código.',
        ifYou:
          'Si fue usted, inicie sesión en esa cuenta. De lo contrario, puede ignorar este mensaje.',
      },
    },
    emailChangeRequested: {
      subject: 'Se solicitó un cambio de su dirección de correo electrónico',
      lines: {
        asked:
          'Alguien con la sesión iniciada en su cuenta de {site} solicitó cambiar su dirección de correo electrónico a {newEmail}. Enviamos un código a esa dirección; la dirección seguirá siendo esta hasta que se ingrese el código.',
        notYou:
          'Si no fue usted, cambie su contraseña de inmediato y cierre la sesión en todos los demás dispositivos desde la página de la cuenta.',
      },
    },
    emailChanged: {
      subject: 'Se cambió su dirección de correo electrónico',
      lines: {
        changed:
          'La dirección de correo electrónico de su cuenta de {site} ahora es {newEmail}. A partir de ahora, los mensajes sobre la cuenta se enviarán allí.',
        notYou: 'Si no fue usted, escríbanos de inmediato a la dirección que aparece abajo.',
      },
    },
  },
  reauth: {
    passwordLabel: 'Su contraseña',
  },
  data: {
    heading: 'Sus datos',
    intro:
      'Descargue un archivo con su cuenta, sus anuncios y los enlaces de sus fotos, sus pedidos, recibos y reembolsos, los lugares donde tiene la sesión iniciada y los cambios de seguridad de su cuenta.',
    photoLinksNote:
      'Los enlaces de las fotos del archivo funcionan durante una hora aproximadamente.',
    download: 'Descargar mis datos',
    downloadSubmit: 'Descargar',
    dialogTitle: 'Descargue sus datos',
    dialogBody:
      'Ingrese su contraseña (y un código de su aplicación de autenticación, si el inicio de sesión en dos pasos está activado) para descargar sus datos.',
    cancel: 'Cancelar',
    downloaded: 'Se descargaron sus datos.',
    failed: 'No se pudieron descargar sus datos. Vuelva a intentarlo.',
  },
  deletion: {
    heading: 'Eliminar cuenta',
    intro:
      'Sus anuncios se retiran y su sesión se cierra en todas partes de inmediato. Después de {graceDays, plural, one {# día} other {# días}}, se borran su correo electrónico, contraseña, números de teléfono, textos de anuncios y fotos. Los pedidos, recibos y reembolsos se conservan según lo exige la ley, sin sus datos personales. Esta acción no se puede deshacer.',
    refundsNote:
      'El dinero del tiempo pagado que aún no se usó se destina a un reembolso, y le escribiremos para preguntarle adónde enviarlo.',
    open: 'Eliminar mi cuenta',
    dialogTitle: '¿Eliminar su cuenta?',
    dialogBody:
      'Sus anuncios se retiran y ya no podrá iniciar sesión. Ingrese su contraseña (y un código de su aplicación de autenticación, si el inicio de sesión en dos pasos está activado) para confirmar.',
    cancel: 'Cancelar',
    confirm: 'Eliminar mi cuenta',
    deleted: 'Su cuenta se eliminó.',
    failed: 'No se pudo eliminar su cuenta. Vuelva a intentarlo.',
    signInRefused: 'Esta cuenta fue eliminada.',
    staffRefused:
      'Una cuenta de moderador o administrador no se puede eliminar desde aquí. Primero pida a un administrador que cambie su rol.',
  },
  twoStep: {
    heading: 'Inicio de sesión en dos pasos',
    intro:
      'Después de su contraseña, el inicio de sesión le pide un código de una aplicación de autenticación en su teléfono, o una llave de acceso. Guarde sus códigos de recuperación en un lugar seguro: cada uno le permite iniciar sesión una vez si pierde el teléfono.',
    required:
      'Su cuenta debe tener el inicio de sesión en dos pasos. Agregue una aplicación de autenticación o una llave de acceso para continuar.',
    none: 'El inicio de sesión en dos pasos está desactivado: no hay ninguna aplicación de autenticación ni llave de acceso configurada.',
    factorAdded: 'Agregada {date}',
    factorLastUsed: 'último uso {date}',
    add: 'Agregar una aplicación de autenticación',
    scanQr:
      'Escanee este código QR con su aplicación de autenticación, o ingrese en ella la clave que aparece abajo.',
    qrLabel: 'Código QR de la clave de autenticación',
    manualKey: 'Clave para ingreso manual',
    nameLabel: 'Nombre',
    defaultName: 'Aplicación de autenticación',
    newCodeLabel: 'Código que muestra la aplicación',
    confirm: 'Activar',
    cancel: 'Cancelar',
    rename: 'Cambiar nombre',
    renameLabel: 'Cambiar el nombre de {name}',
    remove: 'Quitar',
    removeLabel: 'Quitar {name}',
    renamed: 'Se cambió el nombre de la aplicación de autenticación.',
    removed: 'Se quitó la aplicación de autenticación.',
    added: 'El inicio de sesión en dos pasos está activado.',
    recoveryHeading: 'Códigos de recuperación',
    recoveryLeft:
      '{count, plural, one {Queda # código de recuperación.} other {Quedan # códigos de recuperación.}}',
    recoveryNewHeading: 'Guarde sus códigos de recuperación',
    recoveryShownOnce:
      'Guarde estos códigos ahora: solo se muestran esta vez. Cada uno le permite iniciar sesión una vez.',
    recoveryCopy: 'Copiar',
    recoveryCopied: 'Se copiaron los códigos.',
    recoveryDownload: 'Descargar',
    recoveryFileName: 'codigos-de-recuperacion.txt',
    recoveryDone: 'Ya los guardé',
    regenerate: 'Nuevos códigos de recuperación',
    regenerated: 'Se crearon nuevos códigos de recuperación; los anteriores ya no funcionan.',
    reauthHeading: 'Confirme que es usted',
    reauthIntro: 'Ingrese su contraseña o un código de su aplicación de autenticación.',
    currentPassword: 'Contraseña actual',
    currentCode: 'O un código de su aplicación',
    reauthRequired: 'Ingrese su contraseña o un código vigente para confirmar.',
    reauthFailed: 'La contraseña o el código no son correctos.',
    codeAlsoRequired:
      'Ingrese también un código de su aplicación de autenticación (o un código de recuperación).',
    nameInvalid: 'Ingrese un nombre de 1 a {max} caracteres.',
    setupGone: 'Esta configuración expiró. Vuelva a empezar.',
    setupCodeFailed: 'Ese código no coincide. Revise la aplicación y la hora de su teléfono.',
    tooManyFactors:
      'Una cuenta puede tener como máximo {max} aplicaciones de autenticación y llaves de acceso.',
    notFound: 'Esta aplicación de autenticación o llave de acceso no existe o ya se quitó.',
    noFactor:
      'Los códigos de recuperación requieren primero una aplicación de autenticación o una llave de acceso.',
  },
  passkeys: {
    heading: 'Llaves de acceso',
    intro:
      'Una llave de acceso le permite iniciar sesión con su teléfono, computadora o llave de seguridad (huella digital, rostro o PIN) en lugar de un código, y no se puede robar mediante phishing.',
    add: 'Agregar una llave de acceso',
    defaultName: 'Llave de acceso',
    nameLabel: 'Nombre de la llave de acceso',
    create: 'Crear la llave de acceso',
    added: 'Se agregó la llave de acceso.',
    kindApp: 'Aplicación de autenticación',
    kindPasskey: 'Llave de acceso',
    signInIntro:
      'No necesita contraseña: use la llave de acceso guardada en este dispositivo o en su teléfono.',
    confirmWithPasskey: 'Confirmar con mi llave de acceso en lugar de un código',
    unsupported: 'Este navegador no puede usar llaves de acceso.',
    credentialInvalid: 'La respuesta de la llave de acceso no es válida. Vuelva a intentarlo.',
    ceremonyGone: 'Esta solicitud de llave de acceso expiró. Vuelva a intentarlo.',
    unknown: 'Esta llave de acceso no se reconoce aquí. Inicie sesión con su contraseña.',
    verificationRequired:
      'La llave de acceso debe verificar que es usted (huella digital, rostro o PIN). Vuelva a intentarlo.',
    alreadyAdded: 'Esta llave de acceso ya está en su cuenta.',
  },
  securityNotice: {
    subject: 'Un cambio de seguridad en su cuenta',
    intro: 'Hubo un cambio de seguridad en su cuenta de {site}:',
    kinds: {
      factor_added:
        'Se agregó una aplicación de autenticación o una llave de acceso a su inicio de sesión.',
      factor_removed:
        'Se quitó una aplicación de autenticación o una llave de acceso de su inicio de sesión.',
      recovery_code_used: 'Se usó un código de recuperación para iniciar sesión.',
      recovery_codes_regenerated:
        'Se crearon nuevos códigos de recuperación; los anteriores ya no funcionan.',
      new_device: 'Se inició sesión en su cuenta desde un dispositivo nuevo.',
      factors_reset: 'Un operador desactivó su inicio de sesión en dos pasos a petición suya.',
      password_changed: 'Se cambió su contraseña.',
      email_changed: 'Se cambió la dirección de correo electrónico de su cuenta.',
      account_deleted: 'Su cuenta fue eliminada.',
    },
    detail: 'Detalles: {detail}',
    notYou:
      'Si no fue usted, restablezca su contraseña ahora y revise la página de su cuenta, o comuníquese con nosotros.',
  },
  device: {
    on: '{browser} en {system}',
    unknown: 'Dispositivo desconocido',
  },
} satisfies TranslationOf<typeof en>;
