import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  common: {
    goHome: 'Aller à la page d’accueil',
    logIn: 'Se connecter',
    createAccount: 'Créer un compte',
    continue: 'Continuer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    remove: 'Retirer',
  },
  fields: {
    email: 'Courriel',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmNewPassword: 'Confirmer le nouveau mot de passe',
    emailShown: 'Courriel :',
    accountShown: 'Compte :',
  },
  auth: {
    forgotPassword: 'Mot de passe oublié?',
    sendResetLink: 'Envoyer le lien de réinitialisation',
    backToLogin: 'Retour à la connexion',
    resetTitle: 'Réinitialisez votre mot de passe',
    changePassword: 'Changer le mot de passe',
    alreadyHaveAccount: 'Vous avez déjà un compte?',
    verifyTitle: 'Vérifiez votre adresse courriel',
    codeLabel: 'Code à 6 chiffres',
    verify: 'Vérifier',
    sendNewCode: 'Envoyer un nouveau code',
    completeTitle: 'Terminez votre inscription',
    completeIntro:
      'Choisissez un mot de passe pour votre compte. Votre annonce sera ensuite conservée dans Mes annonces.',
    loggingOut: 'Déconnexion en cours',
    register: 'S’inscrire',
    completeRegistration: 'Terminer l’inscription',
  },
  titles: {
    register: 'Inscription',
    forgotPassword: 'Mot de passe oublié',
    resetPassword: 'Réinitialiser le mot de passe',
    completeRegistration: 'Terminer l’inscription',
    verifyEmail: 'Vérifier le courriel',
  },
} satisfies TranslationOf<typeof en>;
