import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  twoStep: {
    signInIntro: 'Ingrese el código de 6 dígitos de su aplicación de autenticación.',
    signInRecoveryIntro: 'Ingrese uno de sus códigos de recuperación.',
    codeLabel: 'Código',
    recoveryCodeLabel: 'Código de recuperación',
    useRecoveryCode: 'Usar un código de recuperación',
    useAppCode: 'Usar la aplicación',
    rememberDevice: 'Recordar este dispositivo durante {days, plural, one {# día} other {# días}}',
    verify: 'Verificar',
    codeFailed: 'Ese código no es correcto. Vuelva a intentarlo.',
    codeInvalid: 'Ingrese el código de 6 dígitos o un código de recuperación.',
    challengeGone:
      'Este inicio de sesión expiró. Vuelva a ingresar su correo electrónico y su contraseña.',
  },
  passkeys: {
    signInStepIntro: 'Use su llave de acceso para terminar de iniciar sesión.',
    usePasskey: 'Usar mi llave de acceso',
    useInStep: 'Usar una llave de acceso',
  },
} satisfies TranslationOf<typeof en>;
