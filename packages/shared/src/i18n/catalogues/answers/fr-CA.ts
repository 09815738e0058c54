import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  auth: {
    readTerms: 'Lire les règles et les conditions d’utilisation (s’ouvre dans un nouvel onglet)',
    invalidCredentials: 'Identifiants invalides. Veuillez réessayer.',
    signInWithPasskey: 'Se connecter avec une clé d’accès',
    passkeyCancelled: 'La clé d’accès n’a pas été utilisée. Vous pouvez réessayer.',
    passkeyFailed: 'Cette clé d’accès n’a pas été acceptée.',
    twoStepHeading: 'Connexion en deux étapes',
    emailNotVerified:
      'Veuillez d’abord vérifier votre adresse courriel. Nous vous avons envoyé un nouveau code.',
    registerInvalid:
      'Veuillez utiliser une adresse courriel valide et un mot de passe d’au moins {minLength} caractères, et assurez-vous que les deux mots de passe correspondent.',
    registerFailed: 'Un problème est survenu lors de l’inscription. Veuillez réessayer plus tard.',
    registerTermsRequired:
      'Veuillez accepter les règles et les conditions d’utilisation pour vous inscrire.',
    registerCheckEmail:
      'Nous avons envoyé un code à 6 chiffres à votre adresse courriel. Entrez-le ci-dessous pour terminer.',
    passwordTooShort: 'Votre mot de passe doit contenir au moins {minLength} caractères.',
    passwordTooLong: 'Votre mot de passe doit contenir au plus {maxLength} caractères.',
    passwordTooCommon:
      'Ce mot de passe figure sur une liste des mots de passe les plus courants et divulgués, ce qui le rend facile à deviner. Veuillez en choisir un autre.',
    verifyCodeFailed: 'Code non reconnu. La vérification n’a pas pu être effectuée.',
    verifyCodeSent: 'Nous avons envoyé un nouveau code à votre adresse courriel.',
    verifySuccess: 'Votre adresse courriel est vérifiée. Bienvenue!',
    forgotFailed: 'Impossible de réinitialiser le mot de passe. Veuillez réessayer plus tard.',
    forgotSent:
      'S’il existe un compte associé à ce courriel, nous vous avons envoyé un lien pour réinitialiser votre mot de passe.',
    resetFailed: 'Impossible de réinitialiser le mot de passe. Veuillez réessayer plus tard.',
    resetMismatch: 'Veuillez vous assurer que les deux mots de passe sont identiques.',
    resetBadLink: 'Oups… Il y a un problème avec le lien.',
    resetLinkGone:
      'Ce lien de réinitialisation a déjà été utilisé ou est expiré. Veuillez en demander un nouveau.',
    resetRequestNew: 'Demander un nouveau lien',
    resetDone:
      'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter avec celui-ci.',
    completeRegistrationFailed: 'Impossible de terminer l’inscription. Veuillez réessayer.',
    signInRequired: 'Veuillez vous connecter pour continuer.',
    loggedOut: 'Déconnexion réussie.',
    accountBanned: 'Ce compte a été suspendu.',
  },
  posts: {
    noPosts:
      'Vous n’avez aucune annonce pour le moment. N’hésitez pas à publier votre première annonce!',
    postNewAd: 'Publier une annonce',
  },
  http: {
    validationFailed: 'Certains champs ne sont pas valides. Veuillez les vérifier et réessayer.',
    invalidJson: 'Le corps de la requête n’est pas du JSON valide.',
    notFound: 'Introuvable.',
    badAddress: 'Cette adresse n’est pas valide.',
    forbidden: 'Vous n’avez pas l’autorisation de faire cela.',
    tooManyRequests: 'Trop de tentatives. Veuillez réessayer dans {wait}.',
    internalError: 'Un problème est survenu de notre côté. Veuillez réessayer plus tard.',
    networkError:
      'Impossible de joindre le serveur. Veuillez vérifier votre connexion et réessayer.',
    originRefused: 'Les requêtes provenant d’autres sites ne sont pas autorisées.',
    idempotencyKeyInvalid:
      'L’en-tête Idempotency-Key doit contenir de 8 à 200 lettres, chiffres, traits d’union ou traits de soulignement.',
    idempotencyKeyReused:
      'Cette requête a déjà été utilisée pour une autre annonce. Veuillez recharger la page et réessayer.',
    bodyTooLarge: 'Cette requête est trop volumineuse. Veuillez raccourcir le texte et réessayer.',
    unsupportedMediaType: 'Ce type de corps de requête n’est pas accepté ici.',
    bodyNotObject: 'Le corps de la requête doit être un objet JSON de champs.',
  },
  app: {
    notFoundTitle: 'Page introuvable',
    notFoundBody: 'La page demandée n’existe pas ou a été déplacée.',
    tryAgain: 'Réessayer',
  },
  rules: {
    requiredField: 'Ce champ est obligatoire.',
    languageNotOffered: 'Veuillez choisir l’anglais, le français ou l’espagnol.',
    invalidEmail: 'Veuillez entrer une adresse courriel valide.',
    charactersRemaining: '{n, plural, one {# caractère restant.} other {# caractères restants.}}',
    controlCharacters:
      'Ce champ contient des caractères de contrôle invisibles. Veuillez les retirer et réessayer.',
    invalidValue: 'Cette valeur n’est pas valide.',
  },
} satisfies TranslationOf<typeof en>;
