import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  twoStep: {
    signInIntro: 'Entrez le code à 6 chiffres de votre application d’authentification.',
    signInRecoveryIntro: 'Entrez l’un de vos codes de récupération.',
    codeLabel: 'Code',
    recoveryCodeLabel: 'Code de récupération',
    useRecoveryCode: 'Utiliser un code de récupération',
    useAppCode: 'Utiliser plutôt l’application',
    rememberDevice:
      'Se souvenir de cet appareil pendant {days, plural, one {# jour} other {# jours}}',
    verify: 'Vérifier',
    codeFailed: 'Ce code est incorrect. Veuillez réessayer.',
    codeInvalid: 'Entrez le code à 6 chiffres ou un code de récupération.',
    challengeGone:
      'Cette connexion a expiré. Veuillez entrer de nouveau votre adresse courriel et votre mot de passe.',
  },
  passkeys: {
    signInStepIntro: 'Utilisez votre clé d’accès pour terminer la connexion.',
    usePasskey: 'Utiliser ma clé d’accès',
    useInStep: 'Utiliser plutôt une clé d’accès',
  },
} satisfies TranslationOf<typeof en>;
