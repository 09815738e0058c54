import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  auth: {
    readTerms: 'Leer las reglas y los términos y condiciones (se abre en una pestaña nueva)',
    invalidCredentials: 'Credenciales no válidas. Vuelva a intentarlo.',
    signInWithPasskey: 'Iniciar sesión con una llave de acceso',
    passkeyCancelled: 'No se usó la llave de acceso. Puede volver a intentarlo.',
    passkeyFailed: 'No se aceptó esta llave de acceso.',
    twoStepHeading: 'Inicio de sesión en dos pasos',
    emailNotVerified:
      'Primero verifique su dirección de correo electrónico. Le enviamos un código nuevo.',
    registerInvalid:
      'Use una dirección de correo electrónico válida y una contraseña de al menos {minLength} caracteres, y asegúrese de que las contraseñas coincidan.',
    registerFailed: 'Hubo un problema con el registro. Vuelva a intentarlo más tarde.',
    registerTermsRequired: 'Acepte las reglas y los términos y condiciones para registrarse.',
    registerCheckEmail:
      'Enviamos un código de 6 dígitos a su dirección de correo electrónico. Ingréselo a continuación para terminar.',
    passwordTooShort: 'Su contraseña debe tener al menos {minLength} caracteres.',
    passwordTooLong: 'Su contraseña debe tener como máximo {maxLength} caracteres.',
    passwordTooCommon:
      'Esta contraseña figura en una lista de las contraseñas más comunes y filtradas, por lo que es fácil de adivinar. Elija otra.',
    verifyCodeFailed: 'Código no reconocido. No se pudo completar la verificación.',
    verifyCodeSent: 'Enviamos un código nuevo a su dirección de correo electrónico.',
    verifySuccess: 'Su dirección de correo electrónico está verificada. ¡Le damos la bienvenida!',
    forgotFailed: 'No se pudo restablecer la contraseña. Vuelva a intentarlo más tarde.',
    forgotSent:
      'Si existe una cuenta con este correo electrónico, le enviamos un enlace para restablecer su contraseña.',
    resetFailed: 'No se pudo restablecer la contraseña. Vuelva a intentarlo más tarde.',
    resetMismatch: 'Asegúrese de que ambas contraseñas sean iguales.',
    resetBadLink: 'Ups… Hay un problema con el enlace.',
    resetLinkGone:
      'Este enlace para restablecer la contraseña ya se usó o expiró. Solicite uno nuevo.',
    resetRequestNew: 'Solicitar un enlace nuevo',
    resetDone: 'Su contraseña se cambió. Ya puede iniciar sesión con ella.',
    completeRegistrationFailed: 'No se pudo completar el registro. Vuelva a intentarlo.',
    signInRequired: 'Inicie sesión para continuar.',
    loggedOut: 'Se cerró su sesión.',
    accountBanned: 'Esta cuenta fue suspendida.',
  },
  posts: {
    noPosts: 'Por ahora no tiene anuncios. ¡Anímese a publicar el primero!',
    postNewAd: 'Publicar un anuncio',
  },
  http: {
    validationFailed: 'Algunos campos no son válidos. Revíselos y vuelva a intentarlo.',
    invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
    notFound: 'No se encontró.',
    badAddress: 'Esta dirección no es válida.',
    forbidden: 'No tiene permiso para hacer eso.',
    tooManyRequests: 'Demasiados intentos. Vuelva a intentarlo en {wait}.',
    internalError: 'Algo salió mal de nuestro lado. Vuelva a intentarlo más tarde.',
    networkError: 'No pudimos conectar con el servidor. Revise su conexión y vuelva a intentarlo.',
    originRefused: 'No se permiten solicitudes desde otros sitios.',
    idempotencyKeyInvalid:
      'El encabezado Idempotency-Key debe tener entre 8 y 200 letras, dígitos, guiones o guiones bajos.',
    idempotencyKeyReused:
      'Esta solicitud ya se usó para otro anuncio. Vuelva a cargar la página e inténtelo de nuevo.',
    bodyTooLarge: 'Esta solicitud es demasiado grande. Acorte el texto y vuelva a intentarlo.',
    unsupportedMediaType: 'Aquí no se acepta este tipo de cuerpo de solicitud.',
    bodyNotObject: 'El cuerpo de la solicitud debe ser un objeto JSON de campos.',
  },
  app: {
    notFoundTitle: 'Página no encontrada',
    notFoundBody: 'La página que solicitó no existe o se movió.',
    tryAgain: 'Volver a intentar',
  },
  rules: {
    requiredField: 'Este campo es obligatorio.',
    languageNotOffered: 'Elija inglés, francés o español.',
    invalidEmail: 'Ingrese una dirección de correo electrónico válida.',
    charactersRemaining: '{n, plural, one {Queda # carácter.} other {Quedan # caracteres.}}',
    controlCharacters:
      'Este campo contiene caracteres de control invisibles. Elimínelos y vuelva a intentarlo.',
    invalidValue: 'Este valor no es válido.',
  },
} satisfies TranslationOf<typeof en>;
