import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  common: {
    goHome: 'Ir a la página de inicio',
    logIn: 'Iniciar sesión',
    createAccount: 'Crear una cuenta',
    continue: 'Continuar',
    cancel: 'Cancelar',
    delete: 'Eliminar',
    remove: 'Quitar',
  },
  fields: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    confirmPassword: 'Confirmar contraseña',
    newPassword: 'Nueva contraseña',
    confirmNewPassword: 'Confirmar nueva contraseña',
    emailShown: 'Correo electrónico:',
    accountShown: 'Cuenta:',
  },
  auth: {
    forgotPassword: '¿Olvidó su contraseña?',
    sendResetLink: 'Enviar enlace para restablecer',
    backToLogin: 'Volver al inicio de sesión',
    resetTitle: 'Restablezca su contraseña',
    changePassword: 'Cambiar contraseña',
    alreadyHaveAccount: '¿Ya tiene una cuenta?',
    verifyTitle: 'Verifique su correo electrónico',
    codeLabel: 'Código de 6 dígitos',
    verify: 'Verificar',
    sendNewCode: 'Enviar un código nuevo',
    completeTitle: 'Complete su registro',
    completeIntro:
      'Elija una contraseña para su cuenta. Luego su anuncio quedará guardado en Mis anuncios.',
    loggingOut: 'Cerrando sesión',
    register: 'Registrarse',
    completeRegistration: 'Completar el registro',
  },
  titles: {
    register: 'Registro',
    forgotPassword: 'Contraseña olvidada',
    resetPassword: 'Restablecer contraseña',
    completeRegistration: 'Completar el registro',
    verifyEmail: 'Verificar correo electrónico',
  },
} satisfies TranslationOf<typeof en>;
